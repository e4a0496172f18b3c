//! The experiment `linear_minimum` of `unhop reproduce` on its own, at the full bounds:
//! `cargo run --release --example linear_minimum [-- OUT_DIR]` (default `target/experiments`).

fn main() -> std::process::ExitCode {
    unhop::reproduce::example_main("linear_minimum")
}
