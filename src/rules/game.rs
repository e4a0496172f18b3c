//! The rewrite game: two players take turns applying one rule; who cannot move loses.
//!
//! Its values are computed by a depth-first search that keeps its own stack of positions
//! (so that a long play, one level per move, needs memory, not the thread's stack), under a
//! budget: the rule applications tried are charged ([`RULE_TRIES`]), the positions kept are
//! counted ([`SEARCH_POSITIONS`] by default) and the memo and the stack are held against the
//! memory limit.

use super::exhaustive::SEARCH_POSITIONS;
use super::expand::{
    NEXT_BYTES, Next, RULE_TRIES, expand, memo_bytes, next_bytes, padding, too_many_positions,
    tries,
};
use super::ruleset::RuleSet;
use super::step::{Step, for_each_application, padded, successors, successors_infinite, trim};
use crate::budget::{Budget, Meter};
use crate::error::{Error, Figures};
use crate::games::{Convention, ImpartialGame, exhaustive_value, value_of_options};
use crate::progress::{Progress, Quiet};
use crate::solitaire::Board;
use rustc_hash::{FxHashMap, FxHashSet};

/// The most levels of play [`exhaustive_grundy`]'s plain recursion goes down (one level of
/// the thread's stack a move): 2,000, well within a thread's 2 MiB.
pub const EXHAUSTIVE_DEPTH: u64 = 2_000;

/// A rule set played as an impartial game under normal play on one board: a move is one rule
/// application. On the infinite board a position is its word between the first and last
/// non-blank letters. Every rule lowers the weight, so play ends.
///
/// ```
/// use unhop::{games::Solver, rules::{RewriteGame, RuleSet}, solitaire::Board};
/// let rules = RuleSet::builtin("kayles").unwrap();
/// let mut solver = Solver::new(RewriteGame::new(&rules, Board::Finite));
/// assert_eq!(solver.value(&vec![1, 1, 1]), 3); // Kayles: G(3) = 3
/// ```
#[derive(Clone, Copy)]
pub struct RewriteGame<'a> {
    rules: &'a RuleSet,
    board: Board,
    convention: Convention,
}

impl<'a> RewriteGame<'a> {
    /// The game of `rules` on `board`.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{rules::{RewriteGame, RuleSet}, solitaire::Board};
    /// let rules = RuleSet::builtin("kayles").unwrap();
    /// let _game = RewriteGame::new(&rules, Board::Finite);
    /// ```
    pub fn new(rules: &'a RuleSet, board: Board) -> RewriteGame<'a> {
        RewriteGame {
            rules,
            board,
            convention: Convention::Normal,
        }
    }

    /// The same game under the play rule `convention`: under misère play its values are
    /// misère values (1 at a position without moves, else the mex of the options' values; the
    /// player to move loses exactly at 0).
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{budget::Budget, games::Convention, rules::{RewriteGame, RuleSet, grundy}, solitaire::Board};
    /// let kayles = RuleSet::builtin("kayles").unwrap();
    /// let misere = RewriteGame::new(&kayles, Board::Finite).with_convention(Convention::Misere);
    /// // One pin: the player to move takes it, and under misère play the last move loses.
    /// assert_eq!(grundy(&misere, &[1], &Budget::default()).unwrap(), 0);
    /// assert_eq!(grundy(&misere, &[0], &Budget::default()).unwrap(), 1);
    /// ```
    pub fn with_convention(self, convention: Convention) -> RewriteGame<'a> {
        RewriteGame { convention, ..self }
    }

    /// The rule set.
    pub fn rules(&self) -> &'a RuleSet {
        self.rules
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The play rule.
    pub fn convention(&self) -> Convention {
        self.convention
    }
}

impl ImpartialGame for RewriteGame<'_> {
    type Position = Vec<u8>;
    type Move = Step;

    fn moves(&self, position: &Vec<u8>) -> Vec<(Step, Vec<u8>)> {
        match self.board {
            Board::Finite => successors(self.rules, position)
                .into_iter()
                .map(|(at, rule, next)| {
                    (
                        Step {
                            at: at as i64,
                            rule,
                        },
                        next,
                    )
                })
                .collect(),
            Board::Infinite => successors_infinite(self.rules, position)
                .into_iter()
                .map(|(at, rule, next, _)| (Step { at, rule }, next))
                .collect(),
        }
    }

    fn heap_bytes(&self, position: &Vec<u8>) -> usize {
        position.capacity()
    }

    fn convention(&self) -> Convention {
        self.convention
    }

    fn canonical(&self, position: &Vec<u8>) -> Vec<u8> {
        match self.board {
            Board::Finite => position.clone(),
            Board::Infinite => trim(position, self.rules.blank()).0.to_vec(),
        }
    }
}

