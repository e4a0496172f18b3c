//! `unhop probe classes|family …`: the computations behind the paper's proof that the
//! P-positions of Duotaire are not regular.

use super::output::emit;
use super::{Failure, Verdict};
use std::path::PathBuf;
use unhop::automata::{Answers, nerode_classes};
use unhop::games::{Duotaire, MAX_SOLVER_POSITIONS, MoveRule, Solver, p_position_answers};
use unhop::plot::{Series, save};
use unhop::reproduce::classes_chart;
use unhop::solitaire::{Board, Language};
use unhop::{Pattern, Word};

/// The longest bound for the class table: 2^21 answers, about 20 s for the whole table.
const MAX_PROBE_LEN: usize = 20;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    probe: Probe,
}

#[derive(clap::Subcommand)]
enum Probe {
    /// Myhill–Nerode classes among prefixes of length ≤ a told apart by suffixes of length
    /// ≤ b, for every a + b ≤ N: they level off for a regular set and keep growing otherwise
    Classes {
        /// The sets: solitaire (words that reduce to one peg), p-single and p-chain (Duotaire
        /// P-positions under that move rule); comma-separated
        #[arg(
            long,
            value_delimiter = ',',
            default_value = "solitaire,p-single,p-chain"
        )]
        set: Vec<Set>,
        /// The board
        #[arg(long, default_value = "finite")]
        board: Board,
        /// The bound N on a + b (2 to 20)
        #[arg(long, default_value_t = 16)]
        max_len: usize,
        /// One JSON object per table cell
        #[arg(long)]
        json: bool,
        /// Also draw the classes at a = ⌈n/2⌉, b = ⌊n/2⌋ against n, every set on one chart
        /// (.svg or .png)
        #[arg(long)]
        plot: Option<PathBuf>,
        /// Write the table to this file (atomically) instead of standard output
        #[arg(short, long)]
        out: Option<PathBuf>,
    },
    /// The family identity behind the proof: with X_m = 011(01)^(m−1)0, the chain-rule value
    /// of X_i 0 X_j 0 X_k is i ⊕ j ⊕ k, checked for 1 ≤ i, j, k ≤ M (exit 1 if any fails)
    Family {
        /// The largest index M (1 to 12)
        #[arg(long, default_value_t = 8)]
        max: usize,
        /// The board
        #[arg(long, default_value = "finite")]
        board: Board,
        /// Machine-readable report
        #[arg(long)]
        json: bool,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Set {
    Solitaire,
    PSingle,
    PChain,
}

impl Set {
    fn name(self) -> &'static str {
        match self {
            Set::Solitaire => "solitaire",
            Set::PSingle => "p-single",
            Set::PChain => "p-chain",
        }
    }

    fn description(self, board: Board) -> String {
        match self {
            Set::Solitaire => format!("words that reduce to one peg ({board} board)"),
            Set::PSingle => format!("P-positions of single-move Duotaire ({board} board)"),
            Set::PChain => format!("P-positions of chain Duotaire ({board} board)"),
        }
    }

    /// Membership of every word up to `max_len`: the language's DFA (proved equal to the
    /// exhaustive solver's answers by `unhop learn`), or the dense Duotaire tables.
    fn answers(self, board: Board, max_len: usize) -> Result<Answers, Failure> {
        let rule = match self {
            Set::Solitaire => {
                let language = Language::of(board);
                return Ok(Answers::ask(2, max_len, &mut |w| {
                    language.contains(&Word::from_cells(w.iter().map(|&l| l == 1)))
                }));
            }
            Set::PSingle => MoveRule::Single,
            Set::PChain => MoveRule::Chain,
        };
        Ok(p_position_answers(rule, board, max_len)?)
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
        Probe::Family { max, board, json } => family(max, board, json),
    }
}

