//! Pagoda functions: weights on the holes that no jump can raise, found by linear programming.
//!
//! A pagoda function gives each hole h an integer weight w(h) such that for every jump
//! `from`–`over`–`to` of the board, w(to) ≤ w(from) + w(over). A jump takes the weights of
//! `from` and `over` off the position's total and adds that of `to`, so the total weight of
//! the pegs (the position's *pagoda value*) never rises. Hence when some position has a lower
//! value than the goal, the goal cannot be reached from it. One such function with a start
//! below its goal is a proof of impossibility checkable by hand: one inequality per jump and
//! two sums.
//!
//! [`Pagoda::separating`] looks for such a proof with a linear program (microlp): maximise
//! w(goal) − w(start) over weights in a box under the jump inequalities; a positive optimum
//! is scaled to integers and checked exactly. [`Pagoda::pruning_family`] finds the functions
//! the solver uses to cut off positions from which the goal is out of reach.

use super::board::Board;
use super::geometry::Position;
use super::steps::SOLVER_STEPS;
use crate::Error;
use crate::budget::{Budget, Meter};
use microlp::{ComparisonOp, OptimizationDirection, Problem};

/// A pagoda function of a board, with byte tables for fast evaluation of positions.
///
/// [`Pagoda::value`] costs eight table loads on a 64-hole board; building costs O(j + h)
/// for the check of j jumps, plus 16 KiB of tables.
///
/// ```
/// use unhop::boards::{Board, Pagoda};
/// let english = Board::named("english").unwrap();
/// // The constant 1 is a pagoda function: the value is the number of pegs.
/// let count = Pagoda::new(&english, vec![1; 33]).unwrap();
/// assert_eq!(count.value(english.default_start()), 32);
/// // Weight on one hole only is not: a jump into it raises the value.
/// let mut weights = vec![0; 33];
/// weights[16] = 1;
/// assert!(Pagoda::new(&english, weights).unwrap_err().to_string().contains("d4"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pagoda {
    weights: Vec<i64>,
    /// `tables[byte * 256 + value]`: the total weight of the pegs `value` in byte `byte`.
    tables: Vec<i64>,
}

/// A proof that a goal cannot be reached: a pagoda function under which the start is worth
/// less than the goal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PagodaProof {
    /// The pagoda function.
    pub pagoda: Pagoda,
    /// The goal position it separates from the start.
    pub goal: Position,
    /// The start's value.
    pub start_value: i64,
    /// The goal position's value (greater than the start's).
    pub goal_value: i64,
}

/// The bytes a pagoda function keeps, at most: its tables (16 KiB), a weight for each of at
/// most 64 holes, and its room in two vectors of functions (a family, and the same with the
/// goal's values).
pub(crate) const PAGODA_BYTES: u64 = (8 * 256 + 64) * size_of::<i64>() as u64 + 128;

/// The most jumps a board may have for the linear programs to be tried: above it (dense
/// graphs such as `complete:30`, 24,360 jumps) one LP takes seconds, and the search goes on
/// without pagoda functions.
pub const MAX_LP_JUMPS: usize = 20_000;

/// The largest absolute weight the linear programs may give a hole (before scaling to
/// integers); pagoda functions in the literature rarely need more than 2.
const WEIGHT_BOUND: f64 = 2.0;

