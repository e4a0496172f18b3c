//! The reports of two-dimensional peg solitaire: what `unhop board show|solve|count|moves|ilp|
//! starts|classify --json` write, what the Python module returns and what the page receives,
//! one type each, so that their fields cannot drift apart. Holes are written by their names
//! (`d4` on the square boards, 1 to 15 on the triangle, vertex names on graphs).

use super::board::Board;
use super::classes::PositionClasses;
use super::classify::Solvability;
use super::count::{CountReport, Level};
use super::geometry::{Jump, Position};
use super::ilp::IlpSize;
use super::moves::MinMoves;
use super::pagoda::PagodaProof;
use super::position::Goal;
use super::replay::replay;
use super::solve::{Outcome, Verdict};
use super::vacancies::VacancyRow;
use crate::automata::Integer;
use crate::{Error, Method};
use serde::Serialize;
use std::collections::BTreeMap;

/// A jump written with hole names: the peg in `from` jumps over the peg in `over` into the
/// empty hole `to`.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, Jump, NamedJump};
/// let english = Board::named("english").unwrap();
/// let hole = |name| english.hole_named(name).unwrap() as u8;
/// let jump = Jump { from: hole("d2"), over: hole("d3"), to: hole("d4") };
/// let named = NamedJump::new(&english, jump);
/// assert_eq!(serde_json::to_string(&named).unwrap(), r#"{"from":"d2","over":"d3","to":"d4"}"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
pub struct NamedJump {
    /// The hole the peg jumps from.
    pub from: String,
    /// The hole of the peg jumped over, which is removed.
    pub over: String,
    /// The empty hole the peg lands in.
    pub to: String,
}

impl NamedJump {
    /// `jump` with the names of `board`'s holes.
    pub fn new(board: &Board, jump: Jump) -> NamedJump {
        let name = |h: u8| board.hole_name(h.into()).to_string();
        NamedJump {
            from: name(jump.from),
            over: name(jump.over),
            to: name(jump.to),
        }
    }
}

/// A pagoda function that proves a goal out of reach: its weights by hole name, and the
/// values of the start and of the goal (the start's is less, and no jump raises it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct PagodaReport {
    /// The weight of every hole, by its name.
    pub weights: BTreeMap<String, i64>,
    /// The total weight of the start's pegs.
    pub start_value: i64,
    /// The total weight of the goal's pegs.
    pub goal_value: i64,
}

impl PagodaReport {
    /// The report of `proof` on `board`. O(h).
    pub fn new(board: &Board, proof: &PagodaProof) -> PagodaReport {
        PagodaReport {
            weights: (0..board.holes())
                .map(|h| (board.hole_name(h).to_string(), proof.pagoda.weights()[h]))
                .collect(),
            start_value: proof.start_value,
            goal_value: proof.goal_value,
        }
    }
}

/// A solve from a start to a goal: `unhop board solve --json`, and the Python module's
/// `board_solve`. A solution has the `jumps` (replayed by the independent checker first), their
/// `notation` and the `final` position; a proof that there is none has the `reason` (and the
/// `pagoda` function when one is the proof); a search that gave up has `solvable` null and
/// the `reason`.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, Goal, SolveReport, solve};
/// use unhop::budget::Budget;
/// let board = Board::named("triangle").unwrap();
/// let start = board.default_start();
/// let outcome = solve(&board, start, Goal::OnePeg, 1_000_000, &Budget::default()).unwrap();
/// let report = SolveReport::new(&board, start, Goal::OnePeg, &outcome).unwrap();
/// assert_eq!(report.solvable, Some(true));
/// let jumps = report.jumps.unwrap();
/// assert_eq!((jumps.len(), jumps[0].to.as_str()), (13, "1"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct SolveReport {
    /// The board's name.
    pub board: String,
    /// The start as a pattern (`o` a peg, `.` an empty hole, rows separated by `/`).
    pub start: String,
    /// The goal in words (`one peg at d4`, `one peg anywhere`, `the pattern …`).
    pub goal: String,
    /// Whether the goal can be reached: null when the search gave up.
    pub solvable: Option<bool>,
    /// The jumps of a solution, in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jumps: Option<Vec<NamedJump>>,
    /// The jumps in the usual notation (`d2-d4`; `a-b-c` on graphs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notation: Option<Vec<String>>,
    /// The position the solution ends on, as a pattern.
    #[serde(rename = "final", skip_serializing_if = "Option::is_none")]
    pub final_position: Option<String>,
    /// Why there is no solution, or why the search stopped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The pagoda function that proves there is none, when one is the proof.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pagoda: Option<PagodaReport>,
}

