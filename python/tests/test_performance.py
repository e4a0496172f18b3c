"""Speed, printed and never asserted (run with `pytest -s` to see it):

* `check` on 10^6 short words in one call (the target is at least 5 M words a second);
* `grundy_many` on 200,000 words of 1 to 20 cells next to `unhop grundy -` on the same words
  (the target: at most 1.2×), the answers compared;
* with UNHOP_PERF=1: `table(28, moves="single", board="finite")` next to
  `unhop table --max-len 28 --stats --moves single --board finite` (the target: at most 1.2×);
* with UNHOP_PERF=1 and the bench program `library-rate` built
  (`cargo build --release -p unhop-benches --bin library-rate`): `check` and `solve` on 10^6
  words of 5 to 60 cells next to the library answering the same words in Rust (the target:
  at most 1.2×).
"""
import os
import random
import subprocess
import time

import pytest

import unhop


def test_check_speed():
    rng = random.Random(5)
    words = ["".join(rng.choice("01") for _ in range(rng.randint(1, 12))) for _ in range(10**6)]
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        answers = unhop.check(words)
        best = min(best, time.perf_counter() - t)
    assert len(answers) == len(words)
    print(f"\ncheck: {len(words)} words of 1-12 cells in {best:.3f} s = {len(words) / best / 1e6:.2f} M words/s")


@pytest.mark.skipif(os.environ.get("UNHOP_PERF") != "1", reason="set UNHOP_PERF=1 (about a minute)")
def test_table_28_side_by_side(cli):
    n = int(os.environ.get("UNHOP_PERF_LEN", "28"))
    args = [cli.path, "table", "--max-len", str(n), "--stats", "--moves", "single", "--board", "finite", "--json"]
    t = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True)
    cli_time = time.perf_counter() - t
    t = time.perf_counter()
    tables = unhop.table(n, moves="single", board="finite")
    module_time = time.perf_counter() - t
    assert len(tables) == n and tables[-1].size == 2**n
    print(f"\ntable {n} single finite: unhop table --stats {cli_time:.2f} s, unhop.table {module_time:.2f} s, "
          f"ratio {module_time / cli_time:.2f}")


def test_grundy_many_side_by_side(cli, tmp_path):
    rng = random.Random(30)
    words = ["".join(rng.choice("01") for _ in range(rng.randint(1, 20))) for _ in range(200_000)]
    path = tmp_path / "words.txt"
    path.write_text("\n".join(words) + "\n")
    cli_time = module_time = float("inf")
    for _ in range(3):
        with open(path) as stdin:
            t = time.perf_counter()
            out = subprocess.run([cli.path, "grundy", "-"], stdin=stdin, check=True, capture_output=True)
            cli_time = min(cli_time, time.perf_counter() - t)
        t = time.perf_counter()
        values = unhop.grundy_many(words)
        module_time = min(module_time, time.perf_counter() - t)
    assert values.tolist() == [int(line.split(" ")[2]) for line in out.stdout.decode().splitlines()]
    print(f"\ngrundy of {len(words)} words of 1-20 cells: unhop grundy - {cli_time:.3f} s, "
          f"unhop.grundy_many {module_time:.3f} s, ratio {module_time / cli_time:.2f}")


def _library_rate():
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(here, "..", "..", "target", "release", "library-rate")


@pytest.mark.skipif(
    os.environ.get("UNHOP_PERF") != "1" or not os.path.exists(_library_rate()),
    reason="set UNHOP_PERF=1 and build library-rate (a few seconds)",
)
@pytest.mark.parametrize("function", ["check", "solve"])
def test_batch_side_by_side_with_the_library(function, tmp_path):
    rng = random.Random(5)
    words = ["".join(rng.choice("01") for _ in range(rng.randint(5, 60))) for _ in range(10**6)]
    path = tmp_path / "words.txt"
    path.write_text("".join(w + "\n" for w in words))
    done = subprocess.run([_library_rate(), function, str(path)], check=True, capture_output=True, text=True)
    library, count = done.stdout.split()
    assert int(count) == len(words)
    best = float("inf")
    answers = None
    for _ in range(3):
        # The last run's answers are let go before the clock starts: freeing them is not this
        # call's work (nor is it in the library's time).
        answers = None
        t = time.perf_counter()
        answers = getattr(unhop, function)(words)
        best = min(best, time.perf_counter() - t)
    assert len(answers) == len(words)
    print(f"\n{function}: {len(words)} words of 5-60 cells, the library {float(library):.3f} s, "
          f"unhop.{function} {best:.3f} s, ratio {best / float(library):.2f}")
