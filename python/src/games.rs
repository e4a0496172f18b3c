//! Impartial games: Duotaire values and tables, octal games and periods, Nim.

use crate::report::to_python;
use crate::solitaire::word_of;
use crate::{interruptible, parse, py_err};
use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::path::PathBuf;
use unhop::budget::Budget;
use unhop::games::{
    Analysis, BatchValues, Convention, Duotaire, MoveRule, Octal, OctalReport, SavedTable,
    each_length_stats, nim_analysis, octal_values, parse_heaps, proved_period, table_arrays,
    table_index,
};
use unhop::solitaire::Board;
use unhop::{Error, Method};

/// The game the keyword arguments name: `moves`, `board` and `rule`.
fn duotaire(moves: &str, board: &str, rule: &str) -> PyResult<Duotaire> {
    let game = Duotaire::new(parse::<MoveRule>(moves)?, parse::<Board>(board)?);
    Ok(game.with_convention(parse::<Convention>(rule)?))
}

/// The Grundy value of `word` in Duotaire: `moves` is "chain" (a move is one or more hops by
/// the same peg) or "single" (one hop); `rule` is "normal" (the player who cannot move loses)
/// or "misere" (that player wins: the misère value, 0 exactly when the player to move loses).
/// Memoised recursion over the positions reachable from `word` (`method="fast"`), or the
/// plain recursion over every position (`"exhaustive"`), refused beyond the library's limits.
///
/// >>> [unhop.grundy("011" + "01" * n + "0") for n in range(5)]
/// [1, 2, 3, 4, 5]
/// >>> unhop.grundy("0110", moves="single", board="finite")
/// 1
/// >>> unhop.grundy("11000011", moves="single", board="finite", rule="misere")
/// 1
///
/// With `tables` a folder of saved compact tables (``table_stats(..., resume=folder)``, the
/// finite board under normal play), the value is read from them when the word's blocks (its
/// runs of pegs between gaps of three holes) are no longer than the longest length saved,
/// as ``unhop grundy --tables DIR`` does: a read a block, for a word of any length.
#[pyfunction]
#[pyo3(signature = (
    word, moves = "chain", board = "infinite", rule = "normal", method = "fast", tables = None
))]
fn grundy(
    py: Python<'_>,
    word: &str,
    moves: &str,
    board: &str,
    rule: &str,
    method: &str,
    tables: Option<PathBuf>,
) -> PyResult<u32> {
    let (game, method) = (duotaire(moves, board, rule)?, parse::<Method>(method)?);
    let word = word_of(word)?;
    let budget = Budget::default();
    // One word: the recursion alone, as `Analysis::value`, after the saved tables if given.
    let batch = BatchValues::new(game, method, Budget::default()).without_tables();
    let batch = with_tables(batch, tables)?;
    interruptible(py, |progress| batch.value(&word, &budget, progress))
}

/// `batch` answering first from the saved compact tables in the folder `tables`, if given.
fn with_tables(batch: BatchValues, tables: Option<PathBuf>) -> PyResult<BatchValues> {
    let Some(folder) = tables else {
        return Ok(batch);
    };
    let named = |e: Error| py_err(e.context(format!("tables={}", folder.display())));
    let saved = SavedTable::open(&folder, batch.game().rule()).map_err(named)?;
    batch.with_saved_table(saved).map_err(named)
}

/// The Grundy value of `word` with, when asked, its winning moves (`hint`) and its options
/// (`options`), as a dict: the library's report, with the fields of
/// ``unhop grundy --json [--hint] [--options]`` and hops as `(from, over, to)` tuples.
///
/// >>> r = unhop.grundy_report("0110", moves="single", board="finite", hint=True)
/// >>> r["value"], r["rule"], r["winning_moves"]
/// (1, 'normal', [[(1, 2, 3)], [(2, 1, 0)]])
/// >>> [(o["word"], o["value"], o["winning"]) for o in unhop.grundy_report("0110", options=True)["options"]]
/// [('0001', 0, True)]
#[pyfunction]
#[pyo3(signature = (
    word, moves = "chain", board = "infinite", rule = "normal", method = "fast", hint = false,
    options = false
))]
#[allow(clippy::too_many_arguments)]
fn grundy_report<'py>(
    py: Python<'py>,
    word: &str,
    moves: &str,
    board: &str,
    rule: &str,
    method: &str,
    hint: bool,
    options: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let (game, method) = (duotaire(moves, board, rule)?, parse::<Method>(method)?);
    let word = word_of(word)?;
    let budget = Budget::default();
    let report = interruptible(py, |progress| {
        Analysis::new(game, &budget, progress)
            .with_method(method)
            .report(&word, hint, options)
    })?;
    to_python(py, &report)
}

