//! `unhop subtraction SET [HEAPS...] [--rule R] [--max-heap N] [--method M] [--json]`:
//! subtraction games and the seed's variants, for one position or as a table of one-heap
//! outcomes.

use super::{Failure, Verdict, usage};
use std::io::Write;
use unhop::games::{
    Convention, MAX_RETROGRADE_MOVES, NoRepeat, NoRepeatPosition, OddWins, OddWinsPosition,
    Outcome, Played, Retrograde, Rules, Subtraction, parse_heap,
};
use unhop::memory::Estimate;

/// The most positions a retrograde analysis may reach from the command line.
pub const MAX_RETROGRADE_POSITIONS: usize = 2_000_000;
/// The most values the period search computes.
const MAX_PERIOD_VALUES: usize = 1 << 22;
/// The most options the mex loop looks at, in a table or a period search (each value costs
/// one look per element of the set up to the heap): about ten seconds.
const MAX_VALUE_WORK: u128 = 1_000_000_000;
/// The largest `--max-heap` for normal play (values by the mex loop) and for the others
/// (retrograde analysis of every start).
const MAX_TABLE_NORMAL: u64 = 1_000_000;
const MAX_TABLE_RETROGRADE: u64 = 100_000;

/// The rule a subtraction game is played by.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RuleArg {
    /// Whoever cannot move loses (whoever takes the last stone wins)
    Normal,
    /// Whoever takes the last stone loses
    Misere,
    /// One heap; a player may not take the number the opponent just took; stuck loses
    NoRepeat,
    /// One odd heap; players keep what they take; odd holding wins at the end (needs 1 in
    /// the set)
    OddWins,
}

impl RuleArg {
    pub fn name(self) -> &'static str {
        match self {
            RuleArg::Normal => "normal",
            RuleArg::Misere => "misere",
            RuleArg::NoRepeat => "no-repeat",
            RuleArg::OddWins => "odd-wins",
        }
    }

    /// The convention, for the two rules that are plain play of the subtraction game.
    pub fn convention(self) -> Option<Convention> {
        match self {
            RuleArg::Normal => Some(Convention::Normal),
            RuleArg::Misere => Some(Convention::Misere),
            _ => None,
        }
    }
}

#[derive(clap::Args)]
pub struct Args {
    /// The subtraction set, such as 1..3, 1,3,4 or 1..3,7
    set: String,
    /// The heap sizes of a position to analyse (one heap for no-repeat and odd-wins)
    #[arg(allow_negative_numbers = true)]
    heaps: Vec<String>,
    /// The rule: normal, misere, no-repeat or odd-wins
    #[arg(long, value_enum, default_value = "normal")]
    rule: RuleArg,
    /// Instead of a position: the outcome of every single heap from 0 to N (normal play: N ≤
    /// 1,000,000 and at most 10^9 options looked at, |S| per heap; the other rules: N ≤
    /// 100,000 and at most 30,000,000 moves)
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    max_heap: Option<String>,
    /// For a position under the normal rule: fast (Grundy values with a proved period, the
    /// default) or exhaustive (retrograde analysis). Misère play and the variants always use
    /// retrograde analysis (exhaustive), a --max-heap table the values (fast): another
    /// --method there is an error
    #[arg(long)]
    method: Option<unhop::Method>,
    /// Machine-readable output: one JSON object
    #[arg(long)]
    json: bool,
}

/// Parses heap sizes that must fit in 64 bits, naming the one that is wrong (from 1).
pub fn parse_small_heaps(texts: &[String]) -> Result<Vec<u64>, Failure> {
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let big = parse_heap(t).map_err(|e| Failure::Input(format!("heap {}: {e}", i + 1)))?;
            u64::try_from(&big)
                .map_err(|_| Failure::Input(format!("heap {}: {t} is larger than 2^64 − 1", i + 1)))
        })
        .collect()
}

/// The one heap that the variants are played on.
pub fn single_heap(heaps: &[u64], rule: &str) -> Result<u64, Failure> {
    match heaps {
        [h] => Ok(*h),
        _ => Err(Failure::Input(format!(
            "the {rule} rule is played on one heap; {} were given",
            heaps.len()
        ))),
    }
}

/// Whether the player to move wins, and the winning moves as (heap index, stones taken).
type Analysis = (bool, Vec<(usize, u64)>);

