//! Impartial games: Duotaire values and tables, octal games and periods, Nim.

use crate::solitaire::word_of;
use crate::{big_int, interruptible, parse, py_err};
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use unhop::budget::Budget;
use unhop::games::{
    Analysis, Convention, Duotaire, FiniteTable, MoveRule, Octal, each_table_length, length_stats,
    nim_analysis, octal_values, parse_heap, proved_period,
};
use unhop::solitaire::Board;
use unhop::{Error, Method};

/// The Grundy value of `word` in Duotaire (normal play): `moves` is "chain" (a move is one or
/// more hops by the same peg) or "single" (one hop). Memoised recursion over the positions
/// reachable from `word`, refused beyond the library's limits.
///
/// >>> [unhop.grundy("011" + "01" * n + "0") for n in range(5)]
/// [1, 2, 3, 4, 5]
/// >>> unhop.grundy("0110", moves="single", board="finite")
/// 1
#[pyfunction]
#[pyo3(signature = (word, moves = "chain", board = "infinite"))]
fn grundy(py: Python<'_>, word: &str, moves: &str, board: &str) -> PyResult<u32> {
    let game = Duotaire::new(parse::<MoveRule>(moves)?, parse::<Board>(board)?);
    let word = word_of(word)?;
    let budget = Budget::default();
    interruptible(py, |progress| {
        Analysis::new(game, &budget, progress).value(&word)
    })
}

/// The Grundy value of `word` with, when asked, its winning moves (`hint`) and its options
/// (`options`), as a dict: the library's report, with the fields of
/// ``unhop grundy --json [--hint] [--options]`` and hops as `(from, over, to)` tuples.
///
/// >>> r = unhop.grundy_report("0110", moves="single", board="finite", hint=True)
/// >>> r["value"], r["winning_moves"]
/// (1, [[(1, 2, 3)], [(2, 1, 0)]])
/// >>> [(o["word"], o["value"], o["winning"]) for o in unhop.grundy_report("0110", options=True)["options"]]
/// [('0001', 0, True)]
#[pyfunction]
#[pyo3(signature = (word, moves = "chain", board = "infinite", hint = false, options = false))]
fn grundy_report<'py>(
    py: Python<'py>,
    word: &str,
    moves: &str,
    board: &str,
    hint: bool,
    options: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let game = Duotaire::new(parse::<MoveRule>(moves)?, parse::<Board>(board)?);
    let word = word_of(word)?;
    let budget = Budget::default();
    let report = interruptible(py, |progress| {
        Analysis::new(game, &budget, progress).report(&word, hint, options)
    })?;
    crate::report::to_python(py, &report)
}

/// The Grundy values of every word of an iterable (each solved alone, as `grundy`), as a
/// numpy uint32 array.
///
/// >>> unhop.grundy_many(["011" + "01" * n + "0" for n in range(6)], moves="single").tolist()
/// [1, 2, 1, 2, 1, 2]
#[pyfunction]
#[pyo3(signature = (words, moves = "chain", board = "infinite"))]
fn grundy_many<'py>(
    py: Python<'py>,
    words: &Bound<'py, PyAny>,
    moves: &str,
    board: &str,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let game = Duotaire::new(parse::<MoveRule>(moves)?, parse::<Board>(board)?);
    let (_, list) = crate::solitaire::words_of(words)?;
    let values = interruptible(py, |progress| {
        list.iter()
            .map(|w| Analysis::new(game, &Budget::default(), progress).value(w))
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
/// >>> bool(t[2][unhop.word_index("110")] == unhop.grundy("110", moves="single", board="finite"))
/// True
#[pyfunction]
#[pyo3(signature = (max_len, moves = "chain", board = "infinite"))]
fn table<'py>(
    py: Python<'py>,
    max_len: usize,
    moves: &str,
    board: &str,
) -> PyResult<Bound<'py, PyList>> {
    let (rule, board): (MoveRule, Board) = (parse(moves)?, parse(board)?);
    check_table_len(max_len)?;
    let budget = Budget::default();
    let lengths: Vec<Vec<u8>> = interruptible(py, |progress| match board {
        Board::Finite => {
            // Every length is the library's own vector, moved; only the second longest, of
            // which the table keeps half, is copied as it is done.
            let mut second_longest = None;
            let mut each = |len, values: &[u8]| {
                if len + 1 == max_len {
                    second_longest = Some(values.to_vec());
                }
                Ok::<(), Error>(())
            };
            let table = FiniteTable::build(rule, max_len, &budget, progress, &mut each)?;
            let mut values = table.into_values();
            if let Some(copy) = second_longest {
                values[max_len - 1] = copy;
            }
            values.remove(0);
            Ok(values)
        }
        Board::Infinite => {
            let mut values = Vec::with_capacity(max_len);
            each_table_length(rule, board, max_len, &budget, progress, &mut |length| {
                values.push(length.values.to_vec());
                Ok::<(), Error>(())
            })?;
            Ok(values)
        }
    })?;
    let list = PyList::empty(py);
    for values in lengths {
        list.append(PyArray1::from_vec(py, values))?;
    }
    Ok(list)
}

