//! The experiment `non_regularity` of `unhop reproduce` on its own, at the full bounds:
//! `cargo run --release --example non_regularity [-- OUT_DIR]` (default `target/experiments`).

fn main() -> std::process::ExitCode {
    unhop::reproduce::example_main("non_regularity")
}
