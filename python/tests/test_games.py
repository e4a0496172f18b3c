"""grundy, grundy_many, table, table_stats, octal, periods and Nim against the command line's
JSON and the published facts of Duotaire (Moore and Eppstein)."""
import random

import numpy as np
import pytest

import unhop

RNG = random.Random(1818)
MOVES = ["single", "chain"]
BOARDS = ["infinite", "finite"]


@pytest.mark.parametrize("moves", MOVES)
@pytest.mark.parametrize("board", BOARDS)
def test_grundy_matches_cli(cli, moves, board):
    words = ["".join(RNG.choice("01") for _ in range(RNG.randint(1, 14))) for _ in range(25)]
    expected = [o["value"] for o in cli.json("grundy", *words, "--moves", moves, "--board", board)]
    assert [unhop.grundy(w, moves=moves, board=board) for w in words] == expected
    many = unhop.grundy_many(words, moves=moves, board=board)
    assert many.dtype == np.uint32 and many.tolist() == expected



@pytest.mark.parametrize("rule", ["normal", "misere"])
@pytest.mark.parametrize("board", BOARDS)
def test_grundy_many_answers_a_long_batch_as_grundy_does(board, rule):
    """A batch long enough for a table to pay (built part way through) has the values of
    grundy, word by word."""
    words = ["".join(RNG.choice("01") for _ in range(RNG.randint(1, 12))) for _ in range(3000)]
    many = unhop.grundy_many(words, board=board, rule=rule).tolist()
    assert many == [unhop.grundy(w, board=board, rule=rule) for w in words]


