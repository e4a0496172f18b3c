//! [`BatchValues`]: the values of a stream of words of one game, each by the cheaper of two
//! methods: the memoised recursion of [`Analysis`], or a look-up in a dense table of every
//! word up to a length ([`FiniteTable`](crate::games::FiniteTable),
//! [`InfiniteTable`](crate::games::InfiniteTable)), built once the batch has shown
//! that it pays. Its cost model is in the type's documentation.

use super::analysis::Analysis;
use super::finite_table::MAX_TABLE_LEN;
use super::game::Duotaire;
use super::infinite_table::MAX_INFINITE_TABLE_LEN;
use super::moves::MoveRule;
use super::p_positions::{ValueLookup, dense_estimate, dense_lookup};
use super::report::GrundyReport;
use super::saved_table::SavedTable;
use crate::budget::{Budget, Estimate};
use crate::error::Error;
use crate::games::Convention;
use crate::method::Method;
use crate::progress::Progress;
use crate::solitaire::Board;
use crate::word::Word;
use std::sync::atomic::Ordering::{Acquire, Release};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock, PoisonError};

/// The longest size any table answers: the longer of the two boards' longest tables.
const LONGEST_TABLE: usize = if MAX_TABLE_LEN > MAX_INFINITE_TABLE_LEN {
    MAX_TABLE_LEN
} else {
    MAX_INFINITE_TABLE_LEN
};

/// The words of a finite-board table valued in the time of one move listed by the recursion
/// (measured: 14 to 22 ns a word of the table to length 20, 175 to 270 ns a move).
const FINITE_TABLE_WORDS_PER_MOVE: u128 = 8;

/// What the table to `max_size` on `board` costs in moves of the recursion: its words
/// ([`BatchValues::table_estimate`]), of which a move is worth
/// [`FINITE_TABLE_WORDS_PER_MOVE`] on the finite board and one on the infinite board (where a
/// word has more options and the longest are valued on demand: 180 to 220 ns a word).
fn table_cost_in_moves(board: Board, max_size: usize) -> u128 {
    let words = BatchValues::table_estimate(board, max_size).work;
    match board {
        Board::Finite => words / FINITE_TABLE_WORDS_PER_MOVE,
        Board::Infinite => words,
    }
}

/// The fewest words of a table built on a pool of threads of its own ([`on_every_core`]):
/// starting the pool takes 0.1 to 2 ms, as long as one thread takes on 2^15 words.
const POOLED_BUILD_WORDS: u128 = 1 << 16;

/// A dense table of every word up to a size, as a look-up.
struct Table {
    lookup: ValueLookup,
}

