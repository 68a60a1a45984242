#!/usr/bin/env bash
# What each test of the README's test command costs: every test of every release test binary
# (the slow ones included), run alone, one after another, with its wall-clock seconds and its CPU
# seconds (user + system, its children included: the castle960 runs and engines a test starts).
# Prints one line per test, the costliest CPU first. The test command's time is about its CPU
# halved on two cores (the long tests run rayon themselves), so the CPU column says where a
# saving would show.
#
# Usage: scripts/test_costs.sh [FILTER]   (only tests whose name contains FILTER). Builds the
# test binaries first (`cargo test --release --no-run`); needs GNU time (/usr/bin/time) and
# python3. A test sharing a result with others through a OnceLock pays for it here each time,
# so a binary's lines add up to more than its run in the test command.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  -h | --help)
    echo "usage: scripts/test_costs.sh [FILTER]   every test run alone: CPU and wall seconds, costliest first"
    exit 0
    ;;
esac
filter="${1:-}"
binaries=$(cargo test --release --no-run --message-format=json 2>/dev/null | python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("profile", {}).get("test") and m.get("executable"):
        print(m["target"]["name"], m["executable"])
')
out=$(mktemp)
trap 'rm -f "$out"' EXIT
costs=$(while read -r name exe; do
  "$exe" --list --include-ignored 2>/dev/null | sed -n 's/: test$//p' | while read -r test; do
    [[ -z "$filter" || "$test" == *"$filter"* ]] || continue
    /usr/bin/time -f "%e %U %S" -o "$out" "$exe" --exact "$test" --include-ignored -q >/dev/null 2>&1 ||
      echo "warning: $name $test failed" >&2
    read -r wall user sys < <(tail -n 1 "$out")
    awk -v w="$wall" -v u="$user" -v s="$sys" -v n="$name" -v t="$test" \
      'BEGIN { printf "%8.1f %8.1f  %s %s\n", u + s, w, n, t }'
  done
done <<<"$binaries")
if [ -z "$costs" ]; then
  echo "scripts/test_costs.sh: no test's name contains \"$filter\"" >&2
  exit 2
fi
echo "  CPU s   wall s  binary test"
sort -rn <<<"$costs"
