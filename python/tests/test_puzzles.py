"""board_solve, board_count and slide_solve against the command line's JSON: the same library
reports, field for field, valid against their schemas (`unhop schema NAME`)."""
import json

import jsonschema
import pytest

import unhop


def valid(cli, name, report):
    """Checks `report` against the schema of the report `name`, as the command line prints it."""
    jsonschema.validate(report, json.loads(cli.run("schema", name).stdout))
    return report


@pytest.mark.parametrize("args", [
    dict(board="triangle"), dict(board="triangle", goal="13"), dict(board="english", goal="c1"),
    dict(board="path:5"), dict(board="cycle:6", goal="any"),
])
def test_board_solve_matches_cli(cli, args):
    flags = [x for k, v in args.items() for x in (f"--{k}", v)]
    e = cli.one("board", "solve", *flags)
    assert valid(cli, "board-solve", unhop.board_solve(**args)) == e


def test_board_solve_limits_the_dead_positions_and_gives_up_honestly():
    # The English central game needs more than ten dead positions: no answer, not "impossible".
    for limit in (dict(max_positions=10), dict(limit=10), dict(max_positions=10**9, limit=10)):
        with pytest.raises(unhop.GaveUpError) as e:
            unhop.board_solve("english", **limit)
        assert e.value.kind == "gave_up" and "max_positions" in str(e.value)
    assert unhop.board_solve("triangle", max_positions=10**6)["solvable"] is True


@pytest.mark.parametrize("args", [dict(board="triangle"), dict(board="petersen", goal="any")])
def test_board_count_matches_cli(cli, args):
    flags = [x for k, v in args.items() for x in (f"--{k}", v)]
    e = cli.one("board", "count", *flags)
    got = unhop.board_count(**args)
    valid(cli, "board-count", got)
    assert got == e
    slow = unhop.board_count(**args, method="exhaustive")
    assert slow["levels"] == got["levels"] and slow["sequences"] == got["sequences"]


def slide(board, tiles):
    """Replays slid tiles on a row-major board (0 the gap); for the test only."""
    board, w = list(board), int(len(board) ** 0.5)
    for t in tiles:
        g, i = board.index(0), board.index(t)
        assert abs(g - i) in (1, w) and (abs(g - i) == w or g // w == i // w)
        board[g], board[i] = t, 0
    return board


@pytest.mark.parametrize("tiles", [[8, 6, 7, 2, 5, 4, 3, 0, 1], [1, 2, 3, 4, 5, 6, 0, 7, 8],
                                   [5, 1, 2, 4, 9, 6, 3, 8, 13, 10, 7, 11, 0, 14, 15, 12]])
def test_slide_solve_matches_cli(cli, tiles):
    e = cli.one("slide", "solve", *tiles, "--heuristic", "linear-conflict")
    got = valid(cli, "slide-solve", unhop.slide_solve(tiles, heuristic="linear-conflict"))
    # The same report but for the time the search took.
    assert dict(got, seconds=None) == dict(e, seconds=None)
    n = len(tiles)
    assert slide(tiles, got["tiles"]) == list(range(1, n)) + [0]
    assert unhop.slide_solve(" ".join(map(str, tiles)), heuristic="linear-conflict")["length"] == got["length"]


def test_slide_unsolvable_and_errors(cli):
    tiles = [2, 1, 3, 4, 5, 6, 7, 8, 0]
    e = cli.one("slide", "solve", *tiles)
    got = unhop.slide_solve(tiles)
    assert got["solvable"] is False and got == e
    with pytest.raises(ValueError):
        unhop.slide_solve([1, 2, 3])
    with pytest.raises(ValueError, match="budget: the time limit must be"):
        unhop.slide_solve([1, 2, 3, 4, 5, 6, 0, 7, 8], budget=-1)
    with pytest.raises(ValueError, match="--heuristic is for --method fast"):
        unhop.slide_solve([1, 2, 3, 4, 5, 6, 0, 7, 8], heuristic="manhattan", method="exhaustive")
    assert unhop.slide_solve([1, 2, 3, 4, 5, 6, 0, 7, 8], goal="first")["goal"] == "_ 1 2 / 3 4 5 / 6 7 8"
    with pytest.raises(ValueError, match="is 4×4 but the board is 3×3"):
        unhop.slide_solve([1, 2, 3, 4, 5, 6, 0, 7, 8], goal="1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0")


def test_board_errors():
    with pytest.raises(ValueError):
        unhop.board_solve("nowhere")
    with pytest.raises(ValueError):
        unhop.board_solve("english", goal="z9")


def test_slide_distances_agree_with_optimal_solutions():
    # Every solvable 8-puzzle board is counted once, and the optimal solver's length of random
    # boards (independent of the breadth-first search behind the counts) is a distance that
    # occurs; the boards at the largest distance are exactly those it cannot beat.
    d = unhop.slide_distances()
    assert sum(d) == 181440  # 9!/2 boards reach the goal
    assert d[0] == 1 and all(c > 0 for c in d)
    import random
    rng = random.Random(7)
    for _ in range(25):
        tiles = list(range(9))
        rng.shuffle(tiles)
        r = unhop.slide_solve(tiles)
        if r["solvable"]:
            assert r["proven_optimal"] and r["length"] < len(d)
    hardest = unhop.slide_solve("8 6 7 2 5 4 3 0 1")  # one of the two boards at 31
    assert hardest["length"] == len(d) - 1 == 31
    assert unhop.slide_distances(goal="first")[:2] == [1, 2]
    with pytest.raises(unhop.RefusedError):
        unhop.slide_distances(goal="1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0")
