#!/usr/bin/env bash
# safety.sh - regression cases of issue 12: each reproduction of the issue
# must end in a clear error (exit 1, or 2 for usage) or the right answer;
# nothing crashes, nothing is left running, no wrong total with exit 0.
# Usage: safety.sh PATH/TO/hexref
# HEXREF_WRAP="valgrind ..." runs every direct hexref call under that
# wrapper (ci/valgrind); its error exit code then fails the case.
set -u
hexref=$1
wrap=${HEXREF_WRAP:-}
fixdir="$(cd "$(dirname "$0")/../fixtures" && pwd)"
suites="$(cd "$(dirname "$0")/../../perft-suites" && pwd)"
. "$(dirname "$0")/common.sh"
leftovers=""
cleanup() {
  for pid in $leftovers; do kill -9 "$pid" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT

hx() { timeout 120 $wrap "$hexref" "$@"; }
run() { hx "$@" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"; }
expect_report() { # the same, MESSAGE-PART in the report (stdout) of verify or fixtures
  local name=$1 code=$2 part=$3; shift 3
  run "$@"
  [ "$(rc)" = "$code" ] && grep -qF -- "$part" "$tmp/out"
  check $? "$name (rc $(rc), stdout: $(tail -c 300 "$tmp/out"))"
}
engine() { # engine INPUT-LINES...: runs hexref engine on them, output in $tmp/out
  # quit and the end of input stop a count (docs/protocol.md): as a driver
  # does, wait for every go's terminator before sending the rest.
  local gos
  gos=$(printf '%s\n' "$@" | grep -c '^go ')
  : >"$tmp/out"
  { printf '%s\n' "$@" | grep -vx quit
    for _ in $(seq 1200); do
      [ "$(grep -c '^Nodes searched' "$tmp/out")" -ge "$gos" ] && break
      sleep 0.1
    done
    echo quit; } | hx engine >"$tmp/out" 2>"$tmp/err"
  echo $? >"$tmp/rc"
}

# ---- 1. The history bound holds on every path that plays moves -----------
cycle="d1c3 d9b6 c3d1 b6d9" # four glinski moves back to the initial position
moves_n() { # the first N moves of the cycle repeated
  local n=$1 out="" i=0
  set -- $cycle
  while [ $i -lt "$n" ]; do
    out="$out ${@:$((i % 4 + 1)):1}"
    i=$((i + 1))
  done
  echo "${out# }"
}
m4092=$(moves_n 4092) m4095=$(moves_n 4095) m4096=$(moves_n 4096) m4097=$(moves_n 4097)
expect "divide after 4096 moves is refused" 1 "history" divide -v glinski --moves "$m4096" 1
expect "perft 3 after 4095 moves is refused" 1 "history" perft -v glinski --moves "$m4095" 3
expect "perft --hash after 4095 moves is refused" 1 "history" perft -v glinski -t 2 --hash 1 --moves "$m4095" 3
expect "4097 moves are refused" 1 "more than 4096 moves" moves -v glinski --moves "$m4097"
run perft -v glinski --moves "$m4092" 3
[ "$(rc)" = 0 ] && [ "$(tail -n 1 "$tmp/out")" = 137858 ]
check $? "perft 3 after 4092 moves is the initial position's count"
run perft -v glinski --moves "$m4095" 1
[ "$(rc)" = 0 ] && [ "$(tail -n 1 "$tmp/out")" = "$(hx perft -v glinski --moves "$(moves_n 3)" 1 2>/dev/null)" ]
check $? "perft 1 after 4095 moves (the last ply of history) counts"
engine "setoption name UCI_Variant value glinski" "position startpos moves $m4095" "go perft 3" quit
[ "$(rc)" = 0 ] && grep -q '^error .*history' "$tmp/out" && grep -qx 'Nodes searched: 0' "$tmp/out"
check $? "engine: go perft 3 after 4095 moves is an error with a terminator ($(head -c 200 "$tmp/out"))"
expect "selfcheck: --plies beyond the history" 2 "4095" selfcheck -v glinski -n 1 --plies 5000

# ---- 2. merge ---------------------------------------------------------------
# results of every job, as `hexref perft --job ID ...` writes them
results_of() { # results_of JOBS > RESULTS
  while IFS="$(printf '\t')" read -r id v p d fen mult; do
    "$hexref" perft --job "$id" -v "$v" -p "$p" --fen "$fen" "$d" 2>/dev/null
  done <"$1"
}
result_line() { # result_line ID COUNT: the line with its CHECK, computed here from docs/perft.md
  python3 -c '
import sys
M = (1 << 64) - 1
h = 0xcbf29ce484222325
for b in (sys.argv[1] + "\t" + sys.argv[2]).encode():
    h = ((h ^ b) * 0x100000001b3) & M
h = ((h ^ (h >> 30)) * 0xbf58476d1ce4e5b9) & M
h = ((h ^ (h >> 27)) * 0x94d049bb133111eb) & M
print("%s\t%s\t%016x" % (sys.argv[1], sys.argv[2], h ^ (h >> 31)))' "$1" "$2"
}
hx perft -v mccooey --split 1 -o "$tmp/jobs3.tsv" 3 2>/dev/null
hx perft -v mccooey --split 1 -o "$tmp/jobs4.tsv" 4 2>/dev/null
results_of "$tmp/jobs3.tsv" >"$tmp/res3.tsv"
results_of "$tmp/jobs4.tsv" >"$tmp/res4.tsv"
run merge "$tmp/jobs3.tsv" "$tmp/res3.tsv"
[ "$(rc)" = 0 ] && [ "$(cat "$tmp/out")" = 33307 ]; check $? "merge: the right total ($(head -c 200 "$tmp/err"))"
grep -q '@' "$tmp/jobs3.tsv" && grep -q '@' "$tmp/res3.tsv"
check $? "split: job ids carry the fingerprint of the jobs file"
head -c -1 "$tmp/res3.tsv" >"$tmp/cut.tsv"
expect "merge: a last line without its newline" 1 "newline" merge "$tmp/jobs3.tsv" "$tmp/cut.tsv"
cmp -s <(head -n 1 "$tmp/res3.tsv") <(result_line $(head -n 1 "$tmp/res3.tsv" | cut -f 1,2))
check $? "merge: a result line's check is the one docs/perft.md defines"
sed '1s/\t\([0-9]*\)\t/\t -\1\t/' "$tmp/res3.tsv" >"$tmp/neg.tsv"
expect "merge: a count ' -N'" 1 "bad count" merge "$tmp/jobs3.tsv" "$tmp/neg.tsv"
sed '1s/\t\([0-9]*\)\t/\t+\1\t/' "$tmp/res3.tsv" >"$tmp/plus.tsv"
expect "merge: a count '+N'" 1 "bad count" merge "$tmp/jobs3.tsv" "$tmp/plus.tsv"
{ result_line "$(head -n 1 "$tmp/res3.tsv" | cut -f 1)" 18446744073709551615; tail -n +2 "$tmp/res3.tsv"; } >"$tmp/big.tsv"
expect "merge: a sum beyond 64 bits" 1 "64 bits" merge "$tmp/jobs3.tsv" "$tmp/big.tsv"
sed '1s/\t1$/\t7/' "$tmp/jobs3.tsv" >"$tmp/mult7.tsv"
expect "merge: a MULT changed to 7" 1 "fingerprint" merge "$tmp/mult7.tsv" "$tmp/res3.tsv"
sed '1s/\t1$/\t0/' "$tmp/jobs3.tsv" >"$tmp/mult0.tsv"
expect "merge: a MULT of 0" 1 "multiplicity" merge "$tmp/mult0.tsv" "$tmp/res3.tsv"
sed '2s/\t2\t/\t3\t/' "$tmp/jobs3.tsv" >"$tmp/depth.tsv"
expect "merge: a job line of another depth" 1 "depth" merge "$tmp/depth.tsv" "$tmp/res3.tsv"
expect "merge: results of another split with as many jobs" 1 "another split" \
  merge "$tmp/jobs3.tsv" "$tmp/res4.tsv"
head -n 15 "$tmp/jobs3.tsv" >"$tmp/mix.tsv"; tail -n +16 "$tmp/jobs4.tsv" >>"$tmp/mix.tsv"
expect "merge: job lines of two splits" 1 "split" merge "$tmp/mix.tsv" "$tmp/res3.tsv"
expect "merge: a directory" 1 "directory" merge "$tmp/jobs3.tsv" "$tmp"
result_line 1/1073741824@0123456789abcdef 5 >"$tmp/huge.tsv"
run merge "$tmp/huge.tsv"
[ "$(rc)" = 1 ] && grep -q "more jobs than" "$tmp/err"; check $? "merge: an absurd job count is refused ($(head -c 200 "$tmp/err"))"

# ---- 3. Write errors --------------------------------------------------------
full() { # full NAME ARGS...: stdout is /dev/full, so the run must fail naming ENOSPC
  local name=$1; shift
  hx "$@" >/dev/full 2>"$tmp/err"
  local code=$?
  [ $code = 1 ] && grep -q "No space left on device" "$tmp/err"
  check $? "$name > /dev/full (rc $code, stderr: $(head -c 200 "$tmp/err"))"
}
full "merge" merge "$tmp/jobs3.tsv" "$tmp/res3.tsv"
full "perft" perft -v shafran 2
full "divide" divide -v shafran 2
full "moves" moves -v shafran
full "show" show -v shafran
full "variants" variants
full "fen" fen -v shafran "W Ke1, B Ke10"
full "bench" bench -v mccooey 2
full "perft --split" perft -v mccooey --split 1 3
full "fixtures" fixtures -v mccooey
full "suite" suite --tier quick "$suites/mccooey-std.epd"
# a file that cannot grow (ulimit -f, SIGXFSZ ignored: the write fails with EFBIG)
small() { (ulimit -f 1; trap '' XFSZ; hx "$@"); }
small gen -v mccooey -n 40 --depth 1 --seed 1 -o "$tmp/gen.epd" 2>"$tmp/err"
code=$?
[ $code = 1 ] && grep -q "File too large" "$tmp/err"
check $? "gen names the cause of a write error (rc $code, stderr: $(head -c 200 "$tmp/err"))"

# ---- 4. Children in a new session are gone when the run ends ----------------
marker=$((34000 + RANDOM % 999))
cat >"$tmp/setsid-engine.sh" <<EOF
#!/bin/sh
setsid sleep $marker.5 >/dev/null 2>&1 </dev/null &
exec "$hexref" divide -v mccooey --fen "\$2" "\$1"
EOF
chmod +x "$tmp/setsid-engine.sh"
hx verify --engine "$tmp/setsid-engine.sh" -v mccooey -d 1 >"$tmp/out" 2>&1
code=$?
sleep 0.2
left=$(pgrep -f "sleep $marker.5")
leftovers="$leftovers $left"
[ $code = 0 ] && [ -z "$left" ]
check $? "verify: no process in a new session outlives the run (rc $code, left: $left)"

# ---- 5. A status query that never answers: three timeouts, then stop ---------
cat >"$tmp/mute-status.sh" <<EOF
#!/bin/sh
while IFS= read -r line; do
  case "\$line" in
    status) echo asked >>"$tmp/status.log" ;;
    *) printf '%s\n' "\$line" ;;
  esac
