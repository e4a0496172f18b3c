//! Duotaire: the values of the family 011(01)^n0 under both move rules.

use super::{Check, Scale};
use crate::budget::Budget;
use crate::error::Error;
use crate::games::{Duotaire, MoveRule, Solver};
use crate::plot::{LineChart, Series, save};
use crate::solitaire::Board;
use crate::word::Pattern;
use std::path::Path;

pub(super) fn run(scale: Scale, out: &Path, budget: &Budget) -> Result<Vec<Check>, Error> {
    let max_n = scale.pick(8, 20);
    let family = Pattern::parse("011(01)^n0")?;
    let mut checks = Vec::new();
    let mut csv = String::from("board,moves,n,word,value\n");
    let mut series = Vec::new();
    for board in Board::ALL {
        for rule in [MoveRule::Chain, MoveRule::Single] {
            let game = Duotaire::new(rule, board);
            let mut solver = Solver::with_budget(game, budget);
            let (mut wrong, mut points) = (Vec::new(), Vec::new());
            for n in 0..=max_n {
                let word = family.expand(n)?;
                let value = solver.try_value(&game.position(&word)?)?;
                let expected = match rule {
                    MoveRule::Chain => n as u32 + 1,
                    MoveRule::Single => 1 + (n % 2) as u32,
                };
                if value != expected {
                    wrong.push(n);
                }
                csv.push_str(&format!("{board},{rule},{n},{word},{value}\n"));
                points.push((n as f64, f64::from(value)));
            }
            let claim = match rule {
                MoveRule::Chain => "chain moves: 011(01)^n0 has value n + 1",
                MoveRule::Single => "single moves: 011(01)^n0 alternates 1, 2, 1, 2, …",
            };
            checks.push(Check::exhaustive(
                claim,
                format!("{board} board: n = 0 … {max_n}, wrong at {wrong:?}"),
                format!("n ≤ {max_n}"),
                wrong.is_empty(),
            ));
            series.push(Series {
                name: format!("{rule} moves, {board} board"),
                points,
            });
        }
    }
    crate::files::write_atomically(&out.join("family_values.csv"), csv.as_bytes())?;
    let chart = LineChart {
        title: "Duotaire values of 011(01)^n0".into(),
        x_label: "n".into(),
        y_label: "Grundy value".into(),
        series,
        integer_y: true,
    };
    save(&chart, &out.join("family_values.svg"), (900, 560))?;
    Ok(checks)
}
