//! [`Analysis`]: the values, winning moves and options of words, with the solver's work
//! reported to a [`Progress`] (positions valued), for callers that show it.

use super::game::{Duotaire, Row};
use crate::budget::{Budget, WorkUnit};
use crate::error::Error;
use crate::games::{ImpartialGame, Solver};
use crate::progress::Progress;
use crate::solitaire::{Hop, replay};
use crate::word::{Pattern, Word};
use std::cell::Cell;
use std::ops::RangeInclusive;

/// How many positions are valued between two reports to the progress.
const REPORT_EVERY: u64 = 1024;

/// The unit of a family's work beyond its values: the members valued, 100,000 unless the
/// budget says otherwise (a family whose words do not grow with n, such as `1(0^0)^n`, would
/// otherwise value the same word for ever, each time from the memo).
pub const FAMILY_MEMBERS: WorkUnit = WorkUnit {
    name: "members",
    default_limit: 100_000,
};

/// Duotaire whose every position valued (each listing of its moves) is counted.
struct Reported<'a> {
    game: Duotaire,
    progress: &'a dyn Progress,
    valued: Cell<u64>,
}

impl ImpartialGame for Reported<'_> {
    type Position = Row;
    type Move = Vec<Hop>;

    fn moves(&self, position: &Row) -> Vec<(Vec<Hop>, Row)> {
        let valued = self.valued.get() + 1;
        self.valued.set(valued);
        if valued % REPORT_EVERY == 0 {
            self.progress.advance(REPORT_EVERY);
        }
        self.game.moves(position)
    }

    fn canonical(&self, position: &Row) -> Row {
        self.game.canonical(position)
    }

    fn split(&self, position: &Row) -> Vec<Row> {
        self.game.split(position)
    }
}

/// One option of a word: a move and the word it leads to, with its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordOption {
    /// The move as hops in the word's coordinates (several for a chain move).
    pub hops: Vec<Hop>,
    /// The word after the move, over the cells of the word and every cell a hop touched.
    pub word: Word,
    /// Where that word's cell 0 lies in the original word's coordinates (0, or negative
    /// when a hop left the word to the left on the infinite board).
    pub offset: i64,
    /// The value of the word after the move.
    pub value: u32,
}

impl WordOption {
    /// Whether the move wins: it leaves a position of value 0.
    pub fn wins(&self) -> bool {
        self.value == 0
    }
}

/// A memoised solver for the words of one game under a budget (its positions, by default
/// [`crate::games::SOLVER_POSITIONS`], its moves looked at, by default
/// [`crate::games::SOLVER_MOVES`], and its memory), that reports every position it values to
/// `progress` (an unknown total: a count).
///
/// # Complexity
///
/// As [`Solver`]: time and memory proportional to the canonical positions reached, which
/// can grow exponentially with long dense words (`(1101)^9` on the infinite board: about
/// 4 million positions).
///
/// ```
/// use unhop::{Quiet, Word, budget::Budget, games::{Analysis, Duotaire, MoveRule}, solitaire::Board};
/// let budget = Budget::default();
/// let mut analysis = Analysis::new(Duotaire::new(MoveRule::Chain, Board::Finite), &budget, &Quiet);
/// let word: Word = "0110".parse().unwrap();
/// assert_eq!(analysis.value(&word).unwrap(), 1);
/// let options = analysis.options(&word).unwrap();
/// assert_eq!(options.len(), 2);
/// assert!(options.iter().all(|o| o.wins()));
/// ```
pub struct Analysis<'a> {
    solver: Solver<Reported<'a>>,
    budget: &'a Budget,
}