/// A position being valued: its options, how many have been looked at, and their values.
struct Frame {
    word: Vec<u8>,
    next: Vec<Next>,
    looked: usize,
    values: Vec<u32>,
    held: u64,
}

/// The bytes a frame of `options` options, whose list holds `listed` bytes, holds in all:
/// the list, the values (twice, as they grow) and the frame's room on the stack (three
/// times, as the stack grows).
fn frame_bytes(listed: u64, options: usize) -> u64 {
    listed + 8 * options as u64 + 3 * size_of::<Frame>() as u64
}

/// The search of [`grundy`]: positions valued, with their values, under one meter.
struct Valuing<'a> {
    rules: &'a RuleSet,
    board: Board,
    convention: Convention,
    meter: &'a Meter,
    max_positions: u64,
    memo: FxHashMap<Vec<u8>, u32>,
}

impl Valuing<'_> {
    /// The frame of `word` (not valued yet), with `open` frames on the stack below it.
    fn open(&self, word: Vec<u8>, open: usize) -> Result<Frame, Error> {
        if (self.memo.len() + open) as u64 >= self.max_positions {
            return Err(too_many_positions(
                "valuing the positions the word reaches",
                self.max_positions,
            ));
        }
        let (next, listed) = expand(self.rules, &word, self.board, self.meter)?;
        let held = frame_bytes(listed, next.len());
        if let Err(e) = self.meter.hold(held - listed) {
            self.meter.release(listed);
            return Err(e);
        }
        Ok(Frame {
            values: Vec::with_capacity(next.len()),
            word,
            next,
            looked: 0,
            held,
        })
    }

    /// The value of `start`, advancing `progress` by one for every position valued.
    fn value(&mut self, start: Vec<u8>, progress: &dyn Progress) -> Result<u32, Error> {
        let mut stack: Vec<Frame> = Vec::new();
        let value = self.search(start, &mut stack, progress);
        self.meter.release(stack.iter().map(|f| f.held).sum());
        value
    }

    fn search(
        &mut self,
        start: Vec<u8>,
        stack: &mut Vec<Frame>,
        progress: &dyn Progress,
    ) -> Result<u32, Error> {
        let first = self.open(start, 0)?;
        stack.push(first);
        loop {
            let top = stack.last_mut().expect("a frame until the value");
            if top.looked < top.next.len() {
                let option = std::mem::take(&mut top.next[top.looked].word);
                top.looked += 1;
                match self.memo.get(&option) {
                    Some(&known) => top.values.push(known),
                    None => {
                        let frame = self.open(option, stack.len())?;
                        stack.push(frame);
                    }
                }
                continue;
            }
            let done = stack.pop().expect("the frame just looked at");
            let value = value_of_options(self.convention, done.values);
            self.meter.release(done.held);
            self.meter.hold(memo_bytes::<u32>(done.word.len()))?;
            self.memo.insert(done.word, value);
            progress.advance(1);
            match stack.last_mut() {
                Some(parent) => parent.values.push(value),
                None => return Ok(value),
            }
        }
    }
}

/// `word` as a position of the game on `board`: trimmed of blanks on the infinite board.
fn position(rules: &RuleSet, word: &[u8], board: Board) -> Vec<u8> {
    match board {
        Board::Finite => word.to_vec(),
        Board::Infinite => trim(word, rules.blank()).0.to_vec(),
    }
}

/// Refuses before any search when the options of `position` alone, counted without making
/// them, are more memory than `meter` allows: a word of 10^6 pins has about 2·10^6 options
/// of 10^6 letters.
fn first_options_fit(
    rules: &RuleSet,
    position: &[u8],
    board: Board,
    meter: &Meter,
) -> Result<(), Error> {
    meter.charge(tries(rules, position.len(), board))?;
    let pad = padding(rules, board);
    let mut options = 0u64;
    let counted: Result<(), std::convert::Infallible> =
        for_each_application(rules, &mut padded(rules, position, pad), |_, _, _| {
            options += 1;
            Ok(())
        });
    let Ok(()) = counted;
    let bytes = next_bytes(options, position.len() + 2 * pad);
    if bytes > meter.byte_limit() {
        return Err(Error::refused(
            "valuing the word (memory)",
            Figures::new(bytes.into(), meter.byte_limit().into(), "bytes"),
        )
        .with_note(format!(
            "its {options} options of up to {} letters each, before any is valued",
            position.len() + 2 * pad
        )));
    }
    Ok(())
}

