//! `unhop probe classes|family …`: the computations behind the paper's proof that the
//! P-positions of Duotaire are not regular.

use super::output::{CHART, JSON, Out, TEXT, check, draw, emit, json_or_text, not_stdout};
use super::progress::TerminalProgress;
use super::{Failure, Verdict};
use std::path::{Path, PathBuf};
use unhop::games::{ClassSet, check_xor_family, class_table, parikh_probe, pumping_probe};
use unhop::reproduce::class_tables_chart;
use unhop::solitaire::Board;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    probe: Probe,
}

#[derive(clap::Subcommand)]
enum Probe {
    /// Myhill–Nerode classes among prefixes of length ≤ a told apart by suffixes of length
    /// ≤ b, for every a + b ≤ N: they level off for a regular set and keep growing otherwise
    #[command(after_help = "Examples:
  unhop probe classes --max-len 8
  unhop probe classes --set p-chain --max-len 10 --board finite --json")]
    Classes {
        /// The sets: solitaire (words that reduce to one peg), p-single and p-chain (Duotaire
        /// P-positions under that move rule); comma-separated
        #[arg(
            long,
            value_delimiter = ',',
            default_value = "solitaire,p-single,p-chain"
        )]
        set: Vec<Set>,
        /// The board: infinite (hops may leave the word) or finite (the board is the word)
        #[arg(long, default_value = "infinite")]
        board: Board,
        /// The bound N on a + b (at least 2; up to 20 unless --max-work says otherwise)
        #[arg(long, default_value_t = 16)]
        max_len: usize,
        /// One JSON object per table cell
        #[arg(long)]
        json: bool,
        /// Also draw the classes at a = ⌈n/2⌉, b = ⌊n/2⌋ against n, every set on one chart
        /// (.svg or .png)
        #[arg(long)]
        plot: Option<PathBuf>,
        /// Write the table to this file instead of standard output (.txt, or .json with
        /// --json; - is standard output)
        #[arg(short, long)]
        out: Option<PathBuf>,
    },
    /// The family identity behind the proof: with X_m = 011(01)^(m−1)0, the chain-rule value
    /// of X_i 0 X_j 0 X_k is i ⊕ j ⊕ k, checked for 1 ≤ i, j, k ≤ M (exit 1 if any fails)
    #[command(after_help = "Examples:
  unhop probe family --max-index 4
  unhop probe family --max-index 3 --board finite --json")]
    Family {
        /// The largest index M (at least 1; up to 12 unless --max-work says otherwise)
        #[arg(long, value_name = "M", alias = "max", default_value_t = 8)]
        max_index: u64,
        /// The board: infinite (hops may leave the word) or finite (the board is the word)
        #[arg(long, default_value = "infinite")]
        board: Board,
        /// Machine-readable report
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        out: Out,
    },
    /// The pumping argument: z = a^i b^j c^k with i = 2^n, j = 2^n − 1, k = 2^(n+1) − 1 in
    /// P' = {a^i b^j c^k : i ⊕ j ⊕ k = 0} (the P-positions X_i 0 X_j 0 X_k, transduced), every
    /// decomposition with |vwx| ≤ p pumped up and down (exit 1 if one survives pumping up)
    #[command(after_help = "Examples:
  unhop probe pumping --exponent 3 --p 6
  unhop probe pumping --exponent 2 --p 12 --json")]
    Pumping {
        /// The exponent n of z (at least 1; up to 7 with p = 32 unless --max-work says otherwise)
        #[arg(long = "exponent", value_name = "N", alias = "n", default_value_t = 5)]
        n: u32,
        /// The pumping length p (at least 1)
        #[arg(long, default_value_t = 16)]
        p: usize,
        /// Machine-readable report: one JSON object
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        out: Out,
    },
    /// The Parikh-image argument: S = {m : a^m b^(2m) c^(3m) ∈ P'} = {m : m ⊕ 2m ⊕ 3m = 0}
    /// is not eventually periodic, with a witness for every period and preperiod up to bounds
    #[command(after_help = "Examples:
  unhop probe parikh --max-period 4 --max-preperiod 100
  unhop probe parikh --max-period 4 --json")]
    Parikh {
        /// Periods 1 to this
        #[arg(long, default_value_t = 16)]
        max_period: u64,
        /// Preperiods up to this
        #[arg(long, default_value_t = 1000)]
        max_preperiod: u64,
        /// Machine-readable report: one JSON object
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        out: Out,
    },
}

/// The sets as the command line names them.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Set {
    Solitaire,
    PSingle,
    PChain,
}

impl From<Set> for ClassSet {
    fn from(set: Set) -> ClassSet {
        match set {
            Set::Solitaire => ClassSet::OnePeg,
            Set::PSingle => ClassSet::PSingle,
            Set::PChain => ClassSet::PChain,
        }
    }
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    match args.probe {
        Probe::Classes {
            set,
            board,
            max_len,
            json,
            plot,
            out,
        } => classes(&set, board, max_len, json, plot, out),
        Probe::Family {
            max_index,
            board,
            json,
            out,
        } => {
            out.check(json_or_text(json))?;
            let budget = super::budget();
            let check = check_xor_family(board, max_index, &budget, &TerminalProgress::new())?;
            report(&check, json, &out, check.holds())
        }
        Probe::Pumping { n, p, json, out } => {
            out.check(json_or_text(json))?;
            let probe = pumping_probe(n, p, &super::budget())?;
            report(&probe, json, &out, probe.no_decomposition_pumps())
        }
        Probe::Parikh {
            max_period,
            max_preperiod,
            json,
            out,
        } => {
            out.check(json_or_text(json))?;
            let budget = super::budget();
            let progress = TerminalProgress::new();
            let probe = parikh_probe(max_period, max_preperiod, &budget, &progress)?;
            drop(progress);
            report(&probe, json, &out, probe.holds())
        }
    }
}

/// Writes a probe's report, as JSON or as its text, and gives its verdict: exit 0 when it
/// `holds`, else 1.
fn report(
    probe: &(impl serde::Serialize + std::fmt::Display),
    json: bool,
    out: &Out,
    holds: bool,
) -> Result<Verdict, Failure> {
    let text = match json {
        true => serde_json::to_string(probe).map_err(std::io::Error::from)? + "\n",
        false => probe.to_string(),
    };
    emit(&text, out.path.as_deref())?;
    Ok(match holds {
        true => Verdict::Done,
        false => Verdict::False,
    })
}

fn classes(
    sets: &[Set],
    board: Board,
    max_len: usize,
    json: bool,
    plot: Option<PathBuf>,
    out: Option<PathBuf>,
) -> Result<Verdict, Failure> {
    check(out.as_deref(), if json { &JSON } else { &TEXT })?;
    check(plot.as_deref(), &CHART)?;
    if out.as_deref().is_none_or(|o| o == Path::new("-")) {
        not_stdout(plot.as_deref(), "--plot", "the table")?;
    }
    let progress = TerminalProgress::new();
    let mut tables = Vec::new();
    for &set in sets {
        tables.push(class_table(
            set.into(),
            board,
            max_len,
            &super::budget(),
            &progress,
        )?);
    }
    drop(progress);
    let mut text = String::new();
    for table in &tables {
        if json {
            for cell in table.cells() {
                text.push_str(&serde_json::to_string(&cell).map_err(std::io::Error::from)?);
                text.push('\n');
            }
        } else {
            text.push_str(&format!("{table}\n"));
        }
    }
    if let Some(path) = plot {
        draw(&class_tables_chart(&tables), &path, (900, 560))?;
    }
    emit(&text, out.as_deref())?;
    Ok(Verdict::Done)
}
