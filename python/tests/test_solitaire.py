"""solve, check, count, counts and language against the command line's JSON and the public
facts of Moore and Eppstein's paper and the exhaustive counts."""
import itertools
import random

import pytest

import unhop

RNG = random.Random(18)
WORDS = ["1", "0", "11", "110", "1101101", "01111", "1111", "011(01)^3", "x.xx.x"] + [
    "".join(RNG.choice("01") for _ in range(RNG.randint(1, 40))) for _ in range(60)
]
BOARDS = ["infinite", "finite"]


def replay(word, hops, board):
    """An independent replay of a hop list (Python, for the test only)."""
    cells = {i: c == "1" for i, c in enumerate(word)}
    for a, b, c in hops:
        assert abs(a - b) == 1 and c - b == b - a, (a, b, c)
        assert cells.get(a) and cells.get(b) and not cells.get(c, False)
        if board == "finite":
            assert 0 <= c < len(word)
        cells[a], cells[b], cells[c] = False, False, True
    return sum(cells.values())


@pytest.mark.parametrize("board", BOARDS)
def test_solve_matches_cli(cli, board):
    expected = cli.json("solve", *WORDS, "--board", board)
    got = unhop.solve(WORDS, board=board)
    assert len(got) == len(expected)
    for s, e in zip(got, expected):
        assert (s.word, s.board, s.method, s.min_pegs, s.final, s.final_offset) == (
            e["word"], e["board"], e["method"], e["min_pegs"], e["final"], e["final_offset"])
        assert s.hops == [(h["from"], h["over"], h["to"]) for h in e["hops"]]
        assert replay(s.word, s.hops, board) == s.min_pegs
    # One word gives one Solution, the same as in a batch.
    one = unhop.solve(WORDS[4], board=board)
    assert isinstance(one, unhop.Solution) and one.hops == got[4].hops


@pytest.mark.parametrize("board", BOARDS)
def test_solve_methods_agree(board):
    words = ["".join(RNG.choice("01") for _ in range(RNG.randint(1, 12))) for _ in range(40)]
    fast = [s.min_pegs for s in unhop.solve(words, board=board)]
    slow = [s.min_pegs for s in unhop.solve(words, board=board, method="exhaustive")]
    assert fast == slow


@pytest.mark.parametrize("board", BOARDS)
def test_check_matches_cli(cli, board):
    expected = [o["solvable"] for o in cli.json("check", *WORDS, "--board", board)]
    assert unhop.check(WORDS, board=board) == expected
    assert [unhop.check(w, board=board) for w in WORDS] == expected
    assert unhop.check(iter(WORDS), board=board, method="exhaustive") == expected
    assert all(unhop.check(w, board=board) == (s.min_pegs == 1)
               for w, s in zip(WORDS, unhop.solve(WORDS, board=board)))


@pytest.mark.parametrize("board", BOARDS)
def test_count_matches_cli(cli, board):
    for n in [1, 2, 7, 20, 64, 1000, 10**18]:
        assert unhop.count(n, board=board) == cli.one("count", n, "--board", board)["count"]
    assert unhop.counts(range(1, 30), board=board) == [unhop.count(n, board=board) for n in range(1, 30)]
    assert unhop.counts(range(1, 11), board=board, method="exhaustive") == unhop.counts(range(1, 11), board=board)


def test_count_is_an_exact_int():
    big = unhop.count(10**18)
    assert isinstance(big, int) and big > 2**64


def test_design_finite_counts():
    """The finite-board counts for n = 1..20, as exhaustive computation finds them."""
    assert unhop.counts(range(1, 21), board="finite") == [
        1, 2, 5, 9, 13, 22, 31, 52, 73, 117, 161, 243, 325, 464, 603, 822, 1041, 1367, 1693, 2157]


def test_design_pegs_at_both_ends():
    """Words starting and ending with a peg: none of odd length ≥ 3,
    2m² − 7m + 8 of length 2m (m ≥ 2), counted by `check` over every word."""
    for n in range(3, 17):
        words = ["1" + "".join(m) + "1" for m in itertools.product("01", repeat=n - 2)]
        solvable = sum(unhop.check(words, board="finite"))
        m = n // 2
        assert solvable == (0 if n % 2 else 2 * m * m - 7 * m + 8), n


def paper_regex(board):
    """The paper's expression (Moore and Eppstein, Theorem 1) in the module's regular-expression syntax."""
    L = ("1 + 011 + 110 + 11(01)*(11)*[01 + 00(10)*11 + 1011(10)*11]"
         " + [10 + 11(01)*00 + 11(01)*1101](11)*(10)*11")
    L = L.replace(" ", "").replace("+", "|").replace("[", "(").replace("]", ")")
    return f"0*({L})0*" if board == "finite" else f"0*({L}|11)0*"


