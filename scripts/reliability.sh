#!/usr/bin/env bash
# The reliability attack, repeatable: endless and hostile input, numbers at the edges of what the
# argument parser takes, hostile engines (forking, hanging, crashing, lying about their moves),
# signals to the referee, and SIGKILLs while a report is written. Prints one line per attack
# with its exit code, wall time and peak memory, and ends with the totals the README's
# "Reliability" section records. Exits 1 if any attack broke something (a panic, an exit code
# other than the one expected, a process left behind, a lost or mixed output).
#
# Usage: scripts/reliability.sh [BINARY]   (default target/release/castle960; build it first
# with `cargo build --release`). Needs bash, GNU time (/usr/bin/time), timeout and python3;
# Stockfish and python-chess are used when installed.
set -u
bin=$(realpath "${1:-target/release/castle960}")
repo=$(cd "$(dirname "$0")/.." && pwd)
fake="$repo/tests/data/uci/fake_engine.sh"
work=$(mktemp -d)
token="castle960-attack-$$"
# Whatever happens, no process of the attack outlives it: every process id the fake engines
# recorded, and every process with the token in its environment, is killed at the end.
cleanup() {
  cat "$work"/pids "$work"/allpids 2>/dev/null | xargs -r kill -KILL 2>/dev/null
  grep -l "CASTLE960_ATTACK=$token" /proc/[0-9]*/environ 2>/dev/null |
    cut -d/ -f3 | xargs -r kill -KILL 2>/dev/null
  chattr -i "$work/locked" 2>/dev/null
  chmod -R u+w "$work"
  rm -rf "$work"
}
trap cleanup EXIT
failures=0 attacks=0 peak=0 left_total=0

# run EXPECTED-CODE LABEL COMMAND...: runs the command under a 1 GiB address-space limit and a
# 120 s timeout, records its exit code, wall time and peak memory.
run() {
  local expected=$1 label=$2
  shift 2
  attacks=$((attacks + 1))
  /usr/bin/time -f "%e %M" -o "$work/time" \
    timeout 120 bash -c 'ulimit -v 1048576; exec "$@"' bash "$@" \
    >"$work/out" 2>"$work/err"
  local code=$? seconds kb
  # GNU time puts "Command exited with non-zero status N" before its own line.
  read -r seconds kb < <(tail -1 "$work/time") || { seconds=?; kb=0; }
  [ "$kb" -gt "$peak" ] && peak=$kb
  local verdict=ok
  if [ "$code" != "$expected" ] || grep -q panicked "$work/err"; then
    verdict=BROKEN
    failures=$((failures + 1))
  fi
  printf '%-6s %-58s exit %3s  %6ss  %7s KB  %s\n' "$verdict" "$label" "$code" "$seconds" "$kb" \
    "$(head -c 110 "$work/err" | head -1)"
}

echo "== Endless and hostile input (exit 2, one line; 1 GiB address-space limit)"
run 2 "castle --pgn /dev/zero" "$bin" castle --pgn /dev/zero
run 2 "castle --pgn /dev/urandom" "$bin" castle --pgn /dev/urandom
run 2 "why --pgn /dev/zero" "$bin" why --pgn /dev/zero O-O
run 2 "referee --suite /dev/zero" "$bin" referee --suite /dev/zero sh "$fake" hang
run 2 "referee --suite /dev/urandom" "$bin" referee --suite /dev/urandom sh "$fake" hang
run 2 "show - < /dev/zero" bash -c "exec '$bin' show - < /dev/zero"
run 2 "show - < /dev/urandom" bash -c "exec '$bin' show - < /dev/urandom"
run 2 "yes 518 | show -" bash -c "yes 518 | '$bin' show -"
python3 - "$work/long.pgn" <<'EOF'
import sys
shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"]
moves = " ".join((f"{p // 2 + 1}. " if p % 2 == 0 else "") + shuffle[p % 4] for p in range(100_000))
open(sys.argv[1], "w").write(f'[Event "long"]\n\n{moves} *\n')
EOF
run 0 "castle --pgn (100,000 plies on one line)" "$bin" castle --pgn "$work/long.pgn" --ply 100000
yes 518 | head -200000 >"$work/many.txt"
run 0 "show - (200,000 lines of 518)" bash -c "'$bin' show - < '$work/many.txt' > /dev/null"