impl SolveReport {
    /// The report of `outcome`, a search from `start` to `goal` on `board`. A solution is
    /// replayed by the independent checker ([`replay`]) first.
    ///
    /// # Complexity
    ///
    /// O(h + j) time and memory for h holes and a solution of j jumps (the replay keeps its
    /// j + 1 positions, and every jump is named twice); for a pagoda proof, O(h log h) for its
    /// weights by hole name.
    ///
    /// # Errors
    ///
    /// A solution that does not replay to the goal (an internal error: a bug).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, Goal, SolveReport, solve};
    /// use unhop::budget::Budget;
    /// let row = Board::named("row:1101101").unwrap();
    /// let start = row.default_start();
    /// let outcome = solve(&row, start, Goal::OnePeg, 1_000, &Budget::default()).unwrap();
    /// let report = SolveReport::new(&row, start, Goal::OnePeg, &outcome).unwrap();
    /// assert_eq!(report.solvable, Some(false));
    /// assert!(report.jumps.is_none() && report.reason.is_some());
    /// ```
    pub fn new(
        board: &Board,
        start: Position,
        goal: Goal,
        outcome: &Outcome,
    ) -> Result<SolveReport, Error> {
        let mut report = SolveReport {
            board: board.name().to_string(),
            start: board.pattern(start),
            goal: goal.describe(board),
            solvable: match outcome.verdict() {
                Verdict::Solved => Some(true),
                Verdict::Impossible => Some(false),
                Verdict::Undecided => None,
            },
            jumps: None,
            notation: None,
            final_position: None,
            reason: None,
            pagoda: None,
        };
        match outcome {
            Outcome::Solved(jumps) => {
                let positions = replay(board, start, jumps, goal)?;
                report.jumps = Some(jumps.iter().map(|&j| NamedJump::new(board, j)).collect());
                report.notation = Some(jumps.iter().map(|&j| board.jump_name(j)).collect());
                report.final_position = Some(board.pattern(*positions.last().unwrap_or(&start)));
            }
            Outcome::PagodaBound(proof) => {
                report.reason = Some(outcome.describe(board));
                report.pagoda = Some(PagodaReport::new(board, proof));
            }
            _ => report.reason = Some(outcome.describe(board)),
        }
        Ok(report)
    }
}

/// A board: `unhop board show --json`.
///
/// # Examples
///
/// ```
/// use unhop::boards::{Board, BoardReport};
/// let triangle = Board::named("triangle").unwrap();
/// let report = BoardReport::new(&triangle, triangle.default_start(), triangle.default_goal());
/// assert_eq!((report.holes, report.jumps, report.symmetries), (15, 36, 6));
/// assert_eq!(report.goal, "one peg anywhere");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct BoardReport {
    /// The board's name.
    pub board: String,
    /// The number of holes.
    pub holes: usize,
    /// The holes' names, in the board's order (the order of a position's characters).
    pub hole_names: Vec<String>,
    /// The number of jumps, whatever the position.
    pub jumps: usize,
    /// The symmetries the solver and the counts use (all, or a subgroup on large graphs).
    pub symmetries: usize,
    /// The order of the whole symmetry group (an integer of any size).
    pub symmetry_group_order: Integer,
    /// A basis of the position-class invariants: sets of holes whose pegs' parity no jump
    /// changes.
    pub class_invariants: Vec<Vec<String>>,
    /// The start as a pattern.
    pub start: String,
    /// The goal in words.
    pub goal: String,
    /// The board in Graphviz DOT ([`Board::to_dot`]), when asked for (`--dot --json`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dot: Option<String>,
}

