//! Which exact engine answers the fast method of a rule set: the proved automaton of R when
//! there is one, the three-row engines for peg solitaire on three rows, a memoised search
//! otherwise. Every engine is exact; they differ in cost only.

use super::cheapest::{Cheapest, checked};
use super::exhaustive::{Solution, exhaustive_count, exhaustive_solve};
use super::language::count_from_automaton;
use super::relation::proved_relation;
use super::ruleset::RuleSet;
use super::target::Target;
use crate::budget::Budget;
use crate::error::{Error, ErrorKind};
use crate::method::Method;
use crate::progress::Progress;
use crate::solitaire::Board;
use crate::solitaire::three_rows::{OnePegSet, search_count};
use num_bigint::BigUint;
use std::fmt;

/// The engine that answered a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// The automaton of R, learned from exhaustive data and proved by the three inclusions
    /// ([`super::prove`]): counts from its language, least weights by a cheapest path.
    Automaton,
    /// The bitmap sweep over all 2^(3n) boards of three rows
    /// ([`crate::solitaire::three_rows::OnePegSet`]): one-peg counts on the finite board.
    #[serde(rename = "bitmap sweep")]
    BitmapSweep,
    /// A memoised search of every position the words reach: the plain search of three rows
    /// ([`crate::solitaire::three_rows::search_count`]) or the rule-set search
    /// ([`super::Exhaustive`], [`super::exhaustive_solve`]), used when no proved automaton
    /// is known.
    Search,
    /// The exhaustive twin, asked for with [`Method::Exhaustive`].
    Exhaustive,
}

impl Engine {
    /// The engine's name as the command line prints it: `automaton`, `bitmap sweep`,
    /// `search` or `exhaustive`.
    ///
    /// ```
    /// assert_eq!(unhop::rules::Engine::BitmapSweep.name(), "bitmap sweep");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Engine::Automaton => "automaton",
            Engine::BitmapSweep => "bitmap sweep",
            Engine::Search => "search",
            Engine::Exhaustive => "exhaustive",
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A count and the engine that made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The exact number of words.
    pub count: BigUint,
    /// The engine that counted them.
    pub engine: Engine,
}

/// Whether the fast method has a proved automaton to try for `rules`: every rule set but peg
/// solitaire on three rows, whose automaton of R is not known (its learner does not close at
/// any bound this machine reaches; see `docs/three-rows.md`), so the fast method goes
/// straight to the three-row engines.
fn tries_automaton(rules: &RuleSet) -> bool {
    !rules.is_three_rows_solitaire()
}

/// The number of words of length `n` that reduce to `target` on `board`, and the engine that
/// counted them. [`Method::Exhaustive`] asks every word ([`exhaustive_count`]).
/// [`Method::Fast`] uses the best exact engine there is:
///
/// 1. the proved automaton of R ([`Engine::Automaton`], as [`super::count`] describes), when
///    it is learned and proved at the largest bound the limits allow;
/// 2. for peg solitaire on three rows ([`RuleSet::is_three_rows_solitaire`]) and the one-peg
///    target: on the finite board the bitmap sweep ([`Engine::BitmapSweep`], refused when its
///    2^(3n) bits or its work are over the budget), on the infinite board the plain search
///    of three rows ([`Engine::Search`], under the budget of
///    [`crate::solitaire::three_rows::search_count`]);
/// 3. otherwise the memoised search of every word ([`Engine::Search`], with the limits of
///    [`exhaustive_count`]), noting on `progress` why the automaton was not used.
///
/// Every engine runs under `budget`.
///
/// # Complexity
/// As the engine chosen: O(s³ + log n products) from the automaton, O(3n · 2^(3n)/64 +
/// members · 8n) for the sweep, exponential for the searches.
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, budget::Budget, rules::{Engine, RuleSet, Target, count_by}, solitaire::Board};
/// let three = RuleSet::builtin("solitaire3").unwrap();
/// let budget = Budget::default();
/// let fast = count_by(&three, 3, &Target::Weight(1), Board::Finite, Method::Fast, &budget, &Quiet).unwrap();
/// let slow = count_by(&three, 3, &Target::Weight(1), Board::Finite, Method::Exhaustive, &budget, &Quiet).unwrap();
/// assert_eq!((fast.engine, slow.engine), (Engine::BitmapSweep, Engine::Exhaustive));
/// assert_eq!(fast.count, slow.count);
/// ```
pub fn count_by(
    rules: &RuleSet,
    n: u64,
    target: &Target,
    board: Board,
    method: Method,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Counted, Error> {
    let done = |count: BigUint, engine| Counted { count, engine };
    if method == Method::Exhaustive {
        return Ok(done(
            exhaustive_count(rules, n, target, board, budget, progress)?,
            Engine::Exhaustive,
        ));
    }
    if tries_automaton(rules) {
        match count_from_automaton(rules, n, target, board, budget, progress) {
            Ok(count) => return Ok(done(count, Engine::Automaton)),
            Err(e) if e.kind() == ErrorKind::GaveUp => {
                progress.note(&format!("{e}; counting by the memoised search instead"));
            }
            Err(e) => return Err(e),
        }
    } else if matches!(target, Target::Weight(1)) {
        let columns = usize::try_from(n).unwrap_or(usize::MAX);
        return match board {
            Board::Finite => {
                let set = OnePegSet::compute(columns, budget, progress)?;
                Ok(done(BigUint::from(set.count()), Engine::BitmapSweep))
            }
            Board::Infinite => Ok(done(
                BigUint::from(search_count(columns, board, budget, progress)?),
                Engine::Search,
            )),
        };
    }
    Ok(done(
        exhaustive_count(rules, n, target, board, budget, progress)?,
        Engine::Search,
    ))
}

/// Least-weight solutions of words by one method, with the engine chosen once for a rule set
/// (the automaton of R is learned and proved once, then used for every word).
/// [`Method::Fast`]: the proved automaton's cheapest path ([`Cheapest`],
/// [`Engine::Automaton`]) when it exists; otherwise, as for peg solitaire on three rows
/// (whose automaton of R is not known), the breadth-first search of every reachable position
/// ([`exhaustive_solve`], [`Engine::Search`]). [`Method::Exhaustive`]: that search
/// ([`Engine::Exhaustive`]). Every solution is replayed by the independent checker
/// ([`checked`]) before it is returned.
///
/// ```
/// use unhop::{Method, Quiet, budget::Budget, rules::{Engine, RuleSet, WordSolver}, solitaire::Board};
/// let three = RuleSet::builtin("solitaire3").unwrap();
/// let solver = WordSolver::new(&three, Method::Fast, &Budget::default(), &Quiet).unwrap();
/// assert_eq!(solver.engine(), Engine::Search);
/// let word = three.parse_word("110/001/000").unwrap();
/// assert_eq!(solver.solve(&word, Board::Finite, &Budget::default()).unwrap().weight, 1);
/// ```
pub struct WordSolver<'a> {
    rules: &'a RuleSet,
    cheapest: Option<Cheapest<'a>>,
    engine: Engine,
}

