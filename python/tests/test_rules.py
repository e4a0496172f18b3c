"""Rule sets against `unhop rules`."""
import pytest

import unhop


def test_count_matches_cli(cli):
    r = unhop.rules("solitaire")
    for n in (5, 20, 300):
        for board in ("infinite", "finite"):
            e = cli.one("rules", "count", "solitaire", n, "--board", board)
            assert r.count(n, board=board) == e["count"]
    # The solitaire rule set is the one-peg language.
    assert [r.count(n, board="finite") for n in range(1, 15)] == unhop.counts(range(1, 15), board="finite")


def test_solve_matches_cli(cli):
    r = unhop.rules("solitaire")
    for w in ("0110", "1101101", "011011"):
        for board in ("infinite", "finite"):
            e = cli.one("rules", "solve", "solitaire", w, "--board", board)
            assert r.solve(w, board=board) == e
            assert r.solve(w, board=board, method="exhaustive")["weight"] == e["weight"]


def test_learn_and_prove_match_cli(cli):
    r = unhop.rules("solitaire")
    e = cli.one("rules", "learn", "solitaire", "--board", "finite")
    got = r.learn(board="finite")
    d = got.pop("dfa")
    assert got == e
    assert [d.count(n) for n in range(1, 15)] == unhop.counts(range(1, 15), board="finite")
    e = cli.one("rules", "prove", "solitaire")
    assert r.prove() == e


def test_bad_rules():
    with pytest.raises(ValueError):
        unhop.rules("no-such-rules")
    with pytest.raises(ValueError):
        unhop.rules("solitaire").solve("01a")