/// The Grundy values of every word of an iterable, as a numpy uint32 array: the values
/// `grundy` gives, each word under limits of its own, by the cheapest method for the batch:
/// the memoised recursion, until the work it has spent on words up to a length pays for the
/// dense table of every word to that length, which then answers them (as
/// ``unhop grundy -`` does).
///
/// >>> unhop.grundy_many(["011" + "01" * n + "0" for n in range(6)], moves="single").tolist()
/// [1, 2, 1, 2, 1, 2]
///
/// `tables`: a folder of saved compact tables, read first, as for `grundy`.
#[pyfunction]
#[pyo3(signature = (words, moves = "chain", board = "infinite", rule = "normal", tables = None))]
fn grundy_many<'py>(
    py: Python<'py>,
    words: &Bound<'py, PyAny>,
    moves: &str,
    board: &str,
    rule: &str,
    tables: Option<PathBuf>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let game = duotaire(moves, board, rule)?;
    let (_, list) = crate::solitaire::words_of(words)?;
    let batch = with_tables(
        BatchValues::new(game, Method::Fast, Budget::default()),
        tables,
    )?;
    let values = interruptible(py, |progress| {
        list.iter()
            .map(|w| batch.value(w, &Budget::default(), progress))
            .collect::<Result<Vec<u32>, Error>>()
    })?;
    Ok(values.into_pyarray(py))
}

/// The Duotaire value of every word of every length 1 to `max_len`, as a list of numpy uint8
/// arrays, one per length (index 0 is length 1), made from the library's table without
/// copying (except the second longest length, which the library keeps only half of).
///
/// The index of a word is the word read as a binary number with its first cell as the most
/// significant bit (``int(word, 2)`` on the finite board). The library stores the values
/// with the first cell as the least significant bit; a word and its mirror image have the
/// same value under both move rules on both boards, so the two readings give the same array
/// and the library's vectors are handed over as they are. On the infinite board, where holes
/// at the ends do not matter, length n covers the words with a peg at both ends (length 1:
/// the word ``1``), indexed by their n − 2 middle cells the same way. `word_index` gives the
/// index of a word.
///
/// O(2^N × moves) time; about 1.75 × 2^N bytes (finite) or 2^(N+1) bytes (infinite), refused
/// (`RefusedError`) beyond the memory or the library's default work.
///
/// >>> t = unhop.table(3, moves="single", board="finite")
/// >>> [a.tolist() for a in t]
/// [[0, 0], [0, 0, 0, 0], [0, 0, 0, 1, 0, 0, 1, 0]]
/// >>> bool(t[2][unhop.word_index("110", board="finite")] == unhop.grundy("110", moves="single", board="finite"))
/// True
#[pyfunction]
#[pyo3(signature = (max_len, moves = "chain", board = "infinite", rule = "normal"))]
fn table<'py>(
    py: Python<'py>,
    max_len: usize,
    moves: &str,
    board: &str,
    rule: &str,
) -> PyResult<Bound<'py, PyList>> {
    let game = duotaire(moves, board, rule)?;
    let budget = Budget::default();
    let lengths = interruptible(py, |progress| {
        table_arrays(game, max_len, &budget, progress)
    })?;
    let list = PyList::empty(py);
    for values in lengths {
        list.append(PyArray1::from_vec(py, values))?;
    }
    Ok(list)
}