impl<'a> WordSolver<'a> {
    /// Chooses the engine for `rules` and `method`; for the fast method, learns and proves R
    /// under `budget` (progress on `progress`), falling back to the search when that gives up
    /// (noted on `progress`).
    ///
    /// # Complexity
    ///
    /// Time: the learner's and the proof's, when tried.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, budget::Budget, rules::{Engine, RuleSet, WordSolver}};
    /// let rules = RuleSet::builtin("solitaire").unwrap();
    /// let solver = WordSolver::new(&rules, Method::Fast, &Budget::default(), &Quiet).unwrap();
    /// assert_eq!(solver.engine(), Engine::Automaton);
    /// ```
    pub fn new(
        rules: &'a RuleSet,
        method: Method,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<WordSolver<'a>, Error> {
        let search = |engine| WordSolver {
            rules,
            cheapest: None,
            engine,
        };
        if method == Method::Exhaustive {
            return Ok(search(Engine::Exhaustive));
        }
        if !tries_automaton(rules) {
            return Ok(search(Engine::Search));
        }
        match proved_relation(rules, budget, progress) {
            Ok(relation) => Ok(WordSolver {
                rules,
                cheapest: Some(Cheapest::with_relation(rules, relation)),
                engine: Engine::Automaton,
            }),
            Err(e) if e.kind() == ErrorKind::GaveUp => {
                progress.note(&format!("{e}; solving by the search instead"));
                Ok(search(Engine::Search))
            }
            Err(e) => Err(e),
        }
    }

    /// The engine that answers.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The rule set it solves.
    pub fn rules(&self) -> &'a RuleSet {
        self.rules
    }

    /// A least-weight configuration `word` reaches on `board` and steps that reach it, replayed
    /// by the independent checker, under `budget` (one for each word).
    ///
    /// # Complexity
    ///
    /// O(n × s × k) plus the steps from the automaton ([`Cheapest::solve`]); the search's time
    /// and memory grow with the positions reachable ([`exhaustive_solve`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, budget::Budget, rules::{RuleSet, WordSolver}, solitaire::Board};
    /// let rules = RuleSet::builtin("solitaire").unwrap();
    /// let budget = Budget::default();
    /// let solver = WordSolver::new(&rules, Method::Exhaustive, &budget, &Quiet).unwrap();
    /// assert_eq!(solver.solve(&rules.parse_word("01111").unwrap(), Board::Finite, &budget).unwrap().weight, 2);
    /// ```
    pub fn solve(&self, word: &[u8], board: Board, budget: &Budget) -> Result<Solution, Error> {
        let solution = match &self.cheapest {
            Some(cheapest) => cheapest.solve(word, board, budget)?,
            None => exhaustive_solve(self.rules, word, board, budget)?,
        };
        checked(self.rules, word, board, solution)
    }
}

/// The number of words of length `n` that reduce to `target` on `board`, by `method`: the
/// count of [`count_by`] without the engine's name.
///
/// # Complexity
///
/// As [`count_by`].
///
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, budget::Budget, rules::{RuleSet, Target, count}, solitaire::{Board, Language}};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let fast = count(&rules, 40, &Target::Weight(1), Board::Infinite, Method::Fast, &Budget::default(), &Quiet).unwrap();
/// assert_eq!(fast, Language::of(Board::Infinite).count(40));
/// ```
pub fn count(
    rules: &RuleSet,
    n: u64,
    target: &Target,
    board: Board,
    method: Method,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<BigUint, Error> {
    count_by(rules, n, target, board, method, budget, progress).map(|c| c.count)
}

/// A least-weight configuration `word` reaches on `board` with its steps, by `method`
/// ([`WordSolver`]), replayed by the independent checker ([`super::replay`]) before it is
/// returned: a disagreement is an internal error.
///
/// # Complexity
///
/// As [`WordSolver::new`], then [`WordSolver::solve`].
///
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, budget::Budget, rules::{RuleSet, solve}, solitaire::Board};
/// let rules = RuleSet::builtin("solitaire").unwrap();
/// let s = solve(&rules, &[1, 1, 1, 1], Board::Infinite, Method::Fast, &Budget::default(), &Quiet).unwrap();
/// assert_eq!(s.weight, 2);
/// ```
pub fn solve(
    rules: &RuleSet,
    word: &[u8],
    board: Board,
    method: Method,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Solution, Error> {
    WordSolver::new(rules, method, budget, progress)?.solve(word, board, budget)
}
