#!/usr/bin/env bash
# Times the commands of a figures file with two unhop binaries side by side, alternating
# them so that both see the same load, and prints one Markdown table row per command:
# the median wall-clock and user time of each binary, their ratio, and the largest
# resident memory.
#
#   bash benches/compare_binaries.sh OLD_BINARY NEW_BINARY [FIGURES] [REPETITIONS]
#
# FIGURES (default benches/figures.txt) has one command per line, written with `unhop`;
# blank lines and lines starting with # are skipped. Each command runs in a fresh temporary
# folder (FIGURES_DATA in the environment points at tests/data, for the Korf instances).
# REPETITIONS defaults to 3. A command's exit code is shown when it is not 0.
set -euo pipefail
old=$(realpath "$1")
new=$(realpath "$2")
here=$(cd "$(dirname "$0")/.." && pwd)
figures=${3:-$here/benches/figures.txt}
reps=${4:-3}
export FIGURES_DATA=$here/tests/data

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

# Runs one command with one binary once; prints "wall user maxrss_kb exit".
run_once() {
  local binary=$1 command=$2 dir
  dir=$(mktemp -d)
  local bin_dir
  bin_dir=$(mktemp -d)
  ln -s "$binary" "$bin_dir/unhop"
  (cd "$dir" && PATH="$bin_dir:$PATH" /usr/bin/time -f "%e %U %M %x" -o "$dir/.time" \
    bash -c "$command" > /dev/null 2>&1) || true
  cat "$dir/.time" | tail -1
  rm -rf "$dir" "$bin_dir"
}

echo "| command | old wall (s) | new wall (s) | new/old | old user (s) | new user (s) | max RSS old → new (MB) |"
echo "|---|---|---|---|---|---|---|"
grep -v '^\s*\(#\|$\)' "$figures" | while IFS= read -r command; do
  declare -a ow=() nw=() ou=() nu=()
  om=0 nm=0 codes=""
  for _ in $(seq "$reps"); do
    read -r w u m x < <(run_once "$old" "$command")
    ow+=("$w"); ou+=("$u"); (( m > om )) && om=$m; [[ $x != 0 ]] && codes="old exit $x; "
    read -r w u m x < <(run_once "$new" "$command")
    nw+=("$w"); nu+=("$u"); (( m > nm )) && nm=$m; [[ $x != 0 ]] && codes="${codes}new exit $x; "
  done
  mow=$(printf '%s\n' "${ow[@]}" | median); mnw=$(printf '%s\n' "${nw[@]}" | median)
  mou=$(printf '%s\n' "${ou[@]}" | median); mnu=$(printf '%s\n' "${nu[@]}" | median)
  ratio=$(awk -v a="$mow" -v b="$mnw" 'BEGIN { if (a > 0) printf "%.2f", b / a; else print "–" }')
  note=""; [[ -n $codes ]] && note=" (${codes%; })"
  printf '| `%s`%s | %s | %s | %s | %s | %s | %d → %d |\n' "$command" "$note" "$mow" "$mnw" "$ratio" \
    "$mou" "$mnu" $((om / 1024)) $((nm / 1024))
done