impl Pagoda {
    /// The pagoda function with these weights (one per hole), after checking every jump.
    /// Errors name the first jump that would raise the value.
    ///
    /// # Complexity
    ///
    /// O(j + h) for the check of j jumps and h holes, then 8 · 256 table entries of 8 bytes
    /// (16 KiB) filled in O(8 · 256 · 8) steps, whatever the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, Pagoda};
    /// use unhop::budget::Budget;
    /// let english = Board::named("english").unwrap();
    /// let err = Pagoda::new(&english, vec![1; 32]).unwrap_err();
    /// assert!(err.to_string().contains("needs 33 weights, not 32"));
    /// // The weights the linear program finds pass the check, and give the same function.
    /// let centre = 1u64 << english.hole_named("d4").unwrap();
    /// let proof = Pagoda::separating(&english, centre, english.full(), &Budget::default());
    /// let found = proof.unwrap().unwrap().pagoda;
    /// assert_eq!(Pagoda::new(&english, found.weights().to_vec()).unwrap(), found);
    /// ```
    pub fn new(board: &Board, weights: Vec<i64>) -> Result<Pagoda, Error> {
        if weights.len() != board.holes() {
            return Err(Error::new(format!(
                "a pagoda function of {} needs {} weights, not {}",
                board.name(),
                board.holes(),
                weights.len()
            )));
        }
        for &jump in board.jumps() {
            let w = |h: u8| weights[h as usize];
            if w(jump.to) > w(jump.from) + w(jump.over) {
                return Err(Error::new(format!(
                    "not a pagoda function: the jump {} raises the value by {}",
                    board.jump_name(jump),
                    w(jump.to) - w(jump.from) - w(jump.over)
                )));
            }
        }
        let mut tables = vec![0; 8 * 256];
        for byte in 0..8 {
            for value in 0..256usize {
                tables[byte * 256 + value] = (0..8)
                    .filter(|bit| value >> bit & 1 == 1)
                    .filter_map(|bit| weights.get(byte * 8 + bit))
                    .sum();
            }
        }
        Ok(Pagoda { weights, tables })
    }

    /// The non-zero weights as `hole:weight`, in the board's order.
    ///
    /// # Complexity
    ///
    /// O(h) time and memory for h holes.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, Pagoda};
    /// let row = Board::named("row:110").unwrap();
    /// // Weight at both ends: a jump from one end over the middle lands on the other.
    /// let ends = Pagoda::new(&row, vec![1, 0, 1]).unwrap();
    /// assert_eq!(ends.describe(&row), "0:1 2:1");
    /// ```
    pub fn describe(&self, board: &Board) -> String {
        let weights: Vec<String> = self
            .weights()
            .iter()
            .enumerate()
            .filter(|(_, w)| **w != 0)
            .map(|(h, w)| format!("{}:{w}", board.hole_name(h)))
            .collect();
        weights.join(" ")
    }

    /// The weight of each hole.
    pub fn weights(&self) -> &[i64] {
        &self.weights
    }

    /// The total weight of the pegs of `position`.
    ///
    /// # Complexity
    ///
    /// O(h/8): one table look-up a byte of the position, up to its last peg; no allocation.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, Pagoda};
    /// let row = Board::named("row:110").unwrap();
    /// let ends = Pagoda::new(&row, vec![1, 0, 1]).unwrap();
    /// assert_eq!(ends.value(row.full()), 2);
    /// assert_eq!(ends.value(0b010), 0);
    /// assert_eq!(ends.value(row.default_start()), 1); // pegs in holes 0 and 1
    /// ```
    #[inline]
    pub fn value(&self, position: Position) -> i64 {
        let mut total = 0;
        let mut rest = position;
        let mut byte = 0;
        while rest != 0 {
            total += self.tables[byte * 256 + (rest & 0xff) as usize];
            rest >>= 8;
            byte += 1;
        }
        total
    }

    /// A pagoda function under which `start` is worth less than `goal`, if the linear program
    /// finds one: a proof that `goal` cannot be reached from `start`. One LP with h variables
    /// and j constraints, charged to `budget` in [`SOLVER_STEPS`] ([`Pagoda::lp_cost`]); None
    /// without trying on boards of more than [`MAX_LP_JUMPS`] jumps.
    ///
    /// # Complexity
    /// One linear program of h variables and j constraints for h holes and j jumps, at most
    /// [`Pagoda::lp_cost`]; then O(j + h) for the exact check.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, Pagoda};
    /// use unhop::budget::Budget;
    /// let english = Board::named("english").unwrap();
    /// // Jumps never add pegs: one peg in the centre cannot become the full board.
    /// let centre = 1u64 << english.hole_named("d4").unwrap();
    /// let proof = Pagoda::separating(&english, centre, english.full(), &Budget::default())
    ///     .unwrap()
    ///     .unwrap();
    /// assert!(proof.start_value < proof.goal_value);
    /// assert_eq!(proof.pagoda.value(centre), proof.start_value);
    /// ```
    pub fn separating(
        board: &Board,
        start: Position,
        goal: Position,
        budget: &Budget,
    ) -> Result<Option<PagodaProof>, Error> {
        Pagoda::separating_metered(board, start, goal, &lp_meter(budget, board))
    }

