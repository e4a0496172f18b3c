"""Shared fixtures: the command-line tool the module is compared with.

The binary is taken from the environment variable UNHOP, else target/debug/unhop (then
target/release/unhop) of the repository (build it with `cargo build --bin unhop`).
"""
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _binary():
    if os.environ.get("UNHOP"):
        return os.environ["UNHOP"]
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "unhop"
        if path.exists():
            return str(path)
    pytest.exit("no unhop binary: build it with `cargo build --bin unhop` or set UNHOP", 2)


class Cli:
    """Runs the unhop binary and reads its JSON Lines."""

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
        return [json.loads(line) for line in out.splitlines() if line.strip()]

    def one(self, *args, stdin=None):
        (obj,) = self.json(*args, stdin=stdin)
        return obj


@pytest.fixture(scope="session")
def cli():
    return Cli(_binary())