/// The values of the words of one game (move rule, board, play rule), asked one by one, each
/// answered by the memoised recursion ([`Analysis`]) or from a dense table of every word up
/// to a size, whichever the words asked so far say is cheaper (the cost model below). The
/// answers are the recursion's, word for word.
///
/// Shared between threads (`Sync`): words may be asked from several at once. One builds a
/// table, on a pool of as many threads as its own when it is large, and the others wait for
/// it (the build has every core) when a word of theirs is of a size any table may hold.
///
/// # The cost model
///
/// A word's *size* is what a table must hold to answer it: its length on the finite board, its
/// peg span (the cells from the first peg to the last) on the infinite board, where holes at
/// the ends do not matter.
///
/// * **Recursion** on a word costs the moves its analysis lists
///   ([`Analysis::moves_listed`], in [`SOLVER_MOVES`](crate::games::SOLVER_MOVES)): a fresh
///   memo for each word (so a word's limits are its own, as when it is asked alone), about
///   17 µs for a random word of 20 cells.
/// * **The table** that answers every word of size up to L costs
///   [`BatchValues::table_estimate`]: 2^(L+1) − 2 words valued and about 3.75 × 2^L bytes on
///   the finite board (every length kept whole: 4 MiB at L = 20, 1 GiB at L = 28), 2^(L−1)
///   words and about 2^(L+1) bytes on the infinite board (2 MiB at 20); then each word of that
///   size is a look-up, O(1) after reading its cells. A word of the finite table costs a few
///   bit operations per option, about a tenth of a move of the recursion (a hashed memo entry,
///   a vector of options): 14 to 22 ns against 175 to 270 ns, measured on random words of up
///   to 20 cells; eight of its words are counted as one move. A word of the infinite table has
///   more options, and the options longer than the table are valued on demand: 180 to 220 ns,
///   counted as one move.
///
/// The rule, that of renting before buying: every word answered by recursion adds its moves
/// to the work spent on its size. Before a word of size n that no table answers is valued,
/// the longest L ≥ n (n itself or the size of a word valued before: no table is longer than
/// the words need) is looked for whose table's cost in moves is no more than the work spent
/// so far on words of size up to L; if there is one, its table is built (under the batch's
/// budget, refused when its memory or work is beyond the limits) and answers this word and
/// every later word up to size L. A table is thus built only once the batch has spent at
/// least its cost on words it would have answered, and only when a word that needs it comes:
/// a batch of one word, or of a few, never builds one; a batch of many short words builds one
/// early and answers the rest at the speed of a look-up. A longer table may take over from a
/// shorter one later, by the same rule; their costs double with each length, so all the tables
/// built cost at most twice the last, itself at most the recursion spent before it: a batch
/// never costs more than three times its recursion alone, in these units. The shorter tables
/// are kept until the batch is dropped (a look-up then takes no lock), at most as much memory
/// again as the longest; a new table's memory estimate counts them.
///
/// A table that the budget refuses is never asked for again, nor any longer one; its words are
/// answered by recursion. Under [`Method::Exhaustive`] (the slow twin, there to check the fast
/// one) no table is ever used.
///
/// A batch given the compact tables saved in a folder ([`BatchValues::with_saved_table`])
/// answers from them first every word whose blocks they hold, a read a block, of any length.
///
/// # Complexity
///
/// A word answered by recursion costs what [`Analysis::value`] costs, plus O(L) for the rule
/// (L the longest table size); a word answered from the table, O(|word|) to read its cells. A
/// table to size L costs [`BatchValues::table_estimate`].
///
/// # Examples
///
/// ```
/// use unhop::{Method, Quiet, Word, budget::Budget, games::{BatchValues, Duotaire, MoveRule}, solitaire::Board};
/// let game = Duotaire::new(MoveRule::Chain, Board::Finite);
/// let batch = BatchValues::new(game, Method::Fast, Budget::default());
/// let word: Word = "01101010".parse().unwrap();
/// assert_eq!(batch.value(&word, &Budget::default(), &Quiet).unwrap(), 3);
/// assert_eq!(batch.table_size(), None); // one word: recursion
/// for _ in 0..1000 {
///     assert_eq!(batch.value(&word, &Budget::default(), &Quiet).unwrap(), 3);
/// }
/// assert!(batch.table_size() >= Some(8)); // many: a table
/// ```
pub struct BatchValues {
    game: Duotaire,
    method: Method,
    /// The budget the tables are built under.
    budget: Budget,
    /// The moves the recursion has listed for the words of each size so far.
    spent: [AtomicU64; LONGEST_TABLE + 1],
    /// The tables built, by size: each longer than the one before, the longest answering.
    /// They are kept until the batch is dropped (all of them cost at most twice the longest)
    /// so that a look-up takes no lock: a read-write lock's counter, taken for every word,
    /// made two threads of look-ups slower than one.
    tables: [OnceLock<Table>; LONGEST_TABLE + 1],
    /// The size of the longest table built (its entry in `tables` is set), 0 for none.
    longest: AtomicUsize,
    /// The size of the table being built, if one is; [`BatchValues::built`] is told when it
    /// is done.
    building: Mutex<Option<usize>>,
    /// Wakes the threads waiting for the table being built.
    built: Condvar,
    /// The shortest size whose table the budget refused (or that failed to build).
    refused_from: AtomicUsize,
    /// A compact table kept in a folder, asked first ([`BatchValues::with_saved_table`]).
    saved: Option<SavedTable>,
}