def _hops_as_tuples(value):
    """The CLI's JSON with every hop object written as the module writes hops: (from, over, to)."""
    if isinstance(value, dict):
        if set(value) == {"from", "over", "to"}:
            return (value["from"], value["over"], value["to"])
        return {k: _hops_as_tuples(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_hops_as_tuples(v) for v in value]
    return value


@pytest.mark.parametrize("moves", MOVES)
@pytest.mark.parametrize("board", BOARDS)
def test_grundy_report_is_the_cli_json(cli, moves, board):
    words = ["".join(RNG.choice("01") for _ in range(RNG.randint(1, 10))) for _ in range(10)]
    expected = cli.json("grundy", *words, "--moves", moves, "--board", board, "--hint", "--options")
    for word, theirs in zip(words, expected):
        ours = unhop.grundy_report(word, moves=moves, board=board, hint=True, options=True)
        assert ours == _hops_as_tuples(theirs)
        # An option is marked winning exactly when it leaves value 0.
        assert all(o["winning"] == (o["value"] == 0) for o in ours["options"])
    plain = unhop.grundy_report("0110")
    assert set(plain) == {"word", "moves", "board", "rule", "method", "value"}

def test_design_duotaire_family():
    """Moore and Eppstein's family: 011(01)^n0 has value n + 1 under chain moves, 1, 2, 1, 2 under single."""
    family = ["011" + "01" * n + "0" for n in range(12)]
    assert unhop.grundy_many(family, moves="chain").tolist() == [n + 1 for n in range(12)]
    assert unhop.grundy_many(family, moves="single").tolist() == [1 + n % 2 for n in range(12)]


@pytest.mark.parametrize("moves", MOVES)
def test_design_gap_of_three_splits(moves):
    """The paper's Lemma 1: g(u000w) = g(u0) xor g(0w) on the finite board."""
    for _ in range(30):
        u = "".join(RNG.choice("01") for _ in range(RNG.randint(1, 8)))
        w = "".join(RNG.choice("01") for _ in range(RNG.randint(1, 8)))
        g = lambda x: unhop.grundy(x, moves=moves, board="finite")  # noqa: E731
        assert g(u + "000" + w) == g(u + "0") ^ g("0" + w)


@pytest.mark.parametrize("moves", MOVES)
@pytest.mark.parametrize("board", BOARDS)
def test_table_matches_cli(cli, moves, board):
    n = 7
    tables = unhop.table(n, moves=moves, board=board)
    assert len(tables) == n and all(t.dtype == np.uint8 for t in tables)
    rows = cli.json("table", "--max-len", n, "--moves", moves, "--board", board)
    got = [(w, int(tables[len(w) - 1][unhop.word_index(w, board=board)])) for w in (r["word"] for r in rows)]
    assert got == [(r["word"], r["value"]) for r in rows]
    # Every array is complete: as many rows as the command lists.
    assert sum(t.size for t in tables) == len(rows)
    # The arrays own their memory (handed over, not views of a temporary).
    assert all(t.flags.owndata or t.base is not None for t in tables)


@pytest.mark.parametrize("moves", MOVES)
@pytest.mark.parametrize("board", BOARDS)
def test_table_agrees_with_grundy(moves, board):
    tables = unhop.table(9, moves=moves, board=board)
    for _ in range(40):
        n = RNG.randint(1, 9)
        w = "".join(RNG.choice("01") for _ in range(n))
        if board == "infinite":
            w = "1" + w[1:-1] + "1" if n > 1 else "1"
        assert tables[n - 1][unhop.word_index(w, board=board)] == unhop.grundy(w, moves=moves, board=board)


@pytest.mark.parametrize("moves", MOVES)
@pytest.mark.parametrize("board", BOARDS)
def test_table_stats_matches_cli(cli, moves, board):
    expected = cli.json("table", "--max-len", 10, "--stats", "--moves", moves, "--board", board)
    got = unhop.table_stats(10, moves=moves, board=board)
    assert got == expected
    tables = unhop.table(10, moves=moves, board=board)
    assert [s["p_positions"] for s in got] == [int((t == 0).sum()) for t in tables]
    assert [s["max_value"] for s in got] == [int(t.max()) for t in tables]
    assert [s["value_counts"] for s in got] == [np.bincount(t).tolist() for t in tables]


def test_table_stats_resume_saves_each_length_and_reads_it_back(tmp_path, cli):
    """With `resume`, the compact table's lengths are saved in the folder and read back by a
    later call, which returns the same statistics as the command line's `--resume`; a damaged
    saved length is an error, and `resume` off the compact tables is refused."""
    folder = tmp_path / "lengths"
    first = unhop.table_stats(14, moves="single", board="finite", resume=str(folder))
    assert sorted(p.name for p in folder.iterdir()) == [f"compact-single-{n:02}.values" for n in range(1, 15)]
    again = unhop.table_stats(16, moves="single", board="finite", resume=str(folder))
    assert again[:14] == first
    assert again == cli.json("table", "--max-len", 16, "--stats", "--moves", "single", "--board", "finite", "--resume", str(folder))
    damaged = folder / "compact-single-16.values"
    data = bytearray(damaged.read_bytes())
    data[-9] ^= 1
    damaged.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="checksum"):
        unhop.table_stats(16, moves="single", board="finite", resume=str(folder))
    with pytest.raises(ValueError, match="compact tables only"):
        unhop.table_stats(8, board="infinite", resume=str(tmp_path / "other"))
    assert not (tmp_path / "other").exists(), "a refused resume makes no folder"
    with pytest.raises(unhop.RefusedError):
        unhop.table_stats(34, board="finite", max_work=1000)


def test_grundy_reads_the_saved_compact_tables(tmp_path, cli):
    """With `tables`, grundy and grundy_many read the values of the lengths that
    table_stats(resume=...) saved: the values of the recursion and of `unhop grundy --tables`,
    also for a word past the recursion's 128 cells; other games are refused, naming the folder."""
    folder = tmp_path / "lengths"
    unhop.table_stats(12, moves="chain", board="finite", resume=str(folder))
    rng = np.random.default_rng(3)
    words = ["".join(rng.choice(["0", "1"], size=n)) for n in rng.integers(1, 40, size=300)]
    plain = [unhop.grundy(w, board="finite") for w in words]
    assert [unhop.grundy(w, board="finite", tables=str(folder)) for w in words] == plain
    assert unhop.grundy_many(words, board="finite", tables=str(folder)).tolist() == plain
    long = "000".join(["0110101", "11011"] * 20)
    expected = cli.one("grundy", long, "--board", "finite", "--tables", str(folder))["value"]
    assert unhop.grundy(long, board="finite", tables=str(folder)) == expected == 0
    with pytest.raises(ValueError, match="finite board"):
        unhop.grundy("0110", tables=str(folder))
    with pytest.raises(ValueError, match="lengths"):
        unhop.grundy("0110", moves="single", board="finite", tables=str(folder))


