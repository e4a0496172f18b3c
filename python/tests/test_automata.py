"""The Dfa class against `unhop dfa` on the same automata."""
import json

import pytest

import unhop

EXPRESSIONS = ["(a|b)*abb", "a*b*", "(ab)*", "b*a*", "(a|b)*a(a|b)"]


def test_ops_match_cli(cli):
    a, b = EXPRESSIONS[0], EXPRESSIONS[4]
    da, db = unhop.Dfa(a, alphabet="ab"), unhop.Dfa(b, alphabet="ab")
    for name, ours in [("intersect", da.intersect(db)), ("union", da.union(db))]:
        theirs = unhop.Dfa.from_json(cli.run("dfa", "ops", name, a, b, "--alphabet", "ab", "--json").stdout)
        assert ours.equivalent(theirs) == (True, None) and ours.states == theirs.states
    theirs = unhop.Dfa.from_json(cli.run("dfa", "ops", "difference", a, b, "--alphabet", "ab", "--json").stdout)
    assert da.difference(db).equivalent(theirs) == (True, None)
    for name, ours in [("complement", da.complement()), ("reverse", da.reverse())]:
        theirs = unhop.Dfa.from_json(cli.run("dfa", "ops", name, a, "--alphabet", "ab", "--json").stdout)
        assert ours.equivalent(theirs) == (True, None)
    theirs = unhop.Dfa.from_json(cli.run("dfa", "minimize", a, "--alphabet", "ab", "--json").stdout)
    assert da.minimize().states == theirs.states


def test_boolean_laws():
    words = ["", "a", "b", "ab", "abb", "babb", "aab", "ba", "bbb", "aabb"]
    da, db = unhop.Dfa(EXPRESSIONS[0], alphabet="ab"), unhop.Dfa(EXPRESSIONS[1], alphabet="ab")
    for w in words:
        assert da.intersect(db).accepts(w) == (da.accepts(w) and db.accepts(w))
        assert da.union(db).accepts(w) == (da.accepts(w) or db.accepts(w))
        assert da.difference(db).accepts(w) == (da.accepts(w) and not db.accepts(w))
        assert da.complement().accepts(w) != da.accepts(w)
        assert da.reverse().accepts(w[::-1]) == da.accepts(w)


@pytest.mark.parametrize("a, b", [("a*b*", "b*a*"), ("(ab)*", "(ab)*"), ("a(a|b)*", "a*")])
def test_equivalent_matches_cli(cli, a, b):
    e = cli.one("dfa", "equiv", a, b)
    got = unhop.Dfa(a).equivalent(unhop.Dfa(b))
    assert got[0] == e["equivalent"]
    if not got[0]:
        assert got[1] == e["word"]


def test_count_and_gf_match_cli(cli):
    for expr in EXPRESSIONS:
        d = unhop.Dfa(expr, alphabet="ab")
        for n in (0, 3, 10, 200):
            assert d.count(n) == cli.one("dfa", "count", expr, n, "--alphabet", "ab")["count"]
        e = cli.one("dfa", "gf", expr, "--alphabet", "ab")
        gf = d.generating_function()
        assert gf["generating_function"] == e["generating_function"]
        assert gf["numerator"] == [int(c) for c in e["numerator"]]
        assert gf["denominator"] == [int(c) for c in e["denominator"]]


def test_accepts_matches_cli(cli):
    words = ["abb", "ab", "babb", "c"]
    e = cli.json("dfa", "accepts", EXPRESSIONS[0], *words)
    assert [unhop.Dfa(EXPRESSIONS[0]).accepts(w) for w in words] == [o["accepted"] for o in e]


def test_formats_round_trip(cli):
    d = unhop.Dfa(EXPRESSIONS[0], alphabet="ab").minimize()
    assert unhop.Dfa.from_json(d.to_json()).equivalent(d) == (True, None)
    assert unhop.Dfa.from_att(d.to_att()).equivalent(d) == (True, None)
    assert unhop.Dfa.read(d.to_att()).equivalent(d) == (True, None)
    assert d.to_dot("t").startswith("digraph")
    assert cli.run("dfa", "show", EXPRESSIONS[0], "--alphabet", "ab").stdout.strip() != ""
    # States and transitions are readable and describe the automaton.
    assert len(d.transitions) == d.states * len(d.alphabet)
    step = {(s, c): t for s, c, t in d.transitions}
    for w in ["abb", "aabb", "ab", ""]:
        state = d.start
        for c in w:
            state = step[state, c]
        assert (state in d.accepting) == d.accepts(w)


def test_bad_automata():
    with pytest.raises(ValueError):
        unhop.Dfa("(a")
    with pytest.raises(ValueError):
        unhop.Dfa.from_json("{")
    with pytest.raises(ValueError):
        unhop.Dfa.from_att("0 1")


def test_load_reads_what_the_cli_reads(cli, tmp_path):
    d = unhop.Dfa(EXPRESSIONS[0], alphabet="ab").minimize()
    path = tmp_path / "a.json"
    path.write_text(d.to_json())
    loaded = unhop.Dfa.load(str(path))
    assert loaded.equivalent(d) == (True, None)
    # The same loader: the command line reads the file to the same automaton.
    assert cli.one("dfa", "show", str(path)) == json.loads(loaded.to_json())
    assert unhop.Dfa.load(EXPRESSIONS[0]).equivalent(unhop.Dfa(EXPRESSIONS[0])) == (True, None)
    assert unhop.Dfa.read(d.to_json()).equivalent(d) == (True, None)
    with pytest.raises(ValueError, match="cannot read the automaton file"):
        unhop.Dfa.load(str(tmp_path / "missing.att"))
    with pytest.raises(ValueError):
        unhop.Dfa.load("-")