/// The index of `word` in its length's array of `table`: its cells read as a binary number,
/// the first cell most significant (finite board: ``int(word, 2)``; infinite board: the
/// middle cells of a word with a peg at both ends).
///
/// >>> unhop.word_index("110", board="finite"), unhop.word_index("1011")
/// (6, 1)
#[pyfunction]
#[pyo3(signature = (word, board = "infinite"))]
fn word_index(word: &str, board: &str) -> PyResult<u128> {
    table_index(&word_of(word)?, parse(board)?).map_err(py_err)
}

/// Statistics of every length 1 to `max_len`: a list of dicts with `length`, `moves`,
/// `board`, `rule`, `method`, `words`, `p_positions` (value 0), `max_value`, `example` (the
/// first word with the largest value) and `value_counts` (the number of words with each value
/// 0 … `max_value`): the rows of ``unhop table --stats --json``. On the finite board under
/// normal play they are counted from the compact table of the blocks (half a byte a block: 76
/// MB to length 30, 258 MB to 32), refused beyond `max_work` blocks (by default 2^30, length
/// 33); with `resume` (a folder, made if missing) each of its lengths is saved there when done
/// and read back by a later call instead of computed, as ``--resume DIR`` does. Elsewhere
/// they come from the same dense tables as `table`.
///
/// >>> s = unhop.table_stats(3, moves="single", board="finite")[2]
/// >>> s["words"], s["p_positions"], s["example"], s["value_counts"]
/// (8, 6, '110', [6, 2])
#[pyfunction]
#[pyo3(signature = (max_len, moves = "chain", board = "infinite", rule = "normal", method = "fast", max_work = None, resume = None))]
#[allow(clippy::too_many_arguments)]
fn table_stats<'py>(
    py: Python<'py>,
    max_len: usize,
    moves: &str,
    board: &str,
    rule: &str,
    method: &str,
    max_work: Option<u64>,
    resume: Option<std::path::PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    let (game, method) = (duotaire(moves, board, rule)?, parse::<Method>(method)?);
    let budget = work_budget(max_work);
    let stats = interruptible(py, |progress| {
        let mut stats = Vec::new();
        each_length_stats(
            game,
            method,
            max_len,
            &budget,
            progress,
            resume.as_deref(),
            &mut |s| {
                stats.push(s);
                Ok::<(), Error>(())
            },
        )?;
        Ok::<_, Error>(stats)
    })?;
    to_python(py, &stats)
}

/// The Grundy values G(0) … G(max_heap) of an octal game (code such as "0.77" or "4.07",
/// or "grundy" for Grundy's game), as a numpy uint32 array. The fast method is the
/// rare-value method, the rest filled by the period once one is proved, and gives up
/// (`GaveUpError`) after `max_work` steps (by default the library's, 6 × 10^9); the exhaustive
/// one is the plain mex loop, refused (`RefusedError`) beyond `max_work` options (by default
/// 10^10).
///
/// >>> unhop.octal("0.07", 12).tolist()
/// [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]
#[pyfunction]
#[pyo3(signature = (code, max_heap, method = "fast", max_work = None))]
fn octal<'py>(
    py: Python<'py>,
    code: &str,
    max_heap: usize,
    method: &str,
    max_work: Option<u64>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let game: Octal = parse(code)?;
    let method: Method = parse(method)?;
    let budget = work_budget(max_work);
    let (values, _) = interruptible(py, |progress| {
        octal_values(&game, max_heap, method, &budget, progress)
    })?;
    Ok(values.into_pyarray(py))
}

/// The summary of an octal game's values G(0) … G(max_heap) by the rare-value method: a dict
/// with `code`, `max_heap`, `method`, `largest`, `zeros` (heaps of value 0), `preperiod` and
/// `period` (None: not asked for here) and `rare_value_method`, the method's account:
/// `common_values` (how many values are common), `rare_heaps` (heaps with a rare value),
/// `pairs_marked`, `pairs_compared`, `full_scans`, and `filled_from` with `filled_by_period`
/// when a proved period filled in the rest (else None): ``unhop octal --json --summary``.
///
/// >>> s = unhop.octal_stats("0.16", 2000)["rare_value_method"]
/// >>> s["rare_heaps"] < 100 < 2000 - s["rare_heaps"]
/// True
#[pyfunction]
#[pyo3(signature = (code, max_heap, max_work = None))]
fn octal_stats<'py>(
    py: Python<'py>,
    code: &str,
    max_heap: usize,
    max_work: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let game: Octal = parse(code)?;
    let budget = work_budget(max_work);
    let report = interruptible(py, |progress| {
        OctalReport::new(&game, max_heap, Method::Fast, false, &budget, progress)
    })?;
    to_python(py, &report.summary())
}