fn by_retrograde<R: Rules>(
    rules: &R,
    start: &R::Position,
    estimate: Estimate,
    as_pair: impl Fn(&R::Move) -> (usize, u64),
) -> Result<Analysis, Failure> {
    estimate.check(MAX_RETROGRADE_MOVES as u128)?;
    let solved = Retrograde::solve_within(
        rules,
        std::slice::from_ref(start),
        MAX_RETROGRADE_POSITIONS,
        MAX_RETROGRADE_MOVES,
    )?;
    let wins = solved.outcome(start) == Some(Outcome::Win);
    let moves = solved.winning_moves(start).iter().map(as_pair).collect();
    Ok((wins, moves))
}

fn by_values(set: &Subtraction, heaps: &[u64]) -> Result<Analysis, Failure> {
    // The search doubles the values up to its limit: at most twice the limit's work.
    let per_value = set.set().len().max(1);
    let limit = MAX_PERIOD_VALUES.min((MAX_VALUE_WORK / 2) as usize / per_value);
    let (values, period) = set.periodic_values(limit.max(64))?;
    let g = |n: u64| period.value_at(&values, n);
    let sum = heaps.iter().fold(0, |x, &h| x ^ g(h));
    let mut moves = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for &s in set.set().iter().take_while(|&&s| s <= h) {
            if g(h - s) == sum ^ g(h) {
                moves.push((i, s));
            }
        }
    }
    Ok((sum != 0, moves))
}

/// The method used, refusing a `--method` that the rule or the table would not follow.
fn method(args: &Args) -> Result<unhop::Method, Failure> {
    let (used, why) = match (args.rule, &args.max_heap) {
        (RuleArg::Normal, None) => return Ok(args.method.unwrap_or(unhop::Method::Fast)),
        (RuleArg::Normal, Some(_)) => (
            unhop::Method::Fast,
            "a --max-heap table of normal play".to_string(),
        ),
        (rule, _) => (
            unhop::Method::Exhaustive,
            format!("the {} rule", rule.name()),
        ),
    };
    match args.method {
        Some(asked) if asked.name() != used.name() => Err(usage(
            &["subtraction"],
            format!(
                "--method {} does not apply: {why} is computed by the {} method",
                asked.name(),
                used.name()
            ),
        )),
        _ => Ok(used),
    }
}

fn analyse(args: &Args, set: &Subtraction, heaps: &[u64]) -> Result<Analysis, Failure> {
    match (args.rule, method(args)?) {
        (RuleArg::Normal, unhop::Method::Fast) => by_values(set, heaps),
        (RuleArg::Normal | RuleArg::Misere, _) => {
            let convention = args.rule.convention().unwrap_or(Convention::Normal);
            let game = Played::new(set.clone(), convention);
            let estimate = set.retrograde_estimate(heaps);
            by_retrograde(&game, &heaps.to_vec(), estimate, |m| *m)
        }
        (RuleArg::NoRepeat, _) => {
            let heap = single_heap(heaps, "no-repeat")?;
            let game = NoRepeat::new(set.clone());
            let estimate = game.retrograde_estimate(heap);
            by_retrograde(&game, &NoRepeatPosition::start(heap), estimate, |&s| (0, s))
        }
        (RuleArg::OddWins, _) => {
            let heap = single_heap(heaps, "odd-wins")?;
            OddWins::check_start(heap)?;
            let game = OddWins::new(set.clone())?;
            let estimate = game.retrograde_estimate(heap);
            by_retrograde(&game, &OddWinsPosition::start(heap), estimate, |&s| (0, s))
        }
    }
}

/// The losing single heaps from 0 to `max` (odd heaps only for odd-wins), and for normal play
/// the values.
fn table(rule: RuleArg, set: &Subtraction, max: u64) -> Result<(Vec<u64>, Vec<u32>), Failure> {
    let limit = match rule {
        RuleArg::Normal => MAX_TABLE_NORMAL,
        _ => MAX_TABLE_RETROGRADE,
    };
    if max > limit {
        return Err(Failure::Input(format!(
            "--max-heap {max} is above the limit of {limit} for the {} rule",
            rule.name()
        )));
    }
    let work = set.moves_up_to(max);
    if rule == RuleArg::Normal && work > MAX_VALUE_WORK {
        return Err(Failure::Input(format!(
            "the values of {} to heap {max} need an estimated {work} options looked at; the \
             limit is {MAX_VALUE_WORK}, which bounds the time: choose a smaller --max-heap",
            set.short_name()
        )));
    }
    fn losing<R: Rules>(
        rules: &R,
        starts: Vec<R::Position>,
        estimate: Estimate,
        heap: impl Fn(&R::Position) -> u64,
    ) -> Result<Vec<u64>, Failure> {
        estimate.check(MAX_RETROGRADE_MOVES as u128)?;
        let solved = Retrograde::solve_within(
            rules,
            &starts,
            MAX_RETROGRADE_POSITIONS * 4,
            MAX_RETROGRADE_MOVES,
        )?;
        Ok(starts
            .iter()
            .filter(|p| solved.outcome(p) == Some(Outcome::Loss))
            .map(heap)
            .collect())
    }
    match rule {
        RuleArg::Normal => {
            let values = set.to_octal().exhaustive_values(max as usize);
            let lost = (0..=max).filter(|&n| values[n as usize] == 0).collect();
            Ok((lost, values))
        }
        RuleArg::Misere => {
            let game = Played::new(set.clone(), Convention::Misere);
            let estimate = set.retrograde_estimate(&[max]);
            let starts = (0..=max).map(|n| vec![n]).collect();
            Ok((losing(&game, starts, estimate, |p| p[0])?, Vec::new()))
        }
        RuleArg::NoRepeat => {
            let game = NoRepeat::new(set.clone());
            let estimate = game.retrograde_estimate(max);
            let starts = (0..=max).map(NoRepeatPosition::start).collect();
            Ok((losing(&game, starts, estimate, |p| p.heap)?, Vec::new()))
        }
        RuleArg::OddWins => {
            let game = OddWins::new(set.clone())?;
            let estimate = game.retrograde_estimate(max);
            let starts = (0..=max)
                .filter(|n| n % 2 == 1)
                .map(OddWinsPosition::start)
                .collect();
            Ok((losing(&game, starts, estimate, |p| p.heap)?, Vec::new()))
        }
    }
}

