"""Shared fixtures: the command-line tool the module is compared with.

The binary is taken from the environment variable UNHOP, else target/debug/unhop (then
target/release/unhop) of the repository (build it with `cargo build --bin unhop`).
"""
import json
import os
import pathlib
import subprocess

import jsonschema
import pytest

import unhop

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _binary():
    if os.environ.get("UNHOP"):
        return os.environ["UNHOP"]
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "unhop"
        if path.exists():
            return str(path)
    pytest.exit("no unhop binary: build it with `cargo build --bin unhop` or set UNHOP", 2)


def as_json(value):
    """A value of the module as JSON writes it: a hop, here a tuple ``(from, over, to)`` of
    integers, as the object ``{"from", "over", "to"}``; lists for the other tuples."""
    if isinstance(value, tuple) and len(value) == 3 and all(type(x) is int for x in value):
        return {"from": value[0], "over": value[1], "to": value[2]}
    if isinstance(value, (list, tuple)):
        return [as_json(item) for item in value]
    if isinstance(value, dict):
        return {key: as_json(item) for key, item in value.items()}
    return value


_VALIDATORS = {}


def validate(value, name):
    """Fails unless ``value`` (a dict of the module, or a JSON object of the command line) is
    an instance of the report ``name``'s schema (``unhop.schema(name)``)."""
    if name not in _VALIDATORS:
        schema = unhop.schema(name)
        jsonschema.Draft202012Validator.check_schema(schema)
        _VALIDATORS[name] = jsonschema.Draft202012Validator(schema)
    _VALIDATORS[name].validate(as_json(value))


def _reports_of(args):
    """The reports the command of ``args`` (its leading words) may print with --json."""
    words = [str(a) for a in args]
    words = words[: next((i for i, w in enumerate(words) if w.startswith("-")), len(words))]
    for n in range(min(3, len(words)), 0, -1):
        command = " ".join(words[:n])
        names = [r["name"] for r in unhop.reports() if command in r["commands"]]
        if names:
            return names
    return []


def validate_output(args, obj):
    """Fails unless ``obj``, printed by ``unhop ARGS --json``, is one of its command's
    reports."""
    names = _reports_of(args)
    errors = []
    for name in names:
        try:
            validate(obj, name)
            return
        except jsonschema.ValidationError as e:
            errors.append(f"{name}: {e.message}")
    assert not names, f"unhop {' '.join(map(str, args))}: {obj} is none of its reports: {errors}"


class Cli:
    """Runs the unhop binary and reads its JSON Lines, each checked against the schemas of
    its command's reports."""

    def __init__(self, path):
        self.path = path

    def run(self, *args, stdin=None, ok=(0, 1)):
        done = subprocess.run(
            [self.path, *map(str, args)], input=stdin, capture_output=True, text=True, timeout=600
        )
        assert done.returncode in ok, f"unhop {' '.join(map(str, args))}: exit {done.returncode}: {done.stderr}"
        return done

    def json(self, *args, stdin=None):
        """Every JSON object the command prints (one per line)."""
        out = self.run(*args, "--json", stdin=stdin).stdout
        objects = [json.loads(line) for line in out.splitlines() if line.strip()]
        for obj in objects:
            validate_output(args, obj)
        return objects

    def one(self, *args, stdin=None):
        (obj,) = self.json(*args, stdin=stdin)
        return obj


@pytest.fixture(scope="session")
def cli():
    return Cli(_binary())


@pytest.fixture(scope="session")
def schema_check():
    """``schema_check(value, name)``: fails unless ``value`` is an instance of the report
    ``name``'s schema (hop tuples read as hop objects)."""
    return validate
