//! Every integration test of unhop, in one test binary: one link of the library instead of one
//! per file, and the tests of all files share the harness's threads, so `cargo test` keeps both
//! cores busy. Each file below is one topic; run one with `cargo test --test suite FILE::`
//! (for example `cargo test --test suite dfa_cli::`).

mod common;

mod adversarial;
mod api_docs;
mod batch_input;
mod batch_streams;
mod board_count_limits;
mod boards;
mod cli;
mod cli_help;
mod dfa_cli;
mod dfa_properties;
mod doc_examples;
mod duotaire;
mod duotaire_batch;
mod duotaire_cli;
mod duotaire_compact;
mod duotaire_probes;
mod exit_codes;
mod finite_board;
mod front_ends;
mod fuzz_regressions;
mod games;
mod games_cli;
mod graph_symmetry;
mod heap_catalogue;
mod language;
mod limits_table;
mod module_layers;
mod output_safety;
mod pagoda;
mod reproduce;
mod request_limits;
mod rules_cli;
mod rules_engines;
mod rules_solitaire;
mod rules_solitaire3;
mod schema;
mod sliding;
mod solitaire_cli;
mod solitaire_exhaustive;
mod three_rows;