/// The Grundy value of `word` in the rewrite game of `rules` on `board`, under `budget`.
///
/// Before it starts, the options of the word are counted (without being made) and the request
/// is refused when they alone are more than the memory limit. Then a depth-first search values
/// every position the word reaches once (the mex of its options' values), keeping its own
/// stack; it charges the rule applications it tries ([`RULE_TRIES`]), keeps at most the
/// budget's positions ([`SEARCH_POSITIONS`] by default) and holds its memo and its stack
/// against the memory limit, and gives up with the figures past any of them.
///
/// # Complexity
/// Time and memory proportional to the positions reachable from the word, each costing
/// [`tries`] rule applications.
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, rules::{RewriteGame, RuleSet, grundy}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let budget = Budget::default();
/// let (infinite, finite) = (RewriteGame::new(&rules, Board::Infinite), RewriteGame::new(&rules, Board::Finite));
/// assert_eq!(grundy(&infinite, &[1, 1], &budget).unwrap(), 1);
/// assert_eq!(grundy(&finite, &[1, 1], &budget).unwrap(), 0);
/// let kayles = RuleSet::builtin("kayles").unwrap();
/// let err = grundy(&RewriteGame::new(&kayles, Board::Infinite), &vec![1; 1_000_000], &budget).unwrap_err();
/// assert_eq!(err.kind(), unhop::ErrorKind::Refused);
/// ```
pub fn grundy(game: &RewriteGame, word: &[u8], budget: &Budget) -> Result<u32, Error> {
    let (rules, board) = (game.rules, game.board);
    let start = position(rules, word, board);
    let meter = budget.meter("valuing the positions the word reaches", RULE_TRIES);
    first_options_fit(rules, &start, board, &meter)?;
    Valuing {
        rules,
        board,
        convention: game.convention,
        meter: &meter,
        max_positions: budget.position_limit(SEARCH_POSITIONS),
        memo: FxHashMap::default(),
    }
    .value(start, &Quiet)
}

/// What listing the positions a word reaches found: the figures that bound valuing them.
struct Listing {
    /// The positions.
    positions: u64,
    /// The rule applications tried to list the options of every position.
    tries: u64,
    /// The memo's bytes when it holds every position.
    memo: u64,
    /// The most bytes one position's frame holds.
    widest: u64,
}

/// Lists every position `start` reaches, by a depth-first search under `meter` (the rule
/// applications tried, the positions seen and their memory held), advancing `progress` every
/// 4,096 positions.
fn list(
    rules: &RuleSet,
    start: &[u8],
    board: Board,
    meter: &Meter,
    max_positions: u64,
    progress: &dyn Progress,
) -> Result<Listing, Error> {
    // A position seen: its entry in the set, and its copy on the stack of positions to list.
    let seen_bytes = |len: usize| memo_bytes::<()>(len) + NEXT_BYTES + len as u64;
    let mut seen: FxHashSet<Vec<u8>> = FxHashSet::default();
    let mut stack = vec![start.to_vec()];
    meter.hold(seen_bytes(start.len()))?;
    seen.insert(start.to_vec());
    let mut listing = Listing {
        positions: 0,
        tries: 0,
        memo: 0,
        widest: 0,
    };
    while let Some(word) = stack.pop() {
        let (next, listed) = expand(rules, &word, board, meter)?;
        listing.positions += 1;
        listing.tries += tries(rules, word.len(), board);
        listing.memo += memo_bytes::<u32>(word.len());
        let scratch = (word.len() + 2 * padding(rules, board)) as u64;
        listing.widest = listing
            .widest
            .max(frame_bytes(listed, next.len()) + scratch);
        for option in next {
            if seen.contains(&option.word) {
                continue;
            }
            if seen.len() as u64 >= max_positions {
                meter.release(listed);
                return Err(too_many_positions(
                    "listing the positions the word reaches",
                    max_positions,
                ));
            }
            if let Err(e) = meter.hold(seen_bytes(option.word.len())) {
                meter.release(listed);
                return Err(e);
            }
            seen.insert(option.word.clone());
            stack.push(option.word);
        }
        meter.release(listed);
        if listing.positions % 4096 == 0 {
            progress.advance(4096);
        }
    }
    Ok(listing)
}