impl BoardReport {
    /// The report of `board` with `start` and `goal`.
    ///
    /// # Complexity
    ///
    /// O(j · h) word operations for the class invariants ([`PositionClasses::of`]) of j jumps
    /// and h holes, then O(b · h) time and memory for the names of the holes of its b ≤ h
    /// invariants; the symmetries are the board's, not searched again.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, BoardReport, Goal};
    /// let english = Board::named("english").unwrap();
    /// let report = BoardReport::new(&english, english.default_start(), english.default_goal());
    /// assert_eq!((report.holes, report.jumps, report.symmetries), (33, 76, 8));
    /// assert_eq!(report.class_invariants.len(), 4); // 16 position classes
    /// assert_eq!(report.goal, "one peg at d4");
    /// ```
    pub fn new(board: &Board, start: Position, goal: Goal) -> BoardReport {
        let names = |holes: Position| {
            board
                .hole_names_in(holes)
                .into_iter()
                .map(str::to_string)
                .collect()
        };
        BoardReport {
            board: board.name().to_string(),
            holes: board.holes(),
            hole_names: names(board.full()),
            jumps: board.jumps().len(),
            symmetries: board.symmetries().order(),
            symmetry_group_order: Integer::from(board.automorphisms().order()),
            class_invariants: PositionClasses::of(board)
                .basis()
                .iter()
                .map(|&v| names(v))
                .collect(),
            start: board.pattern(start),
            goal: goal.describe(board),
            dot: None,
        }
    }

    /// The report with the board drawn in DOT, the start's pegs filled.
    pub fn with_dot(self, board: &Board, start: Position) -> BoardReport {
        BoardReport {
            dot: Some(board.to_dot(start)),
            ..self
        }
    }
}

/// The counts of a game: `unhop board count --json`, and the Python module's `board_count`.
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, budget::Budget, boards::{Board, CountSummary, Goal, count}};
/// let board = Board::named("triangle").unwrap();
/// let start = board.default_start();
/// let counts =
///     count(&board, start, Goal::OnePeg, Method::Fast, &Budget::default(), &Quiet).unwrap();
/// let summary = CountSummary::new(&board, start, Goal::OnePeg, &counts);
/// assert_eq!((summary.sequences.as_str(), summary.levels[0].raw), ("29760", 1));
/// assert!(serde_json::to_string(&summary).unwrap().contains(r#""sequences":29760"#));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct CountSummary<'a> {
    /// The board's name.
    pub board: &'a str,
    /// The start as a pattern.
    pub start: String,
    /// The goal in words.
    pub goal: String,
    /// The method that made the counts.
    pub method: Method,
    /// The number of symmetries "up to symmetry" refers to (those fixing start and goal).
    pub symmetries: usize,
    /// The counts per number of pegs, from the start's level down to one peg.
    pub levels: &'a [Level],
    /// The reachable positions.
    pub total_raw: u64,
    /// The reachable positions up to symmetry.
    pub total_up_to_symmetry: u64,
    /// The reachable positions that can still reach the goal.
    pub finishing_raw: u64,
    /// The same up to symmetry.
    pub finishing_up_to_symmetry: u64,
    /// The number of jump sequences from the start to the goal (an integer of any size).
    pub sequences: Integer,
}

impl<'a> CountSummary<'a> {
    /// The summary of `counts`, from `start` to `goal` on `board`.
    ///
    /// # Complexity
    ///
    /// O(h + L) time for h holes and L levels (the levels are borrowed, not copied), plus the
    /// decimal digits of the number of sequences ([`decimal`](crate::automata::decimal)), O(d)
    /// bytes for d digits.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, budget::Budget, boards::{Board, CountSummary, Goal, count}};
    /// let board = Board::named("row:11011").unwrap();
    /// let start = board.default_start();
    /// let counts = count(&board, start, Goal::OnePeg, Method::Fast, &Budget::default(), &Quiet).unwrap();
    /// let summary = CountSummary::new(&board, start, Goal::OnePeg, &counts);
    /// assert_eq!((summary.start.as_str(), summary.levels.len()), ("oo.oo", 4));
    /// assert_eq!(summary.sequences.as_str(), "0");
    /// ```
    pub fn new(
        board: &'a Board,
        start: Position,
        goal: Goal,
        counts: &'a CountReport,
    ) -> CountSummary<'a> {
        let (total_raw, total_up_to_symmetry) = counts.totals();
        let (finishing_raw, finishing_up_to_symmetry) = counts.finishing_totals();
        CountSummary {
            board: board.name(),
            start: board.pattern(start),
            goal: goal.describe(board),
            method: counts.method,
            symmetries: counts.symmetries,
            levels: &counts.levels,
            total_raw,
            total_up_to_symmetry,
            finishing_raw,
            finishing_up_to_symmetry,
            sequences: Integer::from(&counts.sequences),
        }
    }
}

