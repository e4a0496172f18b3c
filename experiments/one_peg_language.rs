//! The experiment `one_peg_language` of `unhop reproduce` on its own, at the full bounds:
//! `cargo run --release --example one_peg_language [-- OUT_DIR]` (default `target/experiments`).

fn main() -> std::process::ExitCode {
    unhop::reproduce::example_main("one_peg_language")
}
