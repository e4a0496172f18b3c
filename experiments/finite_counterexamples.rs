//! The experiment `finite_counterexamples` of `unhop reproduce` on its own, at the full bounds:
//! `cargo run --release --example finite_counterexamples [-- OUT_DIR]` (default `target/experiments`).

fn main() -> std::process::ExitCode {
    unhop::reproduce::example_main("finite_counterexamples")
}
