"""The module as a whole: docstring examples (doctest), Ctrl-C, the GIL, the stubs."""
import _thread
import ast
import doctest
import json
import pathlib
import signal
import threading
import time

import pytest

import unhop

STUBS = pathlib.Path(unhop.__file__).with_name("__init__.pyi")


def documented():
    """Every public function, class and method of the module with its docstring."""
    for name in unhop.__all__:
        obj = getattr(unhop, name)
        yield f"unhop.{name}", obj
        if isinstance(obj, type):
            for attr, member in vars(obj).items():
                if not attr.startswith("_") and getattr(member, "__doc__", None):
                    yield f"unhop.{name}.{attr}", member


def test_docstring_examples():
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = 0
    for name, obj in [("unhop", unhop), *documented()]:
        text = obj.__doc__ or ""
        test = parser.get_doctest(text, {"unhop": unhop}, name, None, 0)
        examples += len(test.examples)
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} docstring examples failed (see above)"
    assert examples >= 30


def test_everything_public_is_documented():
    for name, obj in documented():
        assert (obj.__doc__ or "").strip(), f"{name} has no docstring"


def test_stubs_cover_the_module():
    tree = ast.parse(STUBS.read_text())
    names = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    names |= {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    assert set(unhop.__all__) <= names, set(unhop.__all__) - names
    assert STUBS.with_name("py.typed").exists()


def test_ctrl_c_interrupts_a_long_call():
    """A simulated Ctrl-C during a table of several seconds stops it quickly."""
    # Python's own Ctrl-C handler, even when this process was started with SIGINT ignored (a
    # background job of a shell without job control), where interrupt_main does nothing.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            unhop.table(27, moves="chain", board="finite")
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - started < 5
    # The module works after an interruption.
    assert unhop.check("011")


def test_long_calls_release_the_gil():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    before = len(ticks)
    unhop.table(22, moves="chain", board="finite")
    during = len(ticks) - before
    stop.set()
    t.join()
    assert during > 10


def test_documentation_examples():
    """Every ```pycon block of docs/python.md runs and prints what the page shows."""
    page = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
    blocks, block = [], None
    for line in page.read_text().splitlines():
        if line.strip() == "```pycon":
            block = []
        elif line.strip() == "```" and block is not None:
            blocks.append("\n".join(block))
            block = None
        elif block is not None:
            block.append(line)
    assert len(blocks) >= 5
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner()
    globs = {"unhop": unhop}
    for k, text in enumerate(blocks):
        runner.run(parser.get_doctest(text, globs, f"docs/python.md block {k + 1}", str(page), 0), clear_globs=False)
    assert runner.failures == 0, f"{runner.failures} examples of docs/python.md failed (see above)"


def test_every_report_has_a_valid_schema_and_the_command_lines_list_of_them(cli):
    import jsonschema

    listed = cli.json("schema")
    assert [r["name"] for r in listed] == [r["name"] for r in unhop.reports()]
    for entry in unhop.reports():
        schema = unhop.schema(entry["name"])
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["title"] == entry["name"]
        assert json.loads(cli.run("schema", entry["name"]).stdout) == schema
    with pytest.raises(ValueError, match="no report"):
        unhop.schema("nothing")


def test_a_dict_of_the_module_is_checked_by_its_schema(schema_check):
    """The check can fail: a renamed field, an added one, a hop that is not one."""
    import jsonschema

    report = unhop.grundy_report("0110101", hint=True)
    schema_check(report, "grundy")
    for bad in (
        {**report, "wins": True},
        {k: v for k, v in report.items() if k != "value"},
        {**report, "winning_moves": [[(1, 3)]]},
    ):
        with pytest.raises(jsonschema.ValidationError):
            schema_check(bad, "grundy")


def test_ctrl_c_interrupts_a_long_batch():
    """A simulated Ctrl-C while a batch of many long words is solved stops it quickly."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, _thread.interrupt_main)
    words = ["11" + "01" * 20_000] * 1_000_000
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            unhop.solve(words)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - started < 5
    assert unhop.check(["011", "1101101"]) == [True, False]
