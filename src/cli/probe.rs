//! `unhop probe classes|family …`: the computations behind the paper's proof that the
//! P-positions of Duotaire are not regular.

use super::output::{CHART, JSON, Out, TEXT, check, draw, emit, json_or_text, not_stdout};
use super::progress::TerminalProgress;
use super::{Failure, Verdict};
use std::path::{Path, PathBuf};
use unhop::games::{
    ClassSet, ParikhProbe, PumpingProbe, XorFamilyCheck, check_xor_family, class_table,
    in_parikh_set, parikh_probe, pumping_probe, spell_runs,
};
use unhop::plot::Series;
use unhop::reproduce::classes_chart;
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
  unhop probe family --max 4
  unhop probe family --max 3 --board finite --json")]
    Family {
        /// The largest index M (at least 1; up to 12 unless --max-work says otherwise)
        #[arg(long, default_value_t = 8)]
        max: u64,
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
            max,
            board,
            json,
            out,
        } => family(max, board, json, &out),
        Probe::Pumping { n, p, json, out } => pumping(n, p, json, &out),
        Probe::Parikh {
            max_period,
            max_preperiod,
            json,
            out,
        } => parikh(max_period, max_preperiod, json, &out),
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
    let progress = TerminalProgress::new();
    let mut text = String::new();
    let mut series = Vec::new();
    for &set in sets {
        let table = class_table(set.into(), board, max_len, &super::budget(), &progress)?;
        let set = table.set;
        if json {
            for (a, row) in table.classes.iter().enumerate() {
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
            for (a, row) in table.classes.iter().enumerate() {
                text.push_str(&format!("{a:>4}"));
                text.extend(row.iter().map(|c| format!("{c:>6}")));
                text.push('\n');
            }
            text.push('\n');
        }
        let balanced = table.balanced().into_iter();
        series.push(Series {
            name: set.description(board),
            points: balanced.map(|(n, c)| (n as f64, c as f64)).collect(),
        });
    }
    drop(progress);
    if let Some(path) = plot {
        draw(&classes_chart(series), &path, (900, 560))?;
    }
    emit(&text, out.as_deref())?;
    Ok(Verdict::Done)
}

fn family(max: u64, board: Board, json: bool, out: &Out) -> Result<Verdict, Failure> {
    out.check(json_or_text(json))?;
    let budget = super::budget();
    let check: XorFamilyCheck = check_xor_family(board, max, &budget, &TerminalProgress::new())?;
    let failures: Vec<_> = check.failures().collect();
    let text = if json {
        let object = serde_json::json!({
            "board": board.name(), "max": max, "checked": check.values.len(),
            "failures": failures.iter().map(|f| serde_json::json!(
                {"i": f.i, "j": f.j, "k": f.k, "value": f.value})).collect::<Vec<_>>(),
        });
        format!("{object}\n")
    } else {
        let mut text = format!(
            "g(X_i 0 X_j 0 X_k) = i ⊕ j ⊕ k with X_m = 011(01)^(m−1)0, chain moves, {board} \
             board: {} triples 1 ≤ i, j, k ≤ {max}, {} failures\n",
            check.values.len(),
            failures.len()
        );
        for f in &failures {
            text.push_str(&format!(
                "  i = {}, j = {}, k = {}: value {}\n",
                f.i, f.j, f.k, f.value
            ));
        }
        text
    };
    emit(&text, out.path.as_deref())?;
    Ok(if check.holds() {
        Verdict::Done
    } else {
        Verdict::False
    })
}