/// `max_len` at least 1, else a `ValueError` (the library refuses what is beyond its limits).
fn check_table_len(max_len: usize) -> PyResult<()> {
    if max_len == 0 {
        return Err(PyValueError::new_err("max_len must be at least 1, not 0"));
    }
    Ok(())
}

/// The index of `word` in its length's array of `table`: its cells read as a binary number,
/// the first cell most significant (finite board: ``int(word, 2)``; infinite board: the
/// middle cells of a word with a peg at both ends).
///
/// >>> unhop.word_index("110"), unhop.word_index("1011", board="infinite")
/// (6, 1)
#[pyfunction]
#[pyo3(signature = (word, board = "finite"))]
fn word_index(word: &str, board: &str) -> PyResult<u128> {
    let board: Board = parse(board)?;
    let w = word_of(word)?;
    let n = w.len();
    if n > 128 {
        return Err(PyValueError::new_err(
            "the word is longer than any table (128 cells)",
        ));
    }
    // The cells read as a binary number, the first cell most significant.
    let read = |cells: std::ops::Range<usize>| {
        cells.fold(0u128, |index, j| index << 1 | u128::from(w.get(j)))
    };
    match board {
        Board::Finite => Ok(read(0..n)),
        Board::Infinite => {
            if !w.get(0) || !w.get(n - 1) {
                return Err(PyValueError::new_err(
                    "on the infinite board the tables hold words with a peg at both ends",
                ));
            }
            Ok(if n == 1 { 0 } else { read(1..n - 1) })
        }
    }
}

/// Statistics of every length 1 to `max_len` from the same tables as `table`: a list of
/// dicts with `length`, `words`, `p_positions` (value 0), `max_value`, `example` (the
/// first word with the largest value) and `value_counts` (the number of words with each
/// value 0 … `max_value`): the fields of ``unhop table --stats --json``.
///
/// >>> unhop.table_stats(3, moves="single", board="finite")[2]
/// {'example': '110', 'length': 3, 'max_value': 1, 'p_positions': 6, 'value_counts': [6, 2], 'words': 8}
#[pyfunction]
#[pyo3(signature = (max_len, moves = "chain", board = "infinite"))]
fn table_stats<'py>(
    py: Python<'py>,
    max_len: usize,
    moves: &str,
    board: &str,
) -> PyResult<Bound<'py, PyList>> {
    let (rule, board): (MoveRule, Board) = (parse(moves)?, parse(board)?);
    check_table_len(max_len)?;
    let budget = Budget::default();
    let stats = interruptible(py, |progress| {
        length_stats(rule, board, max_len, &budget, progress)
    })?;
    let list = PyList::empty(py);
    for s in stats {
        list.append(crate::puzzles::from_json(py, &s.to_json())?)?;
    }
    Ok(list)
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

/// The rare-value method's account of an octal game's values G(0) … G(max_heap): a dict with
/// `largest`, `zeros`, `common_values` (how many values are common), `rare_heaps` (heaps
/// with a rare value), `pairs_marked`, `pairs_compared`, `full_scans`, and `filled_from`
/// with `filled_by_period` when a proved period filled in the rest (else None): the fields
/// of ``unhop octal --json --summary``.
///
/// >>> s = unhop.octal_stats("0.16", 2000)
/// >>> s["rare_heaps"] < 100 < 2000 - s["rare_heaps"]
/// True
#[pyfunction]
#[pyo3(signature = (code, max_heap, max_work = None))]
fn octal_stats<'py>(
    py: Python<'py>,
    code: &str,
    max_heap: usize,
    max_work: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let game: Octal = parse(code)?;
    let budget = work_budget(max_work);
    let (values, stats) = interruptible(py, |progress| {
        octal_values(&game, max_heap, Method::Fast, &budget, progress)
    })?;
    let d = PyDict::new(py);
    d.set_item("code", game.to_string())?;
    d.set_item("max_heap", max_heap)?;
    d.set_item("largest", values.iter().copied().max().unwrap_or(0))?;
    d.set_item("zeros", values.iter().filter(|&&g| g == 0).count())?;
    if let Some(s) = stats {
        d.set_item("common_values", s.common_values)?;
        d.set_item("rare_heaps", s.rare_heaps)?;
        d.set_item("pairs_marked", s.pairs_scanned)?;
        d.set_item("pairs_compared", s.pairs_compared)?;
        d.set_item("full_scans", s.full_scans)?;
        d.set_item("filled_from", s.period.map(|_| s.computed))?;
        d.set_item("filled_by_period", period_dict(py, s.period)?)?;
    }
    Ok(d)
}