impl<'a> Analysis<'a> {
    /// An empty memo for `game` under `budget`, reporting to `progress`.
    pub fn new(game: Duotaire, budget: &'a Budget, progress: &'a dyn Progress) -> Analysis<'a> {
        progress.start("valuing positions", None);
        let reported = Reported {
            game,
            progress,
            valued: Cell::new(0),
        };
        Analysis {
            solver: Solver::with_budget(reported, budget),
            budget,
        }
    }

    /// The game.
    pub fn game(&self) -> Duotaire {
        self.solver.game().game
    }

    /// The value of `word`; an error when it is too long for a position or needs more than
    /// the limits.
    pub fn value(&mut self, word: &Word) -> Result<u32, Error> {
        let position = self.game().position(word)?;
        self.solver.try_value(&position)
    }

    /// The winning moves from `word` (to a position of value 0) as hop lists in the word's
    /// coordinates, each replayed by the independent checker; none when the player to move
    /// loses.
    pub fn winning_moves(&mut self, word: &Word) -> Result<Vec<Vec<Hop>>, Error> {
        let game = self.game();
        let moves = self.solver.winning_moves(&game.position(word)?)?;
        game.checked_in_word(word, moves)
    }

    /// Every option of `word` (one per position a move reaches, the first move found to it),
    /// each replayed by the independent checker, with its value.
    pub fn options(&mut self, word: &Word) -> Result<Vec<WordOption>, Error> {
        let game = self.game();
        let moves = game.moves(&game.position(word)?);
        let (hops, positions): (Vec<Vec<Hop>>, Vec<Row>) = moves.into_iter().unzip();
        let hops = game.checked_in_word(word, hops)?;
        hops.into_iter()
            .zip(positions)
            .map(|(hops, position)| {
                let after = replay(word, game.board(), &hops)
                    .map_err(|e| Error::internal(format!("a move failed replay: {e}")))?;
                Ok(WordOption {
                    hops,
                    word: after.final_word,
                    offset: after.offset,
                    value: self.solver.try_value(&position)?,
                })
            })
            .collect()
    }

    /// Values the member of `pattern`'s family for every n in `range`, in order, calling
    /// `each` with n, the word and its value as soon as each is done; an error from `each`
    /// stops the work. One memo serves every member (so the solver's limits apply to the
    /// whole range); the members are refused up front beyond the budget's work in
    /// [`FAMILY_MEMBERS`].
    ///
    /// # Complexity
    ///
    /// As [`Analysis::value`] for each member; members share the positions they have in
    /// common.
    ///
    /// ```
    /// use unhop::{Error, Pattern, Quiet, budget::Budget, games::{Analysis, Duotaire, MoveRule}};
    /// let game = Duotaire::new(MoveRule::Chain, unhop::solitaire::Board::Finite);
    /// let pattern = Pattern::parse("011(01)^n0").unwrap();
    /// let budget = Budget::default();
    /// let mut values = Vec::new();
    /// Analysis::new(game, &budget, &Quiet)
    ///     .each_family_member(&pattern, 0..=4, &mut |_, _, value| {
    ///         values.push(value);
    ///         Ok::<(), Error>(())
    ///     })
    ///     .unwrap();
    /// assert_eq!(values, [1, 2, 3, 4, 5]);
    /// let mut analysis = Analysis::new(game, &budget, &Quiet);
    /// let all = analysis.each_family_member(&pattern, 0..=u64::MAX, &mut |_, _, _| Ok::<(), Error>(()));
    /// assert_eq!(all.unwrap_err().figures().unwrap().unit, "members");
    /// ```
    pub fn each_family_member<E: From<Error>>(
        &mut self,
        pattern: &Pattern,
        range: RangeInclusive<u64>,
        each: &mut dyn FnMut(u64, &Word, u32) -> Result<(), E>,
    ) -> Result<(), E> {
        let members = match range.is_empty() {
            true => 0,
            false => u128::from(range.end() - range.start()) + 1,
        };
        let what = format!(
            "the family {} for n = {}..{}",
            crate::quote(&pattern.to_string()),
            range.start(),
            range.end()
        );
        let meter = self.budget.admit(what, FAMILY_MEMBERS, members, 0)?;
        for n in range {
            meter.charge(1)?;
            let word = pattern.expand(n)?;
            let value = self.value(&word)?;
            each(n, &word, value)?;
        }
        Ok(())
    }
}