done | "$hexref" engine
EOF
chmod +x "$tmp/mute-status.sh"
: >"$tmp/status.log"
hx verify --engine "$tmp/mute-status.sh" --protocol uci -v shafran --fixtures --timeout 0.5 \
  "$fixdir/shafran/source-statements.fix" >"$tmp/out" 2>&1
code=$?
asked=$(wc -l <"$tmp/status.log")
[ $code = 1 ] && [ "$asked" -le 3 ]
check $? "verify: status asked $asked times (at most 3), rc $code"

# ---- 6. A run that selects nothing is an error --------------------------------
expect "fixtures -v foo" 1 "foo" fixtures -v foo
expect "fixtures -p nosuch" 1 "nosuch" fixtures -v mccooey -p nosuch
# the first fixture of a real file, with an unknown profile on its profiles line
awk '/^fixture /{n++} n==1' "$fixdir/mccooey/geometry.fix" | sed 's/^profiles .*/profiles std nosuch/' \
  >"$tmp/bad-profile.fix"
expect_report "fixture file naming an unknown profile" 1 "nosuch" fixtures "$tmp/bad-profile.fix"
mkdir -p "$tmp/nosuites"
expect_report "verify --suite on a directory without suites" 1 "no suite" \
  verify --engine "$hexref engine" --protocol uci -v mccooey --suite "$tmp/nosuites"