echo "== Numbers at the edges (work, or exit 2 in one line)"
for limit in 1e19 1e20 1e300 inf; do
  run 1 "referee --time-limit $limit" "$bin" referee --positions 2 --time-limit "$limit" sh "$fake" king-destination
done
for limit in 1e-300 0 -1 nan; do
  run 2 "referee --time-limit $limit" "$bin" referee --time-limit "$limit" sh "$fake" hang
done
run 2 "castle --max-input 99999999999999999999" "$bin" castle --pgn /dev/null --max-input 99999999999999999999

echo "== Hostile engines: a wrapper without exec around an engine that forks"
# The wrapper and engine record their process ids; none may exist once the referee is done.
cat >"$work/wrapper.sh" <<'EOF'
dir=$(dirname "$0"); echo $$ >> "$dir/pids"; sh "$dir/engine.sh" "$@"
EOF
cat >"$work/engine.sh" <<'EOF'
dir=$(dirname "$0"); echo $$ >> "$dir/pids"
sleep 1000 & echo $! >> "$dir/pids"
while IFS= read -r line; do
  case "$line" in
    uci) printf 'id name forking fake\noption name UCI_Chess960 type check default false\nuciok\n' ;;
    isready) echo readyok; : > "$dir/ready" ;;
    go*) case "$1" in answer) echo "Nodes searched: 0" ;; crash) exit 3 ;; esac ;;
  esac
done
EOF
# left: how many recorded processes still exist (zombies included).
left() {
  local n=0 pid
  while read -r pid; do [ -e "/proc/$pid" ] && n=$((n + 1)); done < <(cat "$work/pids" 2>/dev/null)
  echo "$n"
}
# stop_after SECONDS PID: waits up to SECONDS for the process to end, then kills it (a referee
# that ignores the signal, as a background job of a script ignores SIGINT unless it handles it).
stop_after() {
  timeout "$1" tail --pid="$2" -f /dev/null
  kill -KILL "$2" 2>/dev/null
}

# fresh: starts a new record of process ids, keeping the old ones for the clean-up.
fresh() {
  cat "$work/pids" >>"$work/allpids" 2>/dev/null
  rm -f "$work/pids" "$work/ready"
}
engine_run() {
  local expected=$1 mode=$2
  shift 2
  fresh
  run "$expected" "forking engine, $mode $*" env CASTLE960_ATTACK="$token" "$bin" referee "$@" \
    sh "$work/wrapper.sh" "$mode"
  local n
  n=$(left)
  left_total=$((left_total + n))
  [ "$n" = 0 ] || { echo "BROKEN $n processes left"; failures=$((failures + 1)); }
}
engine_run 1 answer --positions 5
engine_run 3 hang --positions 5 --time-limit 0.3
engine_run 3 crash --positions 5
for signal in INT TERM HUP; do
  fresh
  attacks=$((attacks + 1))
  CASTLE960_ATTACK=$token "$bin" referee --positions 100000000 sh "$work/wrapper.sh" answer \
    >"$work/out" 2>"$work/err" &
  referee=$!
  for _ in $(seq 200); do [ -e "$work/ready" ] && break; sleep 0.05; done
  sleep 0.3
  kill -"$signal" "$referee"
  stop_after 10 "$referee"
  wait "$referee"
  code=$?
  n=$(left)
  left_total=$((left_total + n))
  want=$((128 + $(kill -l "$signal")))
  verdict=ok
  { [ "$code" = "$want" ] && [ "$n" = 0 ] && grep -q "interrupted by SIG$signal" "$work/out"; } ||
    { verdict=BROKEN; failures=$((failures + 1)); }
  printf '%-6s %-58s exit %3s  %s processes left\n' "$verdict" "SIG$signal to the referee" "$code" "$n"