/// The period of an octal game's values G(0) … G(max_heap), proved by the Guy–Smith
/// criterion: a dict with `preperiod` and `period`, or None when those values prove none.
/// (Not for Grundy's game, whose unequal splits the criterion does not cover.)
///
/// >>> unhop.octal_period("0.77", 200)
/// {'preperiod': 71, 'period': 12}
#[pyfunction]
#[pyo3(signature = (code, max_heap))]
fn octal_period<'py>(py: Python<'py>, code: &str, max_heap: usize) -> PyResult<Bound<'py, PyAny>> {
    let game: Octal = parse(code)?;
    let budget = Budget::default();
    let report = interruptible(py, |progress| {
        OctalReport::new(&game, max_heap, Method::Fast, true, &budget, progress)
    })?;
    to_python(py, &report.proved_period())
}

/// The library's default budget, with `max_work` units of work when given.
fn work_budget(max_work: Option<u64>) -> Budget {
    match max_work {
        Some(work) => Budget::default().with_max_work(work),
        None => Budget::default(),
    }
}

/// The period of any octal-game value sequence `values` (G(0), G(1), …) whose moves take at
/// most `max_taken` stones, proved by the Guy–Smith criterion, or None.
///
/// >>> unhop.period([0, 1, 2] * 10, 2)
/// {'preperiod': 0, 'period': 3}
#[pyfunction]
fn period<'py>(py: Python<'py>, values: Vec<u32>, max_taken: usize) -> PyResult<Bound<'py, PyAny>> {
    to_python(py, &proved_period(&values, max_taken))
}

/// Nim on heaps of any size (Python ints) under `rule` ("normal" or "misere"; `misere=True`
/// is the same as `rule="misere"`): a dict with `heaps`, `rule`, `method`, `nim_sum`,
/// `outcome` ("N": the player to move wins; "P": loses) and `winning_moves`, each a dict with
/// `heap` (its index, from 0), `from`, `to` and `take`: the fields of ``unhop nim --json``,
/// with the sizes as ints. Bouton's rule (fast) or retrograde analysis (exhaustive).
///
/// >>> r = unhop.nim([3, 4, 5])
/// >>> r["nim_sum"], r["outcome"], r["winning_moves"]
/// (2, 'N', [{'heap': 0, 'from': 3, 'to': 1, 'take': 2}])
#[pyfunction]
#[pyo3(signature = (heaps, rule = "normal", method = "fast", misere = false))]
fn nim<'py>(
    py: Python<'py>,
    heaps: &Bound<'py, PyAny>,
    rule: &str,
    method: &str,
    misere: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let method: Method = parse(method)?;
    let rule = match misere {
        true => Convention::Misere,
        false => parse::<Convention>(rule)?,
    };
    let mut texts = Vec::new();
    for heap in heaps.try_iter()? {
        texts.push(heap?.str()?.to_string());
    }
    let sizes = parse_heaps(&texts).map_err(py_err)?;
    let analysis = nim_analysis(&sizes, rule, method, &Budget::default()).map_err(py_err)?;
    to_python(py, &analysis)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(grundy, m)?)?;
    m.add_function(wrap_pyfunction!(grundy_report, m)?)?;
    m.add_function(wrap_pyfunction!(grundy_many, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(word_index, m)?)?;
    m.add_function(wrap_pyfunction!(table_stats, m)?)?;
    m.add_function(wrap_pyfunction!(octal, m)?)?;
    m.add_function(wrap_pyfunction!(octal_stats, m)?)?;
    m.add_function(wrap_pyfunction!(octal_period, m)?)?;
    m.add_function(wrap_pyfunction!(period, m)?)?;
    m.add_function(wrap_pyfunction!(nim, m)?)?;
    Ok(())
}