def test_table_bad_inputs():
    with pytest.raises(ValueError):
        unhop.table(0)
    with pytest.raises(ValueError):
        unhop.table(99, board="finite")
    with pytest.raises(ValueError):
        unhop.table(5, moves="double")
    with pytest.raises(ValueError):
        unhop.word_index("0110", board="infinite")


@pytest.mark.parametrize("code", ["0.07", "0.77", "4.07", "0.137", "grundy"])
def test_octal_matches_cli(cli, code):
    values = unhop.octal(code, 300)
    assert values.dtype == np.uint32 and len(values) == 301
    assert values.tolist() == cli.one("octal", code, "--max-heap", 300)["values"]
    assert unhop.octal(code, 120, method="exhaustive").tolist() == values[:121].tolist()


@pytest.mark.parametrize("code", ["0.07", "0.77", "4.07", "0.137"])
def test_octal_period_matches_cli(cli, code):
    e = cli.one("octal", code, "--max-heap", 400, "--period", "--summary")
    got = unhop.octal_period(code, 400)
    if e["period"] is None:
        assert got is None
    else:
        assert got == {"preperiod": e["preperiod"], "period": e["period"]}
        values = unhop.octal(code, 400).tolist()
        assert unhop.period(values, len(code.split(".")[1]) - 1) == got
        p, q = got["preperiod"], got["period"]
        assert all(values[n] == values[n + q] for n in range(p, 400 - q))


def test_octal_errors():
    with pytest.raises(ValueError):
        unhop.octal("0.9", 10)
    with pytest.raises(ValueError):
        unhop.octal_period("grundy", 10)
    with pytest.raises(unhop.GaveUpError):
        unhop.octal("0.137", 100000, max_work=10)


@pytest.mark.parametrize("heaps", [[3, 4, 5], [1, 1], [7, 15, 26, 30], [2**80, 3, 2**80 + 5]])
@pytest.mark.parametrize("rule", ["normal", "misere"])
def test_nim_is_the_cli_report_with_ints(cli, heaps, rule):
    e = cli.one("nim", *heaps, "--rule", rule)
    got = unhop.nim(heaps, rule=rule)
    # The same report, field for field and in order; sizes of any size exact.
    assert got == e
    assert list(got) == list(e)
    assert got["heaps"] == heaps
    # The old keyword still plays misère.
    assert unhop.nim(heaps, misere=True) == unhop.nim(heaps, rule="misere")


def test_nim_methods_agree():
    for heaps in ([1, 2, 3], [1, 1, 2], [4, 4], [2, 5, 6]):
        for rule in ("normal", "misere"):
            fast = unhop.nim(heaps, rule=rule)
            slow = unhop.nim(heaps, rule=rule, method="exhaustive")
            assert (fast["outcome"], fast["winning_moves"]) == (slow["outcome"], slow["winning_moves"])
    with pytest.raises(ValueError):
        unhop.nim([-1])
    with pytest.raises(ValueError):
        unhop.nim([1], rule="losing")