/// The period of an octal game's values G(0) … G(max_heap), proved by the Guy–Smith
/// criterion: a dict with `preperiod` and `period`, or None when those values prove none.
/// (Not for Grundy's game, whose unequal splits the criterion does not cover.)
///
/// >>> unhop.octal_period("0.77", 200)
/// {'preperiod': 71, 'period': 12}
#[pyfunction]
#[pyo3(signature = (code, max_heap))]
fn octal_period<'py>(
    py: Python<'py>,
    code: &str,
    max_heap: usize,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let game: Octal = parse(code)?;
    if game.is_grundy() {
        return Err(PyValueError::new_err(
            "the Guy–Smith criterion needs every split to be allowed, so it proves nothing for \
             Grundy's game",
        ));
    }
    let budget = Budget::default();
    let (values, _) = interruptible(py, |progress| {
        octal_values(&game, max_heap, Method::Fast, &budget, progress)
    })?;
    period_dict(py, proved_period(&values, game.max_taken()))
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
fn period<'py>(
    py: Python<'py>,
    values: Vec<u32>,
    max_taken: usize,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    period_dict(py, proved_period(&values, max_taken))
}

fn period_dict<'py>(
    py: Python<'py>,
    found: Option<unhop::games::Period>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    found
        .map(|p| {
            let d = PyDict::new(py);
            d.set_item("preperiod", p.preperiod)?;
            d.set_item("period", p.period)?;
            Ok(d)
        })
        .transpose()
}

/// Nim on heaps of any size (Python ints): a dict with `heaps`, `play` ("normal" or
/// "misere"), `nim_sum`, `wins` (whether the player to move wins) and `winning_moves`, each
/// a dict with `heap` (1-based), `from`, `to` and `take`: the fields of ``unhop nim --json``,
/// with numbers as ints. Bouton's rule (fast) or retrograde analysis (exhaustive).
///
/// >>> r = unhop.nim([3, 4, 5])
/// >>> r["nim_sum"], r["wins"], r["winning_moves"]
/// (2, True, [{'heap': 1, 'from': 3, 'to': 1, 'take': 2}])
#[pyfunction]
#[pyo3(signature = (heaps, misere = false, method = "fast"))]
fn nim<'py>(
    py: Python<'py>,
    heaps: &Bound<'py, PyAny>,
    misere: bool,
    method: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let method: Method = parse(method)?;
    let mut sizes = Vec::new();
    for (k, heap) in heaps.try_iter()?.enumerate() {
        let text = heap?.str()?.to_string();
        sizes.push(
            parse_heap(&text).map_err(|e| PyValueError::new_err(format!("heap {}: {e}", k + 1)))?,
        );
    }
    let convention = if misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let a = nim_analysis(&sizes, convention, method, &Budget::default()).map_err(py_err)?;
    let d = PyDict::new(py);
    let ints = |list: Vec<String>| -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for x in list {
            out.append(big_int(py, &x)?)?;
        }
        Ok(out)
    };
    d.set_item(
        "heaps",
        ints(sizes.iter().map(|h| h.to_string()).collect())?,
    )?;
    d.set_item("play", convention.keyword())?;
    d.set_item("nim_sum", big_int(py, &a.nim_sum.to_string())?)?;
    d.set_item("wins", a.wins)?;
    let moves = PyList::empty(py);
    for m in &a.winning_moves {
        let o = PyDict::new(py);
        o.set_item("heap", m.heap + 1)?;
        o.set_item("from", big_int(py, &m.from.to_string())?)?;
        o.set_item("to", big_int(py, &m.to.to_string())?)?;
        o.set_item("take", big_int(py, &m.taken().to_string())?)?;
        moves.append(o)?;
    }
    d.set_item("winning_moves", moves)?;
    Ok(d)
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
