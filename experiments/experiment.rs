//! One experiment of `unhop reproduce` at the full bounds, by its name:
//! `cargo run --release --example experiment -- NAME [OUT_DIR]` (default `target/experiments`),
//! for instance `-- finite_reachability`. Without a name it lists the experiments
//! (`unhop::reproduce::EXPERIMENTS`, the one list every experiment is registered in).

fn main() -> std::process::ExitCode {
    unhop::reproduce::example_main()
}