fn joined<T: ToString>(items: &[T]) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let set = Subtraction::parse(&args.set)?;
    method(&args)?;
    let mut out = std::io::stdout().lock();
    if let Some(max) = &args.max_heap {
        if !args.heaps.is_empty() {
            return Err(Failure::Input(
                "give either heaps or --max-heap, not both".to_string(),
            ));
        }
        let max = parse_small_heaps(std::slice::from_ref(max))
            .map_err(|_| Failure::Input(format!("--max-heap '{max}' is not a whole number")))?[0];
        let (lost, values) = table(args.rule, &set, max)?;
        let period = (args.rule == RuleArg::Normal)
            .then(|| unhop::games::proved_period(&values, set.to_octal().max_taken()))
            .flatten();
        if args.json {
            let mut object = serde_json::json!({
                "set": set.set(),
                "rule": args.rule.name(),
                "max_heap": max,
                "losing": lost,
            });
            if args.rule == RuleArg::Normal {
                object["values"] = values.clone().into();
                object["preperiod"] = period.map(|p| p.preperiod).into();
                object["period"] = period.map(|p| p.period).into();
            }
            writeln!(out, "{object}")?;
            return Ok(Verdict::Done);
        }
        let only = if args.rule == RuleArg::OddWins {
            " (odd heaps)"
        } else {
            ""
        };
        writeln!(
            out,
            "{set}, rule {}, heaps 0 to {max}{only}",
            args.rule.name()
        )?;
        writeln!(out, "losing: {}", joined(&lost))?;
        if args.rule == RuleArg::Normal {
            writeln!(out, "values: {}", joined(&values))?;
            match period {
                Some(p) => writeln!(
                    out,
                    "period {} from heap {} (proved by the Guy–Smith criterion)",
                    p.period, p.preperiod
                )?,
                None => writeln!(out, "no period proved by these values")?,
            }
        }
        return Ok(Verdict::Done);
    }
    if args.heaps.is_empty() {
        return Err(Failure::Input(
            "give the heaps of a position, or --max-heap N for a table".to_string(),
        ));
    }
    let heaps = parse_small_heaps(&args.heaps)?;
    let (wins, moves) = analyse(&args, &set, &heaps)?;
    if args.json {
        let object = serde_json::json!({
            "set": set.set(),
            "rule": args.rule.name(),
            "heaps": heaps,
            "wins": wins,
            "winning_moves": moves.iter().map(|&(i, s)| serde_json::json!({
                "heap": i + 1, "take": s, "from": heaps[i], "to": heaps[i] - s,
            })).collect::<Vec<_>>(),
        });
        writeln!(out, "{object}")?;
        return Ok(Verdict::Done);
    }
    let who = if wins { "wins" } else { "loses" };
    write!(
        out,
        "{set}, rule {}, heaps {}: the player to move {who}",
        args.rule.name(),
        joined(&heaps)
    )?;
    if !moves.is_empty() {
        let described: Vec<String> = moves
            .iter()
            .map(|&(i, s)| format!("heap {}: take {s} ({} → {})", i + 1, heaps[i], heaps[i] - s))
            .collect();
        write!(out, "; winning moves: {}", described.join(", "))?;
    }
    writeln!(out)?;
    Ok(Verdict::Done)
}
