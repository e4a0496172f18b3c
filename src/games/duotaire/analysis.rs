//! [`Analysis`]: the values, winning moves and options of words, by the memoised solver or by
//! its exhaustive twin, with the work reported to a [`Progress`] (positions valued), for
//! callers that show it.

use super::family::{FamilyMember, FamilyRange};
use super::game::{Duotaire, Row};
use crate::budget::{Budget, Meter, WorkUnit};
use crate::error::Error;
use crate::games::{
    Convention, ImpartialGame, SOLVER_MOVES, SOLVER_POSITIONS, Solver, try_exhaustive_value,
};
use crate::method::Method;
use crate::progress::Progress;
use crate::solitaire::{Hop, replay};
use crate::word::{Pattern, Word};
use rustc_hash::FxHashMap;
use std::cell::Cell;

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

    fn convention(&self) -> Convention {
        self.game.convention()
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
/// `progress` (an unknown total: a count). With [`Method::Exhaustive`]
/// ([`Analysis::with_method`]) every value comes from the plain recursion instead
/// ([`crate::games::try_exhaustive_value`]: no canonical forms, no sums), under the same
/// limits.
///
/// # Complexity
///
/// As [`Solver`]: time and memory proportional to the canonical positions reached, which
/// can grow exponentially with long dense words (`(1101)^9` on the infinite board: about
/// 4 million positions); the exhaustive method reaches every position as it is, more of them.
///
/// # Examples
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
    method: Method,
    /// The exhaustive method's memo, its work and its limit of positions.
    plain: FxHashMap<Row, u32>,
    meter: Meter,
    max_positions: u64,
}

