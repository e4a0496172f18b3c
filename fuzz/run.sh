#!/usr/bin/env bash
# Bounded fuzzing of every target: `fuzz/run.sh [SECONDS] [TARGET...]` (default 60 seconds,
# every target). Builds the targets with the nightly toolchain (installing cargo-fuzz first if
# it is missing; `fuzz/run.sh --tools` only installs it), runs each for SECONDS from a scratch copy of its committed seed corpus (the
# committed corpus is never written), and exits non-zero when any target found a crash (a
# failed invariant or a panic), a timeout (one input over 10 s) or an out-of-memory (over
# 2 GiB). Findings are kept in fuzz/artifacts/TARGET/ and the command that replays each is
# printed. The targets run side by side, one per core (FUZZ_JOBS=N to choose). Set FUZZ_NICE=19
# to run at low priority, and FUZZ_TIMEOUT to give each input more
# than 10 s of wall time on a machine loaded by other work (the timeout counts wall time, and
# the slowest inputs take about a second of CPU: a target expression whose DFA reaches the
# 16 MiB limit).
set -euo pipefail
cd "$(dirname "$0")"

tools_only=false
if [ "${1:-}" = "--tools" ]; then
  tools_only=true
  shift
fi
duration="${1:-60}"
shift || true
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
  targets=(words boards graphs sliding rules automata)
fi
case "$duration" in
  '' | *[!0-9]*) echo "usage: fuzz/run.sh [--tools] [SECONDS] [TARGET...]" >&2; exit 2 ;;
esac

# The longest input each target is given: words, graph, rule and automaton files may be long,
# sliding boards are a line.
max_len() {
  case "$1" in
    words | graphs | rules | automata) echo 4096 ;;
    boards) echo 2048 ;;
    sliding) echo 256 ;;
    *) echo "unknown fuzz target '$1' (words, boards, graphs, sliding, rules, automata)" >&2; exit 2 ;;
  esac
}

if ! rustup toolchain list | grep -q '^nightly'; then
  echo "fuzz/run.sh needs the nightly toolchain (rustup toolchain install nightly)" >&2
  exit 2
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "installing cargo-fuzz"
  # A debug build: it only drives cargo and libFuzzer, and compiles in a fraction of the time.
  cargo install --debug cargo-fuzz --locked --version 0.13.2
fi
if $tools_only; then
  exit 0
fi

# No sanitizer: the crate has no unsafe code, and without one the targets run several times
# faster. Release mode with debug assertions and overflow checks (cargo-fuzz's default).
flags=(--sanitizer none)
nice_level="${FUZZ_NICE:-0}"
timeout_seconds="${FUZZ_TIMEOUT:-10}"
nice -n "$nice_level" cargo +nightly fuzz build "${flags[@]}"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# Fuzzes one target; its summary line goes to $scratch/TARGET.summary and its verdict to
# $scratch/TARGET.failed when it found something.
fuzz_one() {
  local target="$1" len corpus log status=0 runs seconds files bytes verdict
  len="$(max_len "$target")"
  corpus="$scratch/$target"
  rm -rf "artifacts/$target"
  mkdir -p "$corpus" "artifacts/$target"
  cp corpus/"$target"/* "$corpus"/
  log="$scratch/$target.log"
  timeout "$((duration + 300))" nice -n "$nice_level" \
    cargo +nightly fuzz run "${flags[@]}" "$target" "$corpus" -- \
    -max_total_time="$duration" -rss_limit_mb=2048 -timeout="$timeout_seconds" -max_len="$len" \
    -print_final_stats=1 -artifact_prefix="artifacts/$target/" >"$log" 2>&1 || status=$?
  runs="$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
  seconds="$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | grep -o 'in [0-9]*' | grep -o '[0-9]*' || echo '?')"
  files="$(find "$corpus" -type f | wc -l)"
  bytes="$(du -sb "$corpus" | cut -f1)"
  if [ "$status" -eq 0 ]; then
    verdict="no finding"
  else
    verdict="FAILED (exit $status)"
    {
      echo "== $target found a problem"
      grep -E 'ERROR: libFuzzer|panicked at|deadly signal|Test unit written|out-of-memory|timeout' "$log" | head -20 || true
      tail -30 "$log"
      for artifact in "artifacts/$target"/*; do
        [ -e "$artifact" ] || continue
        echo "replay: (cd fuzz && cargo +nightly fuzz run ${flags[*]} $target $artifact)"
      done
    } >"$scratch/$target.failed"
  fi
  printf '%-8s %6s s %12s runs  corpus %5s files %8s bytes  %s\n' "$target" "$seconds" "$runs" \
    "$files" "$bytes" "$verdict" >"$scratch/$target.summary"
}

# The targets run side by side, FUZZ_JOBS at a time (default: one per core); each is one
# process on one core.
jobs_at_once="${FUZZ_JOBS:-$(nproc)}"
case "$jobs_at_once" in
  '' | *[!0-9]* | 0) echo "FUZZ_JOBS must be a positive number, not '$jobs_at_once'" >&2; exit 2 ;;
esac
running=0
for target in "${targets[@]}"; do
  max_len "$target" >/dev/null
  if [ "$running" -ge "$jobs_at_once" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  echo "== fuzzing $target for $duration s (max_len $(max_len "$target"))"
  fuzz_one "$target" &
  running=$((running + 1))
done
wait

echo "== fuzz summary"
failed=()
for target in "${targets[@]}"; do
  cat "$scratch/$target.summary"
  if [ -e "$scratch/$target.failed" ]; then
    cat "$scratch/$target.failed"
    failed+=("$target")
  fi
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]}" >&2
  exit 1
fi
