//! The experiment `gap_separation` of `unhop reproduce` on its own, at the full bounds:
//! `cargo run --release --example gap_separation [-- OUT_DIR]` (default `target/experiments`).

fn main() -> std::process::ExitCode {
    unhop::reproduce::example_main("gap_separation")
}
