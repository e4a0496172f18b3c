//! The side-by-side peer of `unhop check -` (BENCHMARKS.md): a plain program that reads one
//! word a line and answers with `regex`'s `is_match` on the one-peg expression of the
//! infinite board, `0*(L + 11)0*` with the paper's L, in the text `unhop check` writes, so
//! that the two outputs can be compared byte for byte. Words only (no patterns, comments or
//! blank lines): `cargo run --release -p unhop-benches --bin regex-check < words.txt`.

use std::io::{BufRead, BufWriter, Write};

fn main() -> std::io::Result<()> {
    let l =
        "1|011|110|11(01)*(11)*(01|00(10)*11|1011(10)*11)|(10|11(01)*00|11(01)*1101)(11)*(10)*11";
    let one_peg = regex::Regex::new(&format!("^0*({l}|11)0*$")).expect("a valid expression");
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    for line in std::io::stdin().lock().lines() {
        let word = line?;
        let verdict = match one_peg.is_match(&word) {
            true => "reduces",
            false => "does not reduce",
        };
        writeln!(out, "{word}: {verdict} to one peg on the infinite board")?;
    }
    out.flush()
}
