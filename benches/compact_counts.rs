//! The value distribution of every finite-board length under normal play counted from a
//! compact table (BENCHMARKS.md, "Compact tables"): `compact-counts single|chain MAX_LEN`
//! builds the table of the blocks to MAX_LEN cells on every core, counts every length from it,
//! and prints each length as a JSON line, then the seconds taken and the table's bytes on
//! standard error. Compare with `unhop table --max-len N --stats --board finite --json`.
//!
//! `cargo run --release -p unhop-benches --bin compact-counts -- single 30`

use std::time::Instant;
use unhop::Quiet;
use unhop::budget::Budget;
use unhop::games::{CompactTable, MoveRule, length_counts};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(rule), Some(max_len)) = (args.first(), args.get(1)) else {
        return Err("usage: compact-counts single|chain MAX_LEN".into());
    };
    let rule = match rule.as_str() {
        "single" => MoveRule::Single,
        "chain" => MoveRule::Chain,
        other => return Err(format!("no move rule {other}").into()),
    };
    let max_len: usize = max_len.parse()?;
    let start = Instant::now();
    let table = CompactTable::build(rule, max_len, &Budget::unlimited(), &Quiet)?;
    let built = start.elapsed().as_secs_f64();
    for counts in length_counts(&table) {
        println!("{}", serde_json::to_string(&counts)?);
    }
    let bytes = CompactTable::estimate(max_len).bytes;
    eprintln!(
        "table {built:.2} s, counts {:.2} s, {bytes} bytes of values",
        start.elapsed().as_secs_f64() - built
    );
    Ok(())
}