printf '# no line\n' >"$tmp/mccooey-std.epd"
expect "suite with no line selected" 1 "no line checked" suite "$tmp/mccooey-std.epd"
expect "bench -v foo" 1 "foo" bench -v foo 1
expect "variants -v foo" 1 "foo" variants -v foo

# ---- 7. The uci engine always ends a go perft --------------------------------
engine "setoption name UCI_Variant value glinski" "position startpos moves e2e9" "go perft 1" quit
grep -q '^error' "$tmp/out" && grep -qx 'Nodes searched: 0' "$tmp/out"
check $? "engine: go perft after a rejected position ends with a terminator ($(head -c 200 "$tmp/out"))"
engine "position startpos" "go perft 1" quit
grep -qx 'Nodes searched: 42' "$tmp/out"
check $? "engine: startpos without setoption is the advertised default, shafran ($(head -c 200 "$tmp/out"))"
long="position startpos moves $(head -c 70000 /dev/zero | tr '\0' a)"
engine "$long" "go perft 1" quit
grep -q '^error .*64 KiB' "$tmp/out" && grep -qx 'Nodes searched: 0' "$tmp/out"
check $? "engine: a position line over 64 KiB is never taken cut ($(head -c 200 "$tmp/out"))"

# ---- 8. Depth limits and stop -------------------------------------------------
expect "perft -v glinski 33" 2 "limit of 10" perft -v glinski 33
expect "bench 40" 2 "limit of 10" bench 40
engine "position startpos" "go perft 33" quit
grep -q '^error.*10' "$tmp/out" && grep -qx 'Nodes searched: 0' "$tmp/out"
check $? "engine: go perft 33 is refused with the limit ($(head -c 200 "$tmp/out"))"
start=$(date +%s)
{ printf 'uci\nposition startpos\ngo perft 9\n'; sleep 1; printf 'stop\nisready\n'; sleep 1; printf 'quit\n'; } |
  timeout 60 "$hexref" engine >"$tmp/out" 2>&1
code=$?
took=$(($(date +%s) - start))
grep -qx 'Nodes searched: 0' "$tmp/out" && grep -qx readyok "$tmp/out" && [ $code = 0 ] && [ $took -lt 10 ]
check $? "engine: stop ends go perft 9 (rc $code, ${took} s: $(tail -c 200 "$tmp/out"))"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