/// The fewest moves from a start to a goal (a move: one or more jumps by one peg), with the
/// search that proves it: `unhop board moves --json`. `min_moves` is null when the goal
/// cannot be reached.
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, budget::Budget, boards::{Board, Goal, MovesReport, moves}};
/// let board = Board::named("triangle").unwrap();
/// let start = board.default_start();
/// let best = moves(&board, start, Goal::OnePeg, Method::Fast, &Budget::default(), &Quiet).unwrap();
/// let report = MovesReport::new(&board, start, Goal::OnePeg, Method::Fast, best.as_ref());
/// assert_eq!(report.min_moves, Some(10));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct MovesReport {
    /// The board's name.
    pub board: String,
    /// The start as a pattern.
    pub start: String,
    /// The goal in words.
    pub goal: String,
    /// The method.
    pub method: Method,
    /// The fewest moves; null when the goal cannot be reached.
    pub min_moves: Option<usize>,
    /// The moves of a shortest solution, each as the holes its peg visits (`d2-d4-f4`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// For each number of moves m, the positions (up to symmetry) that can still finish and
    /// are first reached after m moves: none before the last is the goal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_reached_per_move: Option<Vec<u64>>,
}

impl MovesReport {
    /// The report of `best`, found by `method` from `start` to `goal` on `board` (`None`: the
    /// goal cannot be reached).
    ///
    /// # Complexity
    ///
    /// O(h + j + m) time and memory for h holes, the j jumps of the m moves of the solution (each
    /// hole of a move named once) and the m + 1 counts of positions first reached.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, budget::Budget, boards::{Board, Goal, MovesReport, moves}};
    /// let row = Board::named("row:1101101").unwrap();
    /// let start = row.default_start();
    /// let best = moves(&row, start, Goal::OnePeg, Method::Fast, &Budget::default(), &Quiet).unwrap();
    /// let report = MovesReport::new(&row, start, Goal::OnePeg, Method::Fast, best.as_ref());
    /// assert_eq!((report.min_moves, report.moves), (None, None)); // one peg is out of reach
    /// assert_eq!(report.start, "oo.oo.o");
    /// ```
    pub fn new(
        board: &Board,
        start: Position,
        goal: Goal,
        method: Method,
        best: Option<&MinMoves>,
    ) -> MovesReport {
        MovesReport {
            board: board.name().to_string(),
            start: board.pattern(start),
            goal: goal.describe(board),
            method,
            min_moves: best.map(|b| b.moves.len()),
            moves: best.map(|b| b.moves.iter().map(|m| board.move_name(m)).collect()),
            first_reached_per_move: best.map(|b| b.first_reached.clone()),
        }
    }
}

/// The integer program written to a file: `unhop board ilp --json -o FILE` (the model itself
/// is in the file).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct IlpReport {
    /// The board's name.
    pub board: String,
    /// The start as a pattern.
    pub start: String,
    /// The goal in words.
    pub goal: String,
    /// The time steps: pegs of the start minus pegs of the goal.
    pub steps: u64,
    /// The binary variables.
    pub variables: u64,
    /// The constraints.
    pub constraints: u64,
    /// The file the model was written to.
    pub output: String,
}