impl BatchValues {
    /// A batch of `game` valued by `method`, with no table yet; its tables are built under
    /// `budget` (each word's recursion runs under the budget given with it).
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, budget::Budget, games::{BatchValues, Duotaire, MoveRule}, solitaire::Board};
    /// let game = Duotaire::new(MoveRule::Single, Board::Infinite);
    /// let batch = BatchValues::new(game, Method::Exhaustive, Budget::default());
    /// assert_eq!((batch.game(), batch.method(), batch.table_size()), (game, Method::Exhaustive, None));
    /// ```
    pub fn new(game: Duotaire, method: Method, budget: Budget) -> BatchValues {
        BatchValues {
            game,
            method,
            budget,
            spent: std::array::from_fn(|_| AtomicU64::new(0)),
            tables: std::array::from_fn(|_| OnceLock::new()),
            longest: AtomicUsize::new(0),
            building: Mutex::new(None),
            built: Condvar::new(),
            refused_from: AtomicUsize::new(LONGEST_TABLE + 1),
            saved: None,
        }
    }

    /// The same batch answering every word whose blocks `saved` holds from it (a read of a
    /// byte a block), before any other method; for the finite board under normal play, the
    /// table's move rule and the fast method only: an error saying which of them the batch's
    /// game or method is not.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, budget::Budget, games::{BatchValues, CompactTable, Duotaire, MoveRule, SavedLengths, SavedTable}, solitaire::Board};
    /// let folder = tempfile::tempdir().unwrap();
    /// let saved = SavedLengths::open(folder.path()).unwrap();
    /// let table = CompactTable::build(MoveRule::Single, 10, &Budget::default(), &Quiet).unwrap();
    /// (1..=10).for_each(|len| saved.save(MoveRule::Single, len, table.length_values(len)).unwrap());
    /// let open = || SavedTable::open(folder.path(), MoveRule::Single).unwrap();
    /// let game = Duotaire::new(MoveRule::Single, Board::Finite);
    /// let batch = BatchValues::new(game, Method::Fast, Budget::default()).with_saved_table(open()).unwrap();
    /// let value = |w: &str| batch.value(&w.parse().unwrap(), &Budget::default(), &Quiet).unwrap();
    /// assert_eq!((value("0110"), value("1".repeat(12).as_str())), (1, 0)); // the second by recursion
    /// let infinite = Duotaire::new(MoveRule::Single, Board::Infinite);
    /// assert!(BatchValues::new(infinite, Method::Fast, Budget::default()).with_saved_table(open()).is_err());
    /// ```
    pub fn with_saved_table(self, saved: SavedTable) -> Result<BatchValues, Error> {
        let game = self.game;
        let unfit = match () {
            _ if game.board() != Board::Finite => Some("of the finite board (--board finite)"),
            _ if game.convention() != Convention::Normal => Some("of normal play"),
            _ if game.rule() != saved.rule() => Some(match saved.rule() {
                MoveRule::Single => "of single hops (--moves single)",
                MoveRule::Chain => "of chain moves (--moves chain)",
            }),
            _ if self.method != Method::Fast => Some("looked up by the fast method"),
            _ => None,
        };
        match unfit {
            Some(what) => Err(Error::new(format!(
                "the saved compact tables hold only values {what}"
            ))),
            None => Ok(BatchValues {
                saved: Some(saved),
                ..self
            }),
        }
    }

    /// The same batch that never builds a table: every word by its own recursion. For limits
    /// given for each word alone (the command line's `--max-work` and `--max-positions`): a
    /// table answers a word whose recursion would pass them, and which words come after the
    /// table is built depends on the order they are answered in.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, budget::Budget, games::{BatchValues, Duotaire, MoveRule}, solitaire::Board};
    /// let game = Duotaire::new(MoveRule::Chain, Board::Finite);
    /// let batch = BatchValues::new(game, Method::Fast, Budget::default()).without_tables();
    /// for _ in 0..1000 {
    ///     assert_eq!(batch.value(&"01101010".parse().unwrap(), &Budget::default(), &Quiet).unwrap(), 3);
    /// }
    /// assert_eq!(batch.table_size(), None);
    /// ```
    pub fn without_tables(self) -> BatchValues {
        BatchValues {
            refused_from: AtomicUsize::new(0),
            ..self
        }
    }

    /// The game.
    pub fn game(&self) -> Duotaire {
        self.game
    }

    /// The method of the recursion; [`Method::Exhaustive`] never uses tables.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The size up to which the table answers, if one has been built (the cost model of
    /// [`BatchValues`] says what a size is).
    pub fn table_size(&self) -> Option<usize> {
        match self.longest.load(Acquire) {
            0 => None,
            longest => Some(longest),
        }
    }

    /// What the table answering every word of size up to `max_size` on `board` costs: its
    /// words valued and its memory ([`dense_estimate`]: on the finite board every length is
    /// kept whole).
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{games::BatchValues, solitaire::Board};
    /// let finite = BatchValues::table_estimate(Board::Finite, 20);
    /// assert_eq!((finite.work, finite.bytes >> 20), ((1 << 21) - 2, 3));
    /// assert_eq!(BatchValues::table_estimate(Board::Infinite, 20).work, 1 << 19);
    /// ```
    pub fn table_estimate(board: Board, max_size: usize) -> Estimate {
        let mut estimate = dense_estimate(board, max_size);
        estimate.what = format!("the table of the batch's words to size {max_size}");
        estimate
    }

    /// The value of `word` (its misère value under misère play), from the table when there is
    /// one that holds it or the batch now pays for one, else by recursion under `budget` (the
    /// word's own: its limits apply to this word alone) reporting to `progress`, as
    /// [`Analysis::value`]: the same value, or the same error (except that a word the table
    /// holds has its value even when `budget` is too small for its recursion: the table was
    /// paid for under the batch's budget).
    ///
    /// # Complexity
    ///
    /// As [`Analysis::value`], or O(|word|) from a table; building a table costs
    /// [`BatchValues::table_estimate`] (the cost model of [`BatchValues`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, budget::Budget, games::{BatchValues, Convention, Duotaire, MoveRule}, solitaire::Board};
    /// let game = Duotaire::new(MoveRule::Single, Board::Infinite).with_convention(Convention::Misere);
    /// let batch = BatchValues::new(game, Method::Fast, Budget::default());
    /// let value = |w: &str| batch.value(&w.parse().unwrap(), &Budget::default(), &Quiet).unwrap();
    /// assert_eq!((value("11"), value("0100")), (0, 1));
    /// let long = "1".repeat(50).parse().unwrap();
    /// assert!(batch.value(&long, &Budget::default(), &Quiet).is_err()); // as Analysis::value
    /// ```
    pub fn value(
        &self,
        word: &Word,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<u32, Error> {
        if let Some(value) = self.saved_value(word)? {
            return Ok(value);
        }
        let size = self.size(word);
        if let Some(value) = self.value_in_table(word, size, progress) {
            return Ok(value);
        }
        let mut analysis = Analysis::new(self.game, budget, progress).with_method(self.method);
        let value = analysis.value(word)?;
        if let Some(spent) = self.spent.get(size) {
            spent.fetch_add(analysis.moves_listed(), Relaxed);
        }
        Ok(value)
    }

    /// The report of `word`: its value ([`BatchValues::value`]) and, when asked for, its
    /// winning moves and options, as [`Analysis::report`] makes it (all by recursion then, a
    /// word's moves being listed anyway).
    ///
    /// # Complexity
    ///
    /// As [`BatchValues::value`], or [`Analysis::report`] with moves or options.
    ///
    /// # Examples
    ///
    /// ```
    /// use unhop::{Method, Quiet, budget::Budget, games::{BatchValues, Duotaire, MoveRule}, solitaire::Board};
    /// let batch = BatchValues::new(Duotaire::new(MoveRule::Single, Board::Finite), Method::Fast, Budget::default());
    /// let report = batch.report(&"0110".parse().unwrap(), true, false, &Budget::default(), &Quiet).unwrap();
    /// assert_eq!((report.value, report.winning_moves.unwrap().len()), (1, 2));
    /// ```
    pub fn report(
        &self,
        word: &Word,
        winning_moves: bool,
        options: bool,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<GrundyReport, Error> {
        if winning_moves || options {
            let mut analysis = Analysis::new(self.game, budget, progress).with_method(self.method);
            return analysis.report(word, winning_moves, options);
        }
        let value = self.value(word, budget, progress)?;
        Ok(GrundyReport::of_value(word, self.game, self.method, value))
    }

    /// The value of `word` from the saved compact table, if there is one that holds its blocks.
    fn saved_value(&self, word: &Word) -> Result<Option<u32>, Error> {
        match &self.saved {
            Some(saved) => Ok(saved.value(word)?.map(u32::from)),
            None => Ok(None),
        }
    }

    /// The size of `word`: what a table must hold to answer it.
    fn size(&self, word: &Word) -> usize {
        match self.game.board() {
            Board::Finite => word.len(),
            Board::Infinite => word.peg_span().len(),
        }
    }

    /// The longest size a table of this game may have.
    fn longest_table(&self) -> usize {
        match self.game.board() {
            Board::Finite => MAX_TABLE_LEN,
            Board::Infinite => MAX_INFINITE_TABLE_LEN,
        }
    }

    /// The value of `word` of size `size` from the table, built first when the batch now
    /// pays for it; `None` when no table answers it.
    fn value_in_table(&self, word: &Word, size: usize, progress: &dyn Progress) -> Option<u32> {
        if self.method == Method::Exhaustive || size > self.longest_table() {
            return None;
        }
        if let Some(value) = self.looked_up(word, size) {
            return Some(value);
        }
        self.build_if_it_pays(size, progress);
        self.looked_up(word, size)
    }

    /// The value of `word` of size `size` in the table, if the table holds it.
    fn looked_up(&self, word: &Word, size: usize) -> Option<u32> {
        let longest = self.longest.load(Acquire);
        if size > longest {
            return None;
        }
        match (self.tables[longest].get()?.lookup)(word) {
            u8::MAX => None,
            value => Some(u32::from(value)),
        }
    }

    /// The longest size from `size` up whose table costs no more than the recursion has spent
    /// on the words it would answer, below any refused size: `size` itself or the size of a
    /// word asked before (no table is longer than the words need); `None` if there is none.
    fn size_that_pays(&self, size: usize) -> Option<usize> {
        let board = self.game.board();
        let refused_from = self.refused_from.load(Relaxed);
        let longest = self.longest_table().min(refused_from.saturating_sub(1));
        // Every table holds the words of size 1 at least.
        let size = size.max(1);
        let spent_below: u128 = self.spent[..size]
            .iter()
            .map(|s| u128::from(s.load(Relaxed)))
            .sum();
        (size..=longest)
            .scan(spent_below, |spent, max_size| {
                *spent += u128::from(self.spent[max_size].load(Relaxed));
                Some((max_size, *spent))
            })
            .filter(|&(max_size, spent)| {
                let asked = max_size == size || self.spent[max_size].load(Relaxed) > 0;
                asked && spent >= table_cost_in_moves(board, max_size)
            })
            .map(|(max_size, _)| max_size)
            .last()
    }

    /// Builds the table to the size that pays for a word of size `size`, if there is one; a
    /// table the budget refuses (or that fails) marks its size refused, and the words go on by
    /// recursion. While another thread builds a table, waits for it: the build has every core
    /// (its cost is at most the recursion spent already), and a word it does not hold is
    /// valued by recursion after.
    fn build_if_it_pays(&self, size: usize, progress: &dyn Progress) {
        let building = self.lock_building();
        if building.is_some() {
            let waited = self.built.wait_while(building, |b| b.is_some());
            drop(waited.unwrap_or_else(PoisonError::into_inner));
            return;
        }
        if self.size_that_pays(size).is_none() {
            return;
        }
        let mut building = building;
        // Decided again under the lock: a table may have been built meanwhile.
        let Some(max_size) = self.size_that_pays(size) else {
            return;
        };
        if self.table_size() >= Some(max_size) {
            return;
        }
        *building = Some(max_size);
        drop(building);
        // Whatever happens below (a panic included: Ctrl-C from Python unwinds), the waiting
        // threads are woken.
        let _done = BuildDone(self);
        let game = (self.game.rule(), self.game.convention());
        let board = self.game.board();
        // The tables kept beside the new one count against the memory limit with it.
        let kept: u128 = (1..max_size)
            .filter(|&size| self.tables[size].get().is_some())
            .map(|size| BatchValues::table_estimate(board, size).bytes)
            .sum();
        let build = || {
            let mut estimate = BatchValues::table_estimate(board, max_size);
            estimate.bytes = estimate.bytes.saturating_add(kept);
            let meter = self.budget.reserve(&estimate)?;
            dense_lookup(game, board, max_size, &meter, progress)
        };
        let built = match BatchValues::table_estimate(board, max_size).work < POOLED_BUILD_WORDS {
            true => build(),
            false => on_every_core(build),
        };
        match built {
            Ok(lookup) => {
                // Set once: only the thread that marked this size being built sets it, and
                // only when it is longer than every table before.
                let _ = self.tables[max_size].set(Table { lookup });
                self.longest.store(max_size, Release);
            }
            Err(_) => {
                self.refused_from.fetch_min(max_size, Relaxed);
            }
        }
    }

    /// The size of the table being built, locked (a panic while it was held leaves it whole:
    /// it is only ever set and cleared).
    fn lock_building(&self) -> MutexGuard<'_, Option<usize>> {
        self.building.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Clears the size being built and wakes the threads waiting for it, when dropped.
struct BuildDone<'a>(&'a BatchValues);

impl Drop for BuildDone<'_> {
    fn drop(&mut self) {
        *self.0.lock_building() = None;
        self.0.built.notify_all();
    }
}

