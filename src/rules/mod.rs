//! Rule sets as data and the generic engines on any of them.
//!
//! A rule set ([`RuleSet`], read from a TOML rule file or built in: `solitaire`,
//! `solitaire3`, `kayles`, `dawson`; the format is in `docs/rules.md`) rewrites a window of
//! letters into another of the same length; every rule lowers the total weight, so play
//! always ends. On the finite board the word is the board; on the infinite board the word is
//! surrounded by blank letters.
//!
//! * [`successors`], [`successors_infinite`], [`replay`]: one step, and the independent
//!   checker of a sequence of steps.
//! * [`Exhaustive`], [`exhaustive_count`], [`exhaustive_solve`]: the exhaustive twins.
//! * [`one_step`], [`PairOracle`], [`learn_relation`], [`prove`]: R = {(w, f) : w →* f} as an
//!   automaton over letter pairs, learned and proved by three automaton inclusions.
//! * [`language_from_relation`], [`learn_language`], [`count_from_automaton`]: the words that
//!   reduce to a [`Target`], derived from a proved R or learned from exhaustive data, and
//!   their number.
//! * [`Engine`], [`count`], [`count_by`], [`WordSolver`], [`solve`]: the fast method picks the
//!   best exact engine for a rule set: the proved automaton of R, the three-row engines of
//!   peg solitaire on three rows (whose automaton is not known), or a memoised search.
//! * [`Cheapest`]: the least-weight final word from a proved R, with steps;
//!   [`Cheapest::reach`], [`exhaustive_reach`]: whether w →* f, with steps.
//! * [`RewriteGame`], [`grundy`]: the rewrite game's Grundy values.

mod cheapest;
mod engine;
mod exhaustive;
mod expand;
mod game;
mod language;
mod reach;
mod relation;
mod report;
mod row_grammar;
mod rule_file;
mod ruleset;
mod step;
mod target;
mod words;

pub use cheapest::{Cheapest, checked};
pub use engine::{Counted, Engine, WordSolver, count, count_by, solve};
pub use exhaustive::{
    COUNT_WORDS, Exhaustive, SEARCH_POSITIONS, Solution, exhaustive_count, exhaustive_solve,
};
pub use expand::{RULE_TRIES, padding, tries};
pub use game::{EXHAUSTIVE_DEPTH, RewriteGame, exhaustive_grundy, grundy, grundy_with_progress};
pub use language::{
    LANGUAGE_WORDS, MAX_COUNT_LEN, count_from_automaton, default_language_bound,
    language_from_relation, learn_language, proved_language, proved_language_if_any,
};
pub use reach::exhaustive_reach;
pub use relation::{
    PAIR_WORDS, PairOracle, RelationProof, THREE_ROWS_RELATION_BOUND, default_relation_bound,
    learn_relation, one_step, prove, prove_automaton, proved_relation,
};
pub use report::{
    Learnable, RuleSetEntry, RuleSetReport, RuleStep, RulesCountReport, RulesGrundyReport,
    RulesLearnReport, RulesProofReport, RulesSolveReport, count_report, learn_report, prove_report,
};
pub use ruleset::{
    MAX_LETTERS, MAX_RULE_LEN, MAX_RULES, MAX_WORD_LEN, Rule, RuleSet, builtin_names,
};
pub use step::{Step, replay, successors, successors_infinite, trim};
pub use target::Target;