impl IlpReport {
    /// The report of a model of `size` from `start` to `goal` on `board`, written to
    /// `output`.
    ///
    /// # Complexity
    ///
    /// O(h + p) time and memory for h holes and a path of p bytes; the model itself is not
    /// read.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::path::Path;
    /// use unhop::boards::{Board, IlpReport, ilp_size};
    /// let english = Board::named("english").unwrap();
    /// let (start, goal) = (english.default_start(), english.default_goal());
    /// let report = IlpReport::new(&english, start, goal, ilp_size(&english, start, goal), Path::new("english.lp"));
    /// assert_eq!((report.steps, report.variables), (31, 32 * 33 + 31 * 76));
    /// assert_eq!(report.output, "english.lp");
    /// ```
    pub fn new(
        board: &Board,
        start: Position,
        goal: Goal,
        size: IlpSize,
        output: &std::path::Path,
    ) -> IlpReport {
        IlpReport {
            board: board.name().to_string(),
            start: board.pattern(start),
            goal: goal.describe(board),
            steps: size.steps,
            variables: size.variables,
            constraints: size.constraints,
            output: output.display().to_string(),
        }
    }
}

/// One single-vacancy start against every one-peg finish: a line of `unhop board starts
/// --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct VacancyReport {
    /// The board's name.
    pub board: String,
    /// The hole empty at the start.
    pub vacancy: String,
    /// Every hole as a finish, with the solver's verdict.
    pub finishes: Vec<FinishReport>,
}

/// One finish of a [`VacancyReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct FinishReport {
    /// The hole of the one peg left.
    pub finish: String,
    /// Solved, impossible, or undecided (the search gave up).
    pub verdict: Verdict,
    /// The jumps of the solution, or why there is none (or no answer).
    pub detail: String,
}

impl VacancyReport {
    /// The report of `row` on `board`.
    ///
    /// # Complexity
    ///
    /// O(h · d) time and memory for the h finishes and the length d of a finish's detail (a
    /// solution's jumps named, at most h − 1, or the holes of a proof).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Quiet, budget::Budget, boards::{Board, VacancyReport, single_vacancies}};
    /// let triangle = Board::named("triangle").unwrap();
    /// let rows = single_vacancies(&triangle, 1_000_000, false, &Budget::default(), &Quiet, &mut |_| true).unwrap();
    /// let report = VacancyReport::new(&triangle, &rows[0]);
    /// assert_eq!((report.vacancy.as_str(), report.finishes.len()), ("1", 15));
    /// assert_eq!(report.finishes[0].finish, "1");
    /// ```
    pub fn new(board: &Board, row: &VacancyRow) -> VacancyReport {
        VacancyReport {
            board: board.name().to_string(),
            vacancy: board.hole_name(row.vacancy).to_string(),
            finishes: row
                .finishes
                .iter()
                .map(|(finish, outcome)| FinishReport {
                    finish: board.hole_name(*finish).to_string(),
                    verdict: outcome.verdict(),
                    detail: outcome.describe(board),
                })
                .collect(),
        }
    }
}

/// A graph classified: a line of `unhop board classify --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct GraphReport {
    /// The graph's name.
    pub graph: String,
    /// Its number of vertices.
    pub vertices: usize,
    /// Whether some single-vacancy start reduces to one peg.
    pub solvable: bool,
    /// Whether every single-vacancy start does.
    pub freely_solvable: bool,
    /// The vacancies from which it reduces to one peg.
    pub solvable_vacancies: Vec<String>,
}

impl GraphReport {
    /// The report of `result` for `board`.
    ///
    /// # Complexity
    ///
    /// O(h) time and memory for h holes: the names of the solvable vacancies.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{boards::{Board, GraphReport, classify}, budget::Budget};
    /// let budget = Budget::default();
    /// let cycle = Board::named("cycle:6").unwrap();
    /// let report = GraphReport::new(&cycle, &classify(&cycle, 1_000_000, &budget).unwrap());
    /// assert!(report.freely_solvable);
    /// assert_eq!((report.vertices, report.solvable_vacancies.len()), (6, 6));
    /// let star = Board::named("star:3").unwrap();
    /// let report = GraphReport::new(&star, &classify(&star, 1_000_000, &budget).unwrap());
    /// assert!(!report.solvable && report.solvable_vacancies.is_empty());
    /// ```
    pub fn new(board: &Board, result: &Solvability) -> GraphReport {
        GraphReport {
            graph: board.name().to_string(),
            vertices: board.holes(),
            solvable: result.solvable(),
            freely_solvable: result.freely_solvable(),
            solvable_vacancies: result
                .solvable_vacancies
                .iter()
                .map(|&h| board.hole_name(h).to_string())
                .collect(),
        }
    }
}