    /// [`Pagoda::separating`], charging `meter`.
    pub(crate) fn separating_metered(
        board: &Board,
        start: Position,
        goal: Position,
        meter: &Meter,
    ) -> Result<Option<PagodaProof>, Error> {
        let Some(weights) = solve_lp(board, goal_minus_start(start, goal), &[], meter)? else {
            return Ok(None);
        };
        meter.hold(PAGODA_BYTES)?;
        let Ok(pagoda) = Pagoda::new(board, weights) else {
            meter.release(PAGODA_BYTES);
            return Ok(None);
        };
        let (start_value, goal_value) = (pagoda.value(start), pagoda.value(goal));
        if start_value >= goal_value {
            meter.release(PAGODA_BYTES);
            return Ok(None);
        }
        Ok(Some(PagodaProof {
            pagoda,
            goal,
            start_value,
            goal_value,
        }))
    }

    /// Pagoda functions for cutting off positions between `start` and `goal` (when no single
    /// one separates them): the LP optimum of [`Pagoda::separating`], which leaves the least
    /// slack between start and goal, and for every hole h the optimum with w(h) ≤ −1, which
    /// cuts off positions where a peg stays stuck in h; then their images under the board's
    /// symmetries that fix `goal` (any image of a pagoda function is one). Duplicates are
    /// left out. Costs h + 1 LPs for h holes, charged to `budget` like
    /// [`Pagoda::separating`]; empty on boards of more than [`MAX_LP_JUMPS`] jumps.
    ///
    /// # Complexity
    /// h + 1 linear programs for h holes (each as in [`Pagoda::separating`]), then O(f · s · h)
    /// for the images of f functions under s symmetries.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, Pagoda};
    /// use unhop::budget::Budget;
    /// let french = Board::named("french").unwrap();
    /// let start = french.full() & !(1 << french.hole_named("d3").unwrap());
    /// let goal = 1 << french.hole_named("d5").unwrap();
    /// let family = Pagoda::pruning_family(&french, start, goal, &Budget::default()).unwrap();
    /// assert!(!family.is_empty());
    /// // A position that can still finish is never worth less than the goal.
    /// assert!(family.iter().all(|p| p.value(start) >= p.value(goal)));
    /// ```
    pub fn pruning_family(
        board: &Board,
        start: Position,
        goal: Position,
        budget: &Budget,
    ) -> Result<Vec<Pagoda>, Error> {
        Pagoda::pruning_family_metered(board, start, goal, &lp_meter(budget, board))
    }

    /// [`Pagoda::pruning_family`], charging `meter` and holding the functions found.
    pub(crate) fn pruning_family_metered(
        board: &Board,
        start: Position,
        goal: Position,
        meter: &Meter,
    ) -> Result<Vec<Pagoda>, Error> {
        let group = board.symmetries().stabilizer(&[goal]);
        meter.hold(group.table_bytes())?;
        let mut family: Vec<Pagoda> = Vec::new();
        let negative_holes = std::iter::once(None).chain((0..board.holes()).map(Some));
        for hole in negative_holes {
            let fixed: Vec<(usize, f64)> = hole.map(|h| (h, -1.0)).into_iter().collect();
            let Some(weights) = solve_lp(board, goal_minus_start(start, goal), &fixed, meter)?
            else {
                continue;
            };
            for permutation in group.permutations() {
                let mut image = vec![0; weights.len()];
                for (h, &w) in weights.iter().enumerate() {
                    image[permutation[h] as usize] = w;
                }
                // Each candidate is held while it is made and compared; kept if new.
                meter.hold(PAGODA_BYTES)?;
                match Pagoda::new(board, image) {
                    Ok(pagoda)
                        if pagoda.weights.iter().any(|&w| w != 0) && !family.contains(&pagoda) =>
                    {
                        family.push(pagoda);
                    }
                    _ => meter.release(PAGODA_BYTES),
                }
            }
        }
        meter.release(group.table_bytes());
        Ok(family)
    }

