"""Errors: the exceptions have the attributes of the command line's JSON errors (kind, input,
line, column, estimate, limit, unit), with the same values for the same request."""
import json

import pytest

import unhop

FIELDS = ("kind", "input", "line", "column", "estimate", "limit", "unit")

CLASSES = {
    "input": ValueError,
    "refused": unhop.RefusedError,
    "gave_up": unhop.GaveUpError,
    "internal": RuntimeError,
}


def cli_error(cli, *args):
    """The one JSON object the command line writes on standard error for a failed request."""
    done = cli.run(*args, "--json", ok=(2,))
    (line,) = done.stderr.splitlines()
    return json.loads(line)


def raised(call):
    with pytest.raises(Exception) as caught:
        call()
    return caught.value


RULES = 'letters = "01"\nrules = [\n  "1x0 -> 001",\n]\n'


@pytest.mark.parametrize(
    "call, args",
    [
        (lambda tmp: unhop.solve("10a1"), ["solve", "10a1"]),
        (lambda tmp: unhop.check("1\x1b[2J"), ["check", "1\x1b[2J"]),
        (lambda tmp: unhop.nim([999999], method="exhaustive"), ["nim", "999999", "--method", "exhaustive"]),
        (lambda tmp: unhop.rules(str(tmp)), ["rules", "show", "{tmp}"]),
    ],
    ids=["bad word", "control bytes", "refusal", "rule file"],
)
def test_exceptions_have_the_fields_of_the_json_errors(cli, tmp_path, call, args):
    rules = tmp_path / "bad.toml"
    rules.write_text(RULES)
    err = raised(lambda: call(rules))
    expected = cli_error(cli, *[a.replace("{tmp}", str(rules)) for a in args])
    assert isinstance(err, CLASSES[expected["kind"]]), (type(err), expected)
    for field in FIELDS:
        assert getattr(err, field) == expected.get(field), (field, expected)
    assert err.position == err.column
    # The message names the same things (the command line's may add advice on its options).
    assert str(err).split(";")[0] == expected["message"].split(";")[0]


def test_a_refusal_carries_its_figures_as_numbers():
    err = raised(lambda: unhop.nim([999999], method="exhaustive"))
    assert isinstance(err, unhop.RefusedError) and isinstance(err, ValueError)
    assert (err.kind, err.estimate, err.limit, err.unit) == ("refused", 499999500000, 30000000, "moves")
    assert err.input is None and err.line is None and err.column is None


def test_a_search_that_gave_up_says_so():
    err = raised(lambda: unhop.octal("0.137", 100000, max_work=10))
    assert isinstance(err, unhop.GaveUpError) and isinstance(err, RuntimeError)
    assert err.kind == "gave_up"


def test_an_error_in_a_batch_names_the_word_and_keeps_the_fields():
    err = raised(lambda: unhop.solve(["11", "1x1", "1a"]))
    assert type(err) is ValueError
    assert (err.index, err.column, err.position, err.input) == (2, 1, 1, "'1a'")
    assert str(err).startswith("word 2 (0-based): ")