fn pumping(n: u32, p: usize, json: bool, out: &Out) -> Result<Verdict, Failure> {
    out.check(json_or_text(json))?;
    let probe: PumpingProbe = pumping_probe(n, p, &super::budget())?;
    let report = &probe.report;
    let all_leave = probe.no_decomposition_pumps();
    let text = if json {
        let object = serde_json::json!({
            "n": n, "p": p, "z": spell_runs(&probe.z), "z_in_language": probe.z_in_language,
            "decompositions": report.decompositions,
            "left_when_pumped_up": report.left_when_pumped_up,
            "stayed_when_pumped_down": report.stayed_when_pumped_down,
            "stays_down": report.stays_down.as_ref().map(|parts| {
                let [u, v, w, x, y] = parts.each_ref().map(|part| spell_runs(part));
                serde_json::json!({"u": u, "v": v, "w": w, "x": x, "y": y})
            }),
            "no_pumping_length": all_leave,
        });
        format!("{object}\n")
    } else {
        let mut text = format!(
            "P' = {{a^i b^j c^k : i ⊕ j ⊕ k = 0}} (the P-positions X_i 0 X_j 0 X_k of chain \
             Duotaire, transduced)\nz = {} (i = 2^{n}, j = 2^{n} − 1, k = 2^{} − 1; in P': {})\n\
             decompositions z = uvwxy with |vwx| ≤ {p}, |vx| ≥ 1: {}\n\
             pumped up once (u v² w x² y), leaving P': {} of {}{}\n\
             pumped down (u w y), staying in P': {}\n",
            spell_runs(&probe.z),
            n + 1,
            probe.z_in_language,
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
        if let Some(parts) = &report.stays_down {
            let [u, v, w, x, y] = parts.each_ref().map(|part| spell_runs(part));
            text.push_str(&format!(
                "  e.g. u = {u}, v = {v}, w = {w}, x = {x}, y = {y}: pumping down alone proves \
                 nothing\n"
            ));
        }
        text
    };
    emit(&text, out.path.as_deref())?;
    Ok(if all_leave {
        Verdict::Done
    } else {
        Verdict::False
    })
}

fn parikh(max_period: u64, max_preperiod: u64, json: bool, out: &Out) -> Result<Verdict, Failure> {
    out.check(json_or_text(json))?;
    let budget = super::budget();
    let probe: ParikhProbe =
        parikh_probe(max_period, max_preperiod, &budget, &TerminalProgress::new())?;
    let refuted = probe.refuted();
    let text = if json {
        let object = serde_json::json!({
            "max_period": max_period, "max_preperiod": max_preperiod,
            "first_members": probe.first_members,
            "game_checked": probe.game_checked, "game_agrees": probe.game_agrees,
            "witnesses": probe.witnesses.iter().map(|w| serde_json::json!({
                "period": w.period, "period_in_set": w.period_in_set, "power": w.power,
                "other": w.other, "paper_holds": w.paper_holds, "least": w.least,
            })).collect::<Vec<_>>(),
            "refuted": refuted,
        });
        format!("{object}\n")
    } else {
        let first: Vec<String> = probe.first_members.iter().map(u64::to_string).collect();
        let mut text = format!(
            "S = {{m : a^m b^(2m) c^(3m) ∈ P'}} = {{m : m ⊕ 2m ⊕ 3m = 0}} (no two adjacent 1 \
             bits)\nfirst members: {} …\n\
             chain Duotaire, finite board: X_m 0 X_2m 0 X_3m is a P-position exactly for m in \
             S, m = 1 … {}: {}\n\
             not eventually periodic: for each period p, from preperiod s = {max_preperiod}, the \
             paper's witness (2^k > max(s, 3p): 2^k ∈ S, and 2^k + 3p ∉ S if p ∈ S, else 2^k + p \
             ∉ S) and the least m ≥ s with m ∈ S ≠ m + p ∈ S\n   p  p ∈ S  paper's witness           least witness\n",
            first.join(" "),
            probe.game_checked.len(),
            probe.game_agrees,
        );
        for w in &probe.witnesses {
            let p = w.period;
            text.push_str(&format!(
                "{p:>4}  {:<5}  {} ∈ S, {} ∉ S: {:<5}  {}\n",
                w.period_in_set,
                w.power,
                w.other,
                w.paper_holds,
                w.least.map_or("none".into(), |m| format!(
                    "{m} ({}), {} ({})",
                    in_parikh_set(m),
                    m + p,
                    in_parikh_set(m + p)
                ))
            ));
        }
        text.push_str(&format!(
            "S repeats with no period ≤ {max_period} from any preperiod ≤ {max_preperiod}: \
             {refuted}\n"
        ));
        text
    };
    emit(&text, out.path.as_deref())?;
    Ok(if refuted && probe.game_agrees {
        Verdict::Done
    } else {
        Verdict::False
    })
}