impl<'a> Analysis<'a> {
    /// An empty memo for `game` under `budget`, reporting to `progress`, by the fast method.
    ///
    /// # Complexity
    ///
    /// O(1): the memo starts empty; its meters read the process's memory limits once each, as
    /// [`Budget::meter`] does.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, Word, budget::Budget, games::{Analysis, Duotaire, MoveRule}, solitaire::Board};
    /// let budget = Budget::default();
    /// let game = Duotaire::new(MoveRule::Chain, Board::Finite);
    /// let mut analysis = Analysis::new(game, &budget, &Quiet);
    /// assert_eq!((analysis.game(), analysis.method()), (game, Method::Fast));
    /// assert_eq!(analysis.value(&"0110".parse::<Word>().unwrap()).unwrap(), 1);
    /// ```
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
            method: Method::Fast,
            plain: FxHashMap::default(),
            meter: budget.meter("valuing the positions one by one", SOLVER_MOVES),
            max_positions: budget.position_limit(SOLVER_POSITIONS),
        }
    }

    /// The same analysis by `method`: [`Method::Fast`] (the memoised solver over canonical
    /// positions, split into sums under normal play) or [`Method::Exhaustive`] (the plain
    /// recursion on every position as the moves make it). The two agree on every word.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, Word, budget::Budget, games::{Analysis, Duotaire, MoveRule}, solitaire::Board};
    /// let game = Duotaire::new(MoveRule::Chain, Board::Finite);
    /// let budget = Budget::default();
    /// let word: Word = "011010100011010".parse().unwrap();
    /// let fast = Analysis::new(game, &budget, &Quiet).value(&word).unwrap();
    /// let slow = Analysis::new(game, &budget, &Quiet).with_method(Method::Exhaustive).value(&word);
    /// assert_eq!(slow.unwrap(), fast);
    /// ```
    pub fn with_method(self, method: Method) -> Analysis<'a> {
        Analysis { method, ..self }
    }

    /// The game.
    pub fn game(&self) -> Duotaire {
        self.solver.game().game
    }

    /// The method.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The moves listed so far, by either method: the work the analysis has spent, in
    /// [`SOLVER_MOVES`].
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{Analysis, Duotaire, MoveRule}, solitaire::Board};
    /// let budget = Budget::default();
    /// let mut analysis = Analysis::new(Duotaire::new(MoveRule::Chain, Board::Finite), &budget, &Quiet);
    /// assert_eq!(analysis.moves_listed(), 0);
    /// analysis.value(&"0110".parse().unwrap()).unwrap();
    /// assert!(analysis.moves_listed() > 0);
    /// ```
    pub fn moves_listed(&self) -> u64 {
        match self.method {
            Method::Fast => self.solver.moves_listed(),
            Method::Exhaustive => self.meter.spent(),
        }
    }

    /// The value of a position, by the analysis's method.
    fn position_value(&mut self, position: &Row) -> Result<u32, Error> {
        match self.method {
            Method::Fast => self.solver.try_value(position),
            Method::Exhaustive => try_exhaustive_value(
                self.solver.game(),
                position,
                &mut self.plain,
                &self.meter,
                self.max_positions,
            ),
        }
    }

    /// The value of `word` (its misère value under misère play); an error when it is too
    /// long for a position or needs more than the limits.
    ///
    /// # Complexity
    ///
    /// As [`Solver::try_value`] (the fast method) or [`crate::games::exhaustive_value`].
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{Analysis, Convention, Duotaire, MoveRule}, solitaire::Board};
    /// let game = Duotaire::new(MoveRule::Single, Board::Infinite);
    /// let budget = Budget::default();
    /// assert_eq!(Analysis::new(game, &budget, &Quiet).value(&"11".parse().unwrap()).unwrap(), 1);
    /// let misere = game.with_convention(Convention::Misere);
    /// assert_eq!(Analysis::new(misere, &budget, &Quiet).value(&"11".parse().unwrap()).unwrap(), 0);
    /// ```
    pub fn value(&mut self, word: &Word) -> Result<u32, Error> {
        let position = self.game().position(word)?;
        self.position_value(&position)
    }

    /// The winning moves from `word` (to a position of value 0) as hop lists in the word's
    /// coordinates, each replayed by the independent checker; none when the player to move
    /// loses.
    ///
    /// # Complexity
    ///
    /// As [`Analysis::value`] for each option.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{Analysis, Duotaire, MoveRule}, solitaire::Board};
    /// let budget = Budget::default();
    /// let mut analysis = Analysis::new(Duotaire::new(MoveRule::Single, Board::Finite), &budget, &Quiet);
    /// let moves = analysis.winning_moves(&"0110".parse().unwrap()).unwrap();
    /// assert_eq!(moves.len(), 2);
    /// ```
    pub fn winning_moves(&mut self, word: &Word) -> Result<Vec<Vec<Hop>>, Error> {
        let game = self.game();
        let mut winning = Vec::new();
        for (hops, position) in game.moves(&game.position(word)?) {
            if self.position_value(&position)? == 0 {
                winning.push(hops);
            }
        }
        game.checked_in_word(word, winning)
    }

    /// Every option of `word` (one per position a move reaches, the first move found to it),
    /// each replayed by the independent checker, with its value.
    ///
    /// # Complexity
    ///
    /// As [`Analysis::value`] for each option.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, games::{Analysis, Duotaire, MoveRule}, solitaire::Board};
    /// let budget = Budget::default();
    /// let mut analysis = Analysis::new(Duotaire::new(MoveRule::Chain, Board::Finite), &budget, &Quiet);
    /// let options = analysis.options(&"01101".parse().unwrap()).unwrap();
    /// assert_eq!(options.iter().map(|o| o.word.to_string()).collect::<Vec<_>>(), ["00011", "10001"]);
    /// ```
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
                    value: self.position_value(&position)?,
                })
            })
            .collect()
    }

    /// Values the member of `pattern`'s family for every n in `range`, in order, calling
    /// `each` with each member's report as soon as it is done; an error from `each` stops the
    /// work. One memo serves every member (so the solver's limits apply to the whole range);
    /// the members are refused up front beyond the budget's work in [`FAMILY_MEMBERS`].
    ///
    /// # Complexity
    ///
    /// As [`Analysis::value`] for each member; members share the positions they have in
    /// common.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Error, Pattern, Quiet, budget::Budget, games::{Analysis, Duotaire, FamilyRange, MoveRule}};
    /// let game = Duotaire::new(MoveRule::Chain, unhop::solitaire::Board::Finite);
    /// let pattern = Pattern::parse("011(01)^n0").unwrap();
    /// let budget = Budget::default();
    /// let mut values = Vec::new();
    /// Analysis::new(game, &budget, &Quiet)
    ///     .each_family_member(&pattern, "0..4".parse().unwrap(), &mut |member| {
    ///         values.push(member.value);
    ///         Ok::<(), Error>(())
    ///     })
    ///     .unwrap();
    /// assert_eq!(values, [1, 2, 3, 4, 5]);
    /// let mut analysis = Analysis::new(game, &budget, &Quiet);
    /// let all = FamilyRange::new(0, u64::MAX).unwrap();
    /// let refused = analysis.each_family_member(&pattern, all, &mut |_| Ok::<(), Error>(()));
    /// assert_eq!(refused.unwrap_err().figures().unwrap().unit, "members");
    /// ```
    pub fn each_family_member<E: From<Error>>(
        &mut self,
        pattern: &Pattern,
        range: FamilyRange,
        each: &mut dyn FnMut(&FamilyMember) -> Result<(), E>,
    ) -> Result<(), E> {
        if pattern.variable().is_none() {
            return Err(Error::new(format!(
                "{} has no variable; a family needs one, such as n in 011(01)^n0",
                crate::quote(&pattern.to_string())
            ))
            .into());
        }
        let what = format!(
            "the family {} for n = {range}",
            crate::quote(&pattern.to_string()),
        );
        let meter = self
            .budget
            .admit(what, FAMILY_MEMBERS, range.members(), 0)?;
        let game = self.game();
        for n in range.values() {
            meter.charge(1)?;
            let word = pattern.expand(n)?;
            let value = self.value(&word)?;
            let member = FamilyMember {
                n,
                word,
                moves: game.rule(),
                board: game.board(),
                rule: game.convention(),
                method: self.method,
                value,
            };
            each(&member)?;
        }
        Ok(())
    }
}
