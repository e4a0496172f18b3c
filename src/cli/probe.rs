//! `unhop probe classes|family …`: the computations behind the paper's proof that the
//! P-positions of Duotaire are not regular.

use super::output::{CHART, JSON, TEXT, check, draw, emit, not_stdout};
use super::{Failure, Verdict};
use std::path::{Path, PathBuf};
use unhop::automata::{Answers, nerode_classes};
use unhop::games::{
    Duotaire, MAX_SOLVER_MOVES, MAX_SOLVER_POSITIONS, MoveRule, Solver, p_position_answers,
};
use unhop::plot::Series;
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
        /// Write the table to this file instead of standard output (.txt, or .json with
        /// --json; - is standard output)
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
    /// The pumping argument: z = a^i b^j c^k with i = 2^n, j = 2^n − 1, k = 2^(n+1) − 1 in
    /// P' = {a^i b^j c^k : i ⊕ j ⊕ k = 0} (the P-positions X_i 0 X_j 0 X_k, transduced), every
    /// decomposition with |vwx| ≤ p pumped up and down (exit 1 if one survives pumping up)
    Pumping {
        /// n (1 to 7)
        #[arg(long, default_value_t = 5)]
        n: u32,
        /// The pumping length p (1 to 32)
        #[arg(long, default_value_t = 16)]
        p: usize,
    },
    /// The Parikh-image argument: S = {m : a^m b^(2m) c^(3m) ∈ P'} = {m : m ⊕ 2m ⊕ 3m = 0}
    /// is not eventually periodic, with a witness for every period and preperiod up to bounds
    Parikh {
        /// Periods 1 to this
        #[arg(long, default_value_t = 16)]
        max_period: u64,
        /// Preperiods up to this
        #[arg(long, default_value_t = 1000)]
        max_preperiod: u64,
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
        Probe::Pumping { n, p } => pumping_probe(n, p),
        Probe::Parikh {
            max_period,
            max_preperiod,
        } => parikh(max_period, max_preperiod),
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
    check(out.as_deref(), if json { &JSON } else { &TEXT })?;
    check(plot.as_deref(), &CHART)?;
    if out.as_deref().is_none_or(|o| o == Path::new("-")) {
        not_stdout(plot.as_deref(), "--plot", "the table")?;
    }
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
        draw(&classes_chart(series), &path, (900, 560))?;
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
    let mut solver = Solver::with_limits(game, MAX_SOLVER_POSITIONS, MAX_SOLVER_MOVES);
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

/// Membership in P' = {a^i b^j c^k : i, j, k ≥ 1, i ⊕ j ⊕ k = 0} (letters 0, 1, 2).
fn in_p_prime(word: &[u8]) -> bool {
    let runs = runs(word);
    runs.len() == 3
        && runs.iter().enumerate().all(|(i, r)| r.0 == i as u8)
        && runs[0].1 ^ runs[1].1 ^ runs[2].1 == 0
}

/// A word as runs of equal letters: (letter, length).
fn runs(word: &[u8]) -> Vec<(u8, usize)> {
    let mut runs: Vec<(u8, usize)> = Vec::new();
    for &l in word {
        match runs.last_mut() {
            Some((letter, n)) if *letter == l => *n += 1,
            _ => runs.push((l, 1)),
        }
    }
    runs
}

/// A word over {a, b, c} written with exponents: a^16 b^3.
fn spelled(word: &[u8]) -> String {
    let parts: Vec<String> = runs(word)
        .iter()
        .map(|&(l, n)| format!("{}^{n}", char::from(b'a' + l)))
        .collect();
    match parts.is_empty() {
        true => "ε".into(),
        false => parts.join(" "),
    }
}

fn pumping_probe(n: u32, p: usize) -> Result<Verdict, Failure> {
    // n = 7, p = 32: 3.2 million decompositions of a 510-letter word, about 7 s.
    if !(1..=7).contains(&n) || !(1..=32).contains(&p) {
        return Err(Failure::Input(format!(
            "--n must be from 1 to 7 and --p from 1 to 32, not {n} and {p}"
        )));
    }
    let (i, j, k) = (1usize << n, (1usize << n) - 1, (1usize << (n + 1)) - 1);
    let z: Vec<u8> = [(0u8, i), (1, j), (2, k)]
        .iter()
        .flat_map(|&(l, count)| std::iter::repeat_n(l, count))
        .collect();
    let report = unhop::automata::pumping(&z, p, in_p_prime);
    let all_leave = report.left_when_pumped_up == report.decompositions;
    let mut text = format!(
        "P' = {{a^i b^j c^k : i ⊕ j ⊕ k = 0}} (the P-positions X_i 0 X_j 0 X_k of chain Duotaire, \
         transduced)\nz = {} (i = 2^{n}, j = 2^{n} − 1, k = 2^{} − 1; in P': {})\n\
         decompositions z = uvwxy with |vwx| ≤ {p}, |vx| ≥ 1: {}\n\
         pumped up once (u v² w x² y), leaving P': {} of {}{}\n\
         pumped down (u w y), staying in P': {}\n",
        spelled(&z),
        n + 1,
        in_p_prime(&z),
        report.decompositions,
        report.left_when_pumped_up,
        report.decompositions,
        if all_leave {
            format!(" — no decomposition pumps: P' has no pumping length ≤ {p}")
        } else {
            String::new()
        },
        report.stayed_when_pumped_down,
    );
    if let Some([u, v, w, x, y]) = &report.stays_down {
        text.push_str(&format!(
            "  e.g. u = {}, v = {}, w = {}, x = {}, y = {}: pumping down alone proves nothing\n",
            spelled(u),
            spelled(v),
            spelled(w),
            spelled(x),
            spelled(y)
        ));
    }
    emit(&text, None)?;
    Ok(if all_leave {
        Verdict::Done
    } else {
        Verdict::False
    })
}

/// The most members of S at which m and m + p agree that the search for one period's least
/// witness visits before it gives up.
const MAX_WITNESS_STEPS: u64 = 1 << 20;

fn parikh(max_period: u64, max_preperiod: u64) -> Result<Verdict, Failure> {
    if !(1..=1 << 20).contains(&max_period) || max_preperiod > 1 << 40 {
        return Err(Failure::Input(format!(
            "--max-period must be from 1 to 2^20 and --max-preperiod at most 2^40, not {max_period} \
             and {max_preperiod}"
        )));
    }
    let in_s = |m: u64| m ^ (2 * m) ^ (3 * m) == 0;
    let first: Vec<String> = (0..40)
        .filter(|&m| in_s(m))
        .map(|m| m.to_string())
        .collect();
    let mut text = format!(
        "S = {{m : a^m b^(2m) c^(3m) ∈ P'}} = {{m : m ⊕ 2m ⊕ 3m = 0}} (no two adjacent 1 bits)\n\
         first members: {} …\n",
        first.join(" ")
    );
    // The link to the game: X_m 0 X_2m 0 X_3m is a P-position exactly when m is in S.
    let x = Pattern::parse("011(01)^n0")?;
    let game = Duotaire::new(MoveRule::Chain, Board::Finite);
    let mut solver = Solver::with_limits(game, MAX_SOLVER_POSITIONS, MAX_SOLVER_MOVES);
    let mut agree = true;
    for m in 1..=6u64 {
        let word: Word = format!(
            "{}0{}0{}",
            x.expand(m - 1)?,
            x.expand(2 * m - 1)?,
            x.expand(3 * m - 1)?
        )
        .parse()?;
        agree &= (solver.try_value(&game.position(&word)?)? == 0) == in_s(m);
    }
    text.push_str(&format!(
        "chain Duotaire, finite board: X_m 0 X_2m 0 X_3m is a P-position exactly for m in S, \
         m = 1 … 6: {agree}\n\
         not eventually periodic: for each period p, from preperiod s = {max_preperiod}, the \
         paper's witness (2^k > max(s, 3p): 2^k ∈ S, and 2^k + 3p ∉ S if p ∈ S, else 2^k + p ∉ S) \
         and the least m ≥ s with m ∈ S ≠ m + p ∈ S\n   p  p ∈ S  paper's witness           least witness\n"
    ));
    let mut refuted = true;
    for p in 1..=max_period {
        let power = (max_preperiod.max(3 * p) + 1).next_power_of_two();
        let other = if in_s(p) { power + 3 * p } else { power + p };
        let paper_holds = in_s(power) && !in_s(other);
        let least = unhop::automata::fibbinary_period_break(
            max_preperiod,
            p,
            power + 3 * p,
            MAX_WITNESS_STEPS,
        )
        .map_err(|steps| {
            Failure::Input(format!(
                "gave up looking for the least witness for period {p}: {steps} members of S                  agreed with their shift, the limit"
            ))
        })?;
        refuted &= paper_holds && least.is_some();
        text.push_str(&format!(
            "{p:>4}  {:<5}  {power} ∈ S, {other} ∉ S: {paper_holds:<5}  {}\n",
            in_s(p),
            least.map_or("none".into(), |m| format!(
                "{m} ({}), {} ({})",
                in_s(m),
                m + p,
                in_s(m + p)
            ))
        ));
    }
    text.push_str(&format!(
        "S repeats with no period ≤ {max_period} from any preperiod ≤ {max_preperiod}: {refuted}\n"
    ));
    emit(&text, None)?;
    Ok(if refuted && agree {
        Verdict::Done
    } else {
        Verdict::False
    })
}
