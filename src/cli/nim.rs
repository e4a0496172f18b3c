//! `unhop nim HEAPS... [--misere] [--method fast|exhaustive] [--json]`: who wins Nim and
//! every winning move, by Bouton's rule or by retrograde analysis of every position.

use super::{Failure, Verdict};
use num_bigint::BigUint;
use std::io::Write;
use unhop::games::{
    Convention, MAX_RETROGRADE_MOVES, Nim, NimMove, Outcome, Played, Retrograde, nim_sum,
    nim_winning_moves, nim_wins, parse_heap,
};

/// The most positions the exhaustive method visits (the product of heap sizes plus one); it
/// also refuses more than `MAX_RETROGRADE_MOVES` moves (the product times half the sum of the
/// heaps).
pub const MAX_EXHAUSTIVE_POSITIONS: usize = 1_000_000;

#[derive(clap::Args)]
pub struct Args {
    /// The heap sizes (whole numbers of any size)
    #[arg(required = true, allow_negative_numbers = true)]
    heaps: Vec<String>,
    /// Misère play: the player who takes the last stone loses
    #[arg(long)]
    misere: bool,
    /// fast: Bouton's rule; exhaustive: retrograde analysis of every position below (at most
    /// 1,000,000 positions and 30,000,000 moves: refused up front beyond)
    #[arg(long, default_value = "fast")]
    method: unhop::Method,
    /// Machine-readable output: one JSON object
    #[arg(long)]
    json: bool,
}

/// Parses every heap, naming the one that is wrong (numbered from 1).
pub fn parse_heaps(texts: &[String]) -> Result<Vec<BigUint>, Failure> {
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| parse_heap(t).map_err(|e| Failure::Input(format!("heap {}: {e}", i + 1))))
        .collect()
}

/// The winning moves by retrograde analysis of every position below `heaps`.
fn exhaustive(heaps: &[BigUint], convention: Convention) -> Result<(bool, Vec<NimMove>), Failure> {
    let mut small = Vec::new();
    let mut count = 1u128;
    for h in heaps {
        let h = u64::try_from(h)
            .ok()
            .filter(|_| count <= MAX_EXHAUSTIVE_POSITIONS as u128);
        let Some(h) = h else {
            return Err(too_many());
        };
        count = count.saturating_mul(h as u128 + 1);
        small.push(h);
    }
    if count > MAX_EXHAUSTIVE_POSITIONS as u128 {
        return Err(too_many());
    }
    Nim::retrograde_estimate(&small).check(MAX_RETROGRADE_MOVES as u128)?;
    let game = Played::new(Nim, convention);
    let solved = Retrograde::solve_within(
        &game,
        std::slice::from_ref(&small),
        MAX_EXHAUSTIVE_POSITIONS,
        MAX_RETROGRADE_MOVES,
    )?;
    let wins = solved.outcome(&small) == Some(Outcome::Win);
    let moves = solved
        .winning_moves(&small)
        .into_iter()
        .map(|(heap, left)| NimMove {
            heap,
            from: heaps[heap].clone(),
            to: BigUint::from(left),
        })
        .collect();
    Ok((wins, moves))
}

fn too_many() -> Failure {
    Failure::Input(format!(
        "the exhaustive method visits every position below the heaps (the product of the \
         heap sizes plus one); more than {MAX_EXHAUSTIVE_POSITIONS} is refused: use the fast \
         method (Bouton's rule)"
    ))
}

pub fn run(args: Args) -> Result<Verdict, Failure> {
    let heaps = parse_heaps(&args.heaps)?;
    let convention = if args.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let (wins, moves) = match args.method {
        unhop::Method::Fast => (
            nim_wins(&heaps, convention),
            nim_winning_moves(&heaps, convention),
        ),
        unhop::Method::Exhaustive => exhaustive(&heaps, convention)?,
    };
    let sum = nim_sum(&heaps);
    let mut out = std::io::stdout().lock();
    if args.json {
        let object = serde_json::json!({
            "heaps": heaps.iter().map(BigUint::to_string).collect::<Vec<_>>(),
            "play": convention.keyword(),
            "method": args.method.name(),
            "nim_sum": sum.to_string(),
            "wins": wins,
            "winning_moves": moves.iter().map(|m| serde_json::json!({
                "heap": m.heap + 1,
                "from": m.from.to_string(),
                "to": m.to.to_string(),
                "take": m.taken().to_string(),
            })).collect::<Vec<_>>(),
        });
        writeln!(out, "{object}")?;
        return Ok(Verdict::Done);
    }
    let listed: Vec<String> = heaps.iter().map(BigUint::to_string).collect();
    let who = if wins { "wins" } else { "loses" };
    write!(
        out,
        "{}: nim-sum {sum}; the player to move {who} ({} play)",
        listed.join(" "),
        convention.name()
    )?;
    if !moves.is_empty() {
        let described: Vec<String> = moves
            .iter()
            .map(|m| format!("heap {}: {} → {}", m.heap + 1, m.from, m.to))
            .collect();
        write!(out, "; winning moves: {}", described.join(", "))?;
    }
    writeln!(out)?;
    Ok(Verdict::Done)
}