done
if python3 -c "import chess" 2>/dev/null; then
  for mode in twice extra swap; do
    run 1 "engine listing its moves wrongly ($mode)" "$bin" referee --positions 200 --show 0 \
      python3 "$repo/tests/data/uci/bad_list.py" "$mode"
  done
fi
stockfish=$(command -v stockfish || echo /usr/games/stockfish)
if [ -x "$stockfish" ]; then
  # Every process the run starts inherits the token in its environment.
  printf '#!/bin/sh\n%s "$@"\n' "$stockfish" >"$work/sf.sh"
  attacks=$((attacks + 1))
  CASTLE960_ATTACK=$token "$bin" referee --positions 100000000 sh "$work/sf.sh" >/dev/null 2>&1 &
  referee=$!
  sleep 2
  kill -INT "$referee"
  stop_after 10 "$referee"
  wait "$referee"
  code=$?
  n=$(grep -l "CASTLE960_ATTACK=$token" /proc/[0-9]*/environ 2>/dev/null | wc -l)
  left_total=$((left_total + n))
  verdict=ok
  { [ "$code" = 130 ] && [ "$n" = 0 ]; } || { verdict=BROKEN; failures=$((failures + 1)); }
  printf '%-6s %-58s exit %3s  %s processes left\n' "$verdict" "SIGINT to the referee of Stockfish behind sh" "$code" "$n"
fi

echo "== Outputs: SIGKILL while a report runs, then a run into the same directory"
out="$work/out-dir"
"$bin" report -q --pawn-bound 1 --out-dir "$out" || failures=$((failures + 1))
for delay in 0.05 0.2 0.5 1 1.5 2 3 4 5 6; do
  attacks=$((attacks + 1))
  "$bin" report -q --pawn-bound 2 --out-dir "$out" &
  sleep "$delay"
  kill -KILL $! 2>/dev/null
  wait $! 2>/dev/null
done
# Whatever moment the kills hit, the three files are whole: the CSV all 960 rows, the page to
# its end.
whole=no
[ "$(wc -l <"$out/chess960_castling.csv")" = 961 ] && tail -c 8 "$out/gallery.html" | grep -q '</html>' &&
  head -1 "$out/analysis.md" | grep -q '^<!-- Written by castle960' && whole=yes
[ "$whole" = yes ] || failures=$((failures + 1))
printf 'mine\n' >"$out/.castle960-UserFile0001.bak"
"$bin" report --pawn-bound 1 --out-dir "$out" >/dev/null 2>"$work/err" || failures=$((failures + 1))
leftovers=$(find "$out" -name '.castle960-*' ! -name '.castle960-UserFile0001.bak' | wc -l)
kept=$(grep -c "UserFile0001.bak" "$work/err")
verdict=ok
{ [ "$leftovers" = 0 ] && [ "$kept" = 1 ] && [ -e "$out/.castle960-UserFile0001.bak" ] &&
  head -1 "$out/chess960_castling.csv" | grep -q '^sp,arrangement,fen,'; } ||
  { verdict=BROKEN; failures=$((failures + 1)); }
printf '%-6s %-58s outputs whole: %s, %s leftovers, user file kept: %s\n' "$verdict" \
  "10 SIGKILLs mid-run, then a run" "$whole" "$leftovers" "$kept"
mkdir "$work/locked"
if chattr +i "$work/locked" 2>/dev/null || { chmod 555 "$work/locked" && [ "$(id -u)" != 0 ]; }; then
  run 2 "report --out-dir into a read-only directory" "$bin" report -q --out-dir "$work/locked"
  grep -q "(give --out-dir a writable directory)" "$work/err" ||
    { echo "BROKEN the advice does not name --out-dir"; failures=$((failures + 1)); }
  chattr -i "$work/locked" 2>/dev/null
fi

echo "== Totals"
echo "attacks: $attacks, broken: $failures, peak memory: $peak KB, processes left behind: $left_total"
[ "$failures" = 0 ]