/// The most frames the valuing stack of a word of weight `weight` can hold: one a move, and
/// play lowers the weight by at least the least drop a move; at most the positions.
fn deepest(rules: &RuleSet, weight: u64, positions: u64) -> u64 {
    (weight / rules.least_drop() + 1).min(positions)
}

/// [`grundy`] with progress in positions valued, of a total counted first: the positions
/// reachable from the word are listed (a first stage, of unknown length, under `budget` as
/// the valuing is: rule applications, positions, memory), then valuing them is admitted with
/// an estimate made from the listing (its rule applications exactly; its memory at most the
/// memo of every position and the widest frame once a level of play) and the search values
/// each once, so the second stage's advances add up to its total. The listing doubles the
/// work, in exchange for a bar that ends where it says.
///
/// # Complexity
/// Twice the rule applications of [`grundy`]; memory for the positions listed.
///
/// # Examples
///
/// ```
/// use unhop::{Quiet, budget::Budget, rules::{RewriteGame, RuleSet, grundy, grundy_with_progress}, solitaire::Board};
/// let rules = RuleSet::builtin("kayles").unwrap();
/// let game = RewriteGame::new(&rules, Board::Finite);
/// let word = [1u8; 9];
/// let budget = Budget::default();
/// assert_eq!(grundy_with_progress(&game, &word, &budget, &Quiet).unwrap(),
///            grundy(&game, &word, &budget).unwrap());
/// ```
pub fn grundy_with_progress(
    game: &RewriteGame,
    word: &[u8],
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<u32, Error> {
    let (rules, board) = (game.rules, game.board);
    let start = position(rules, word, board);
    let max_positions = budget.position_limit(SEARCH_POSITIONS);
    let listing = {
        let meter = budget.meter("listing the positions the word reaches", RULE_TRIES);
        first_options_fit(rules, &start, board, &meter)?;
        progress.start("listing the positions the word reaches", None);
        list(rules, &start, board, &meter, max_positions, progress)?
    };
    let levels = deepest(rules, rules.weight(&start), listing.positions);
    let meter = budget.admit(
        format!(
            "valuing the {} positions the word reaches",
            listing.positions
        ),
        RULE_TRIES,
        listing.tries.into(),
        u128::from(listing.memo) + u128::from(levels) * u128::from(listing.widest),
    )?;
    progress.start("valuing every position", Some(listing.positions));
    Valuing {
        rules,
        board,
        convention: game.convention,
        meter: &meter,
        max_positions,
        memo: FxHashMap::default(),
    }
    .value(start, progress)
}

/// The slow twin of [`grundy`]: the plain recursion mex over every option
/// ([`exhaustive_value`]). Under `budget`, the positions are listed first as
/// [`grundy_with_progress`] lists them (rule applications, positions and memory within the
/// limits), and a word whose play can go deeper than [`EXHAUSTIVE_DEPTH`] moves is refused,
/// so that the recursion fits a thread's stack.
///
/// # Complexity
/// As [`grundy_with_progress`].
///
/// # Examples
///
/// ```
/// use unhop::{budget::Budget, rules::{RewriteGame, RuleSet, exhaustive_grundy, grundy}, solitaire::Board};
/// let rules = RuleSet::builtin("dawson").unwrap();
/// let game = RewriteGame::new(&rules, Board::Finite);
/// let budget = Budget::default();
/// assert_eq!(exhaustive_grundy(&game, &[1; 7], &budget).unwrap(),
///            grundy(&game, &[1; 7], &budget).unwrap());
/// ```
pub fn exhaustive_grundy(game: &RewriteGame, word: &[u8], budget: &Budget) -> Result<u32, Error> {
    let (rules, board) = (game.rules, game.board);
    let start = position(rules, word, board);
    let listing = {
        let meter = budget.meter("listing the positions the word reaches", RULE_TRIES);
        first_options_fit(rules, &start, board, &meter)?;
        let max_positions = budget.position_limit(SEARCH_POSITIONS);
        list(rules, &start, board, &meter, max_positions, &Quiet)?
    };
    let levels = deepest(rules, rules.weight(&start), listing.positions);
    if levels > EXHAUSTIVE_DEPTH {
        return Err(Error::refused(
            "the plain recursion of --method exhaustive",
            Figures::new(levels.into(), EXHAUSTIVE_DEPTH.into(), "levels of play"),
        )
        .with_note("the default method values long plays"));
    }
    Ok(exhaustive_value(game, &start, &mut FxHashMap::default()))
}