fn classes(
    sets: &[Set],
    board: Board,
    max_len: usize,
    json: bool,
    plot: Option<PathBuf>,
    out: Option<PathBuf>,
) -> Result<Verdict, Failure> {
    if !(2..=MAX_PROBE_LEN).contains(&max_len) {
        return Err(Failure::Input(format!(
            "--max-len must be from 2 to {MAX_PROBE_LEN}, not {max_len}"
        )));
    }
    let mut text = String::new();
    let mut series = Vec::new();
    for &set in sets {
        let answers = set.answers(board, max_len)?;
        let table: Vec<Vec<usize>> = (0..=max_len)
            .map(|a| {
                (0..=max_len - a)
                    .map(|b| nerode_classes(&answers, a, b))
                    .collect()
            })
            .collect();
        if json {
            for (a, row) in table.iter().enumerate() {
                for (b, classes) in row.iter().enumerate() {
                    let object = serde_json::json!({
                        "set": set.name(), "board": board.name(),
                        "prefix_len": a, "suffix_len": b, "classes": classes,
                    });
                    text.push_str(&format!("{object}\n"));
                }
            }
        } else {
            text.push_str(&format!(
                "{}: Myhill–Nerode classes among prefixes of length ≤ a (rows) told apart by \
                 suffixes of length ≤ b (columns)\n a\\b",
                set.description(board)
            ));
            text.extend((0..=max_len).map(|b| format!("{b:>6}")));
            text.push('\n');
            for (a, row) in table.iter().enumerate() {
                text.push_str(&format!("{a:>4}"));
                text.extend(row.iter().map(|c| format!("{c:>6}")));
                text.push('\n');
            }
            text.push('\n');
        }
        let balanced = (0..=max_len).map(|n| (n as f64, table[n.div_ceil(2)][n / 2] as f64));
        series.push(Series {
            name: set.description(board),
            points: balanced.collect(),
        });
    }
    if let Some(path) = plot {
        save(&classes_chart(series), &path, (900, 560))?;
    }
    emit(&text, out.as_deref())?;
    Ok(Verdict::Done)
}

fn family(max: usize, board: Board, json: bool) -> Result<Verdict, Failure> {
    if !(1..=12).contains(&max) {
        return Err(Failure::Input(format!(
            "--max must be from 1 to 12, not {max}"
        )));
    }
    let x = Pattern::parse("011(01)^n0")?;
    let game = Duotaire::new(MoveRule::Chain, board);
    let mut solver = Solver::with_limit(game, MAX_SOLVER_POSITIONS);
    let (mut checked, mut failures) = (0u64, Vec::new());
    for i in 1..=max {
        for j in 1..=max {
            for k in 1..=max {
                let word = format!(
                    "{}0{}0{}",
                    x.expand(i as u64 - 1)?,
                    x.expand(j as u64 - 1)?,
                    x.expand(k as u64 - 1)?
                );
                let value = solver.try_value(&game.position(&word.parse()?)?)?;
                checked += 1;
                if value as usize != i ^ j ^ k {
                    failures.push((i, j, k, value));
                }
            }
        }
    }
    let text = if json {
        let object = serde_json::json!({
            "board": board.name(), "max": max, "checked": checked,
            "failures": failures.iter().map(|f| serde_json::json!(
                {"i": f.0, "j": f.1, "k": f.2, "value": f.3})).collect::<Vec<_>>(),
        });
        format!("{object}\n")
    } else {
        let mut text = format!(
            "g(X_i 0 X_j 0 X_k) = i ⊕ j ⊕ k with X_m = 011(01)^(m−1)0, chain moves, {board} \
             board: {checked} triples 1 ≤ i, j, k ≤ {max}, {} failures\n",
            failures.len()
        );
        for (i, j, k, value) in &failures {
            text.push_str(&format!("  i = {i}, j = {j}, k = {k}: value {value}\n"));
        }
        text
    };
    emit(&text, None)?;
    Ok(if failures.is_empty() {
        Verdict::Done
    } else {
        Verdict::False
    })
}