@pytest.mark.parametrize("moves", MOVES)
@pytest.mark.parametrize("board", BOARDS)
def test_misere_grundy_is_the_cli_report(cli, moves, board):
    words = ["".join(RNG.choice("01") for _ in range(RNG.randint(1, 10))) for _ in range(10)]
    for method in ("fast", "exhaustive"):
        args = ["--moves", moves, "--board", board, "--rule", "misere", "--method", method]
        expected = cli.json("grundy", *words, *args, "--hint")
        for word, theirs in zip(words, expected):
            ours = unhop.grundy_report(word, moves=moves, board=board, rule="misere", method=method, hint=True)
            assert ours == _hops_as_tuples(theirs)
            assert unhop.grundy(word, moves=moves, board=board, rule="misere", method=method) == theirs["value"]
    # Misère values do not add: two one-move games side by side are won, not lost.
    assert unhop.grundy("11000011", moves="single", board="finite", rule="misere") == 1
    assert unhop.grundy("11000011", moves="single", board="finite") == 0
    stats = unhop.table_stats(6, moves=moves, board=board, rule="misere", method="exhaustive")
    assert stats == cli.json("table", "--max-len", 6, "--stats", "--moves", moves, "--board", board, "--rule", "misere", "--method", "exhaustive")
    tables = unhop.table(6, moves=moves, board=board, rule="misere")
    assert [s["p_positions"] for s in stats] == [int((t == 0).sum()) for t in tables]


def test_octal_stats_is_the_cli_summary(cli):
    for code in ["0.07", "0.16", "grundy"]:
        assert unhop.octal_stats(code, 500) == cli.one("octal", code, "--max-heap", 500, "--summary")


def test_probes_are_the_cli_reports(cli):
    assert unhop.xor_family(2) == cli.one("probe", "family", "--max-index", 2)
    assert unhop.xor_family(2, board="finite") == cli.one("probe", "family", "--max-index", 2, "--board", "finite")
    assert unhop.xor_family(max=2) == unhop.xor_family(2)
    assert unhop.pumping(2, 3) == cli.one("probe", "pumping", "--exponent", 2, "--p", 3)
    assert unhop.pumping(2, 3)["stays_down"] is not None
    assert unhop.parikh(3, 50) == cli.one("probe", "parikh", "--max-period", 3, "--max-preperiod", 50)
    table = unhop.classes("p-single", max_len=4, board="finite")
    cells = cli.json("probe", "classes", "--set", "p-single", "--max-len", 4, "--board", "finite")
    assert [[c["classes"] for c in cells if c["prefix_len"] == a] for a in range(5)] == table["classes"]


@pytest.mark.parametrize("moves", MOVES)
@pytest.mark.parametrize("board", BOARDS)
def test_table_is_indexed_by_the_word_read_first_cell_most_significant(moves, board):
    # The convention: t[n-1][int(word, 2)] is the value of the word (on the infinite
    # board, of the word with a peg at both ends and these middle cells). Checked on every
    # word to length 10, together with the mirror symmetry that makes this array the same as
    # the library's (first cell least significant).
    tables = unhop.table(10, moves=moves, board=board)
    for n in range(1, 11):
        middle = n if board == "finite" else max(n - 2, 0)
        array = tables[n - 1]
        assert len(array) == 2 ** middle
        for i in range(2 ** middle):
            cells = format(i, f"0{middle}b") if middle else ""
            word = cells if board == "finite" else ("1" if n == 1 else "1" + cells + "1")
            assert unhop.word_index(word, board=board) == i
            assert array[i] == unhop.grundy(word, moves=moves, board=board), word
            assert array[i] == array[int(cells[::-1] or "0", 2)], word


def test_python_only_reports_follow_their_published_schemas():
    """The reports that only the module returns (no command prints them) are registered too:
    docs/schema/class-table.json and period.json hold them."""
    import json
    import pathlib

    import jsonschema

    folder = pathlib.Path(__file__).resolve().parents[2] / "docs" / "schema"
    schema = lambda name: json.loads((folder / f"{name}.json").read_text())  # noqa: E731
    jsonschema.validate(unhop.classes("solitaire", max_len=4), schema("class-table"))
    jsonschema.validate(unhop.octal_period("0.77", 200), schema("period"))
    jsonschema.validate(unhop.period([0, 1] * 10, 1), schema("period"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"preperiod": 1}, schema("period"))