@pytest.mark.parametrize("board", BOARDS)
def test_design_language_is_the_papers(board):
    lang = unhop.language(board)
    paper = unhop.Dfa(paper_regex(board), alphabet="01")
    assert lang["minimal_dfa"].equivalent(paper) == (True, None)
    assert lang["dfa"].equivalent(lang["minimal_dfa"]) == (True, None)
    words = ["".join(w) for n in range(1, 11) for w in itertools.product("01", repeat=n)]
    assert [paper.accepts(w) for w in words] == unhop.check(words, board=board)


def test_language_stats_match_cli(cli):
    for board in BOARDS:
        e = cli.one("lang", "--stats", "--board", board)
        got = unhop.language(board)["stats"]
        for key in ("dfa_states", "minimal_dfa_states", "minimal_dfa_accepting", "nfa_states"):
            if key in e:
                assert got[key] == e[key], key
        assert unhop.language(board)["minimal_dfa"].states == got["minimal_dfa_states"]


def test_design_finite_board_facts():
    assert unhop.solve("01111", board="finite").min_pegs == 2
    assert unhop.solve("1111", board="finite").min_pegs == 4
    assert unhop.solve("1111").min_pegs < 4


@pytest.mark.parametrize("bad, position", [("10a1", 2), ("1-1", 1), ("x.y", 2)])
def test_bad_word_names_the_position(bad, position):
    for f in (unhop.check, unhop.solve):
        with pytest.raises(ValueError) as err:
            f(bad)
        assert err.value.position == position
        assert str(position) in str(err.value)
    with pytest.raises(ValueError) as err:
        unhop.check(["11", "011", bad])
    assert err.value.index == 2 and err.value.position == position and "word 2" in str(err.value)


def test_other_bad_inputs():
    with pytest.raises(ValueError):
        unhop.check("")
    with pytest.raises(ValueError):
        unhop.solve("11", board="round")
    with pytest.raises(ValueError):
        unhop.count(0)
    with pytest.raises(ValueError):
        unhop.check("11", method="slow")
    with pytest.raises(TypeError):
        unhop.check([1, 2])
    with pytest.raises(OverflowError):
        unhop.count(-1)


def test_language_is_the_clis_report(cli):
    for board in BOARDS:
        lang = unhop.language(board)
        expressions = cli.one("lang", "--regex", "--board", board)
        assert {k: lang[k] for k in expressions} == expressions
        assert lang["stats"] == cli.one("lang", "--stats", "--board", board)


@pytest.mark.parametrize("function", ["check", "solve"])
def test_a_batch_answers_each_word_as_alone(function):
    # A batch is answered on every core; its answers are those of each word alone, in order.
    rng = random.Random(30)
    words = ["".join(rng.choice("01") for _ in range(rng.randint(1, 40))) for _ in range(5000)]
    batch = getattr(unhop, function)(words)
    alone = [getattr(unhop, function)(w) for w in words]
    if function == "solve":
        batch, alone = [repr(s) for s in batch], [repr(s) for s in alone]
    assert batch == alone


@pytest.mark.parametrize("function", ["check", "solve"])
@pytest.mark.parametrize("count, bad, first", [
    (5000, (4321, 77, 2500), 77),
    # Many chunks (16,384 words each), read while the chunks before are answered.
    (50_000, (40_000, 20_000, 30_001), 20_000),
])
def test_a_batch_names_its_first_bad_word(function, count, bad, first):
    rng = random.Random(31)
    words = ["".join(rng.choice("01") for _ in range(rng.randint(1, 20))) for _ in range(count)]
    for k in bad:
        words[k] = "01a1"
    for given in (words, iter(words)):
        with pytest.raises(ValueError) as caught:
            getattr(unhop, function)(given)
        assert caught.value.index == first
        assert str(caught.value).startswith(f"word {first} (0-based)")
    # An item that is not a str is named, whatever the words before it came to.
    words[count - 10] = 5
    with pytest.raises(TypeError, match=f"word {count - 10} \\(0-based\\) is not a str"):
        getattr(unhop, function)(words)


def test_a_batch_of_many_chunks_answers_each_word_as_alone():
    # Read from Python a chunk at a time (16,384 words) while the chunks before are answered:
    # the answers are still each word's alone, in order, from a list or any iterable.
    rng = random.Random(32)
    words = ["".join(rng.choice("01") for _ in range(rng.randint(1, 40))) for _ in range(50_000)]
    alone = [unhop.check(w) for w in words]
    assert unhop.check(words) == alone
    assert unhop.check(w for w in words) == alone
    assert unhop.check(tuple(words), board="finite") == [unhop.check(w, board="finite") for w in words]
    sample = rng.sample(range(len(words)), 200)
    solved = unhop.solve(words)
    assert [repr(solved[k]) for k in sample] == [repr(unhop.solve(words[k])) for k in sample]