/// Runs `work` (which may split itself with rayon) on a pool of threads of its own, as many as
/// the current pool has, from a thread that is not one of the current pool's: the calling
/// worker then waits without taking other work, so its pool's threads that wait for `work`
/// (words whose table it builds) leave it every core. Where a thread or pool cannot be
/// started (a low `ulimit -v`), or there is one thread, `work` runs here. A panic in `work` is
/// resumed here.
///
/// # Complexity
///
/// That of `work`, plus starting the threads (tens of µs each).
fn on_every_core<T: Send>(work: impl Fn() -> T + Sync) -> T {
    let threads = rayon::current_num_threads();
    if threads == 1 {
        return work();
    }
    let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(threads).build() else {
        return work();
    };
    let work = &work;
    let done = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .spawn_scoped(scope, || pool.install(work))
            .map(|thread| thread.join())
    });
    match done {
        Ok(Ok(answer)) => answer,
        Ok(Err(payload)) => std::panic::resume_unwind(payload),
        Err(_) => work(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The work runs on a pool as large as the caller's, gives its answer, and a panic in it
    /// comes back to the caller.
    #[test]
    fn work_on_every_core_answers_and_resumes_its_panics() {
        for threads in [1, 2, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let (caller, (size, worker)) = pool.install(|| {
                let worker = || (rayon::current_num_threads(), std::thread::current().id());
                (std::thread::current().id(), on_every_core(worker))
            });
            assert_eq!(size, threads);
            // On one thread the work runs where it was called; else on a pool of its own.
            assert_eq!(caller == worker, threads == 1);
            let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                pool.install(|| on_every_core(|| std::panic::panic_any(7u8)))
            }));
            assert_eq!(panicked.unwrap_err().downcast_ref::<u8>(), Some(&7));
        }
    }
}
