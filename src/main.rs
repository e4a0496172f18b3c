//! The `unhop` command-line tool: a thin shell over the library (see `src/cli/`).

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
