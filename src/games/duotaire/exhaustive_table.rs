//! The exhaustive twin of the dense tables: every word of a table valued one by one by the plain
//! recursion ([`crate::games::try_exhaustive_value`]: every position as the moves make it, no
//! canonical forms, no sums), with one memo for the whole table.

use super::dense::{table_word_count, table_words};
use super::finite_table::LengthDone;
use super::game::Duotaire;
use crate::budget::Budget;
use crate::error::{Error, Figures};
use crate::games::{SOLVER_MOVES, SOLVER_POSITIONS, try_exhaustive_value};
use crate::progress::Progress;
use rustc_hash::FxHashMap;

/// Calls `each` with every length 1 to `max_len` of `game`'s table and the values of its words
/// (in the order of [`table_words`]), each valued by the plain recursion under `budget`: its
/// moves listed ([`SOLVER_MOVES`]) and its positions kept (by default [`SOLVER_POSITIONS`]);
/// refused up front when the table's words alone are more positions than that. `progress`
/// advances by one per word.
///
/// # Complexity
///
/// O(P × m) time and O(P) memory for the P positions the words reach with m moves each: every
/// word of the table and the positions its moves lead to.
pub(crate) fn each_exhaustive_length<E: From<Error>>(
    game: Duotaire,
    max_len: usize,
    budget: &Budget,
    progress: &dyn Progress,
    each: &mut LengthDone<'_, E>,
) -> Result<(), E> {
    let words = table_word_count(game.board(), max_len);
    let max_positions = budget.position_limit(SOLVER_POSITIONS);
    if words > u128::from(max_positions) {
        return Err(Error::refused(
            format!("valuing every word of the table to length {max_len} one by one"),
            Figures::new(words, max_positions.into(), "positions"),
        )
        .with_note("the exhaustive method keeps every word it values; use the fast method")
        .into());
    }
    let meter = budget.meter("valuing the table's words one by one", SOLVER_MOVES);
    let mut memo = FxHashMap::default();
    progress.start("valuing every word", u64::try_from(words).ok());
    for len in 1..=max_len {
        let mut values = Vec::new();
        for word in table_words(len, game.board()) {
            let row = game.position(&word)?;
            let value = try_exhaustive_value(&game, &row, &mut memo, &meter, max_positions)?;
            let value = u8::try_from(value)
                .map_err(|_| Error::new("a Duotaire value above 255: out of range"))?;
            values.push(value);
            progress.advance(1);
        }
        each(len, &values)?;
    }
    Ok(())
}