    /// What one linear program of [`Pagoda::separating`] costs on `board`, as charged: its
    /// work in [`SOLVER_STEPS`] and the bytes it may allocate, both from the board's holes h
    /// and jumps j alone. Measured with microlp (the same shared machine as the solver's
    /// steps): an LP took 0.3 to 2.4 ms on boards of up to 108 jumps, 4.9 ms on the 8 × 8
    /// square (192 jumps, 64 holes), 29 ms on Q_6 (1,920 jumps) and 65 ms on K_20 (6,840),
    /// about 0.8 ms and 5 + 0.2·h µs a jump, and allocated about 1.1 KiB a jump. Charged with
    /// room to spare: 150,000 + j · (600 + 30·h) steps (a step of the search is 10 to 20 ns)
    /// and 32 KiB + 2 KiB a jump + 128 bytes a hole. O(1).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::boards::{Board, Pagoda};
    /// let english = Board::named("english").unwrap();
    /// assert_eq!(Pagoda::lp_cost(&english), (150_000 + 76 * (600 + 30 * 33), (32 << 10) + 76 * 2048 + 33 * 128));
    /// ```
    pub fn lp_cost(board: &Board) -> (u64, u64) {
        let (h, j) = (board.holes() as u64, board.jumps().len() as u64);
        (
            150_000 + j * (600 + 30 * h),
            (32 << 10) + j * 2048 + h * 128,
        )
    }
}

/// The meter of the linear programs of `board` run on their own.
fn lp_meter(budget: &Budget, board: &Board) -> Meter {
    budget.meter(
        format!("the pagoda functions of {}", board.name()),
        SOLVER_STEPS,
    )
}

/// The LP objective w(goal) − w(start): each hole's peg in the goal minus its peg in the start.
fn goal_minus_start(start: Position, goal: Position) -> impl Fn(usize) -> f64 {
    move |h| f64::from((goal >> h & 1) as u8) - f64::from((start >> h & 1) as u8)
}

/// Maximises Σ objective(h) · w(h) over weights in [−WEIGHT_BOUND, WEIGHT_BOUND] with
/// w(to) ≤ w(from) + w(over) for every jump and w(h) ≤ bound for each `(h, bound)` of
/// `upper` (None on boards of more than [`MAX_LP_JUMPS`] jumps), after charging `meter` its
/// cost ([`Pagoda::lp_cost`]) and holding its memory while it runs; returns the optimum
/// scaled to integers (the least denominator ≤ 360 that makes every weight integral within
/// 10⁻⁶), or None when the LP fails or has no such scaling.
fn solve_lp(
    board: &Board,
    objective: impl Fn(usize) -> f64,
    upper: &[(usize, f64)],
    meter: &Meter,
) -> Result<Option<Vec<i64>>, Error> {
    if board.jumps().len() > MAX_LP_JUMPS {
        return Ok(None);
    }
    let (steps, bytes) = Pagoda::lp_cost(board);
    meter.charge(steps)?;
    meter.hold(bytes)?;
    let weights = lp_optimum(board, objective, upper);
    meter.release(bytes);
    Ok(weights)
}

/// The LP of [`solve_lp`], solved by microlp.
fn lp_optimum(
    board: &Board,
    objective: impl Fn(usize) -> f64,
    upper: &[(usize, f64)],
) -> Option<Vec<i64>> {
    let mut problem = Problem::new(OptimizationDirection::Maximize);
    let vars: Vec<_> = (0..board.holes())
        .map(|h| {
            let high = upper
                .iter()
                .find(|(u, _)| *u == h)
                .map_or(WEIGHT_BOUND, |&(_, b)| b);
            problem.add_var(objective(h), (-WEIGHT_BOUND, high))
        })
        .collect();
    for jump in board.jumps() {
        let (from, over, to) = (jump.from as usize, jump.over as usize, jump.to as usize);
        problem.add_constraint(
            [(vars[to], 1.0), (vars[from], -1.0), (vars[over], -1.0)],
            ComparisonOp::Le,
            0.0,
        );
    }
    // microlp documents that it may panic on hard problems; a failed LP only means no
    // pagoda function, so the search goes on without one.
    let solved = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| problem.solve()));
    let solution = solved.ok()?.ok()?.into_solution().ok()?;
    let values: Vec<f64> = vars.iter().map(|&v| solution.var_value(v)).collect();
    (1..=360).find_map(|denominator: i64| {
        let scaled: Vec<f64> = values.iter().map(|v| v * denominator as f64).collect();
        scaled
            .iter()
            .all(|s| (s - s.round()).abs() < 1e-6)
            .then(|| scaled.iter().map(|s| s.round() as i64).collect())
    })
}
