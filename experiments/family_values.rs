//! The experiment `family_values` of `unhop reproduce` on its own, at the full bounds:
//! `cargo run --release --example family_values [-- OUT_DIR]` (default `target/experiments`).

fn main() -> std::process::ExitCode {
    unhop::reproduce::example_main("family_values")
}
