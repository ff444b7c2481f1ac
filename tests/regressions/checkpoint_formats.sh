#!/usr/bin/env bash
# checkpoint_formats.sh - regression cases of issue 25 on perft's checkpoint
# file and merge's input (items 2, 3, 5, 6, 10 and 12): a checkpoint is used
# only for the very count it was made for, an edited, torn or foreign line is
# refused with file:line, the checkpoint is checked, locked and never a FIFO,
# merge takes no byte outside its grammar, and a split without jobs merges to 0.
# Usage: checkpoint_formats.sh PATH/TO/hexref
set -u
hexref=$1
. "$(dirname "$0")/common.sh"
hx() { timeout 20 "$hexref" "$@"; }
run() { hx "$@" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"; }
expect_out() { # expect_out NAME VALUE ARGS...: exit 0 and VALUE on stdout
  local name=$1 value=$2; shift 2
  run "$@"
  [ "$(rc)" = 0 ] && [ "$(cat "$tmp/out")" = "$value" ]
  check $? "$name (rc $(rc), stdout: $(head -c 100 "$tmp/out"), stderr: $(head -c 300 "$tmp/err"))"
}

# ---- Item 2: a checkpoint names everything its count depends on ----------
F='1/2k/5/7/9/11/p4p5/4P6/11/11/6K4 w - - 0 1'
G='1/2k/5/7/9/11/p4P5/11/11/11/6K4 b - - 0 1' # F after e4f5, without f5's mark
dfm="-v glinski -p diag-firstmove"
ck=$tmp/ck
run perft $dfm --fen "$F" --moves e4f5 -t 2 3 --checkpoint "$ck"
played=$(cat "$tmp/out")
run perft $dfm --fen "$G" 3
fresh=$(cat "$tmp/out")
[ "$played" != "$fresh" ] && [ -n "$played" ] && [ -n "$fresh" ]
check $? "the two positions differ in their counts ($played, $fresh)"
expect "a checkpoint after moves is refused for the same text without them" 1 "$ck" \
  perft $dfm --fen "$G" -t 2 3 --checkpoint "$ck"
grep -qE "its (start|moves) is" "$tmp/err"
check $? "the refusal names the mismatching field (start or moves): $(head -c 300 "$tmp/err")"
expect_out "the checkpoint still serves its own count" "$played" \
  perft $dfm --fen "$F" --moves e4f5 -t 2 3 --checkpoint "$ck"
grep -q "^rules hexref " "$ck"
check $? "the header names hexref's rules version"

# ---- Items 3 and 12: edited, torn and malformed checkpoint lines ----------
ck=$tmp/mk
run perft -v mccooey -t 2 3 --checkpoint "$ck"
total=$(cat "$tmp/out")
n=$(grep -c '^done ' "$ck")
[ "$n" -gt 3 ]
check $? "a checkpoint of mccooey 3 has done lines ($n)"
edit() { # edit SED-SCRIPT: a copy of the checkpoint edited, as $tmp/edited
  sed "$1" "$ck" >"$tmp/edited"
}
line=$(grep -n '^done 3 ' "$ck" | cut -d: -f1)
edit "s/^done 3 [0-9]*/done 3 12/"
expect "an edited count is refused (file:line)" 1 "$tmp/edited:$line:" \
  perft -v mccooey -t 2 3 --checkpoint "$tmp/edited"
edit "s/^done 3 .*/done 3 -5/"
expect "done 3 -5 is malformed (file:line)" 1 "$tmp/edited:$line:" \
  perft -v mccooey -t 2 3 --checkpoint "$tmp/edited"
grep -q "out of memory" "$tmp/err"
[ $? -ne 0 ]
check $? "done 3 -5 is not called out of memory"
head -c $(($(stat -c %s "$ck") - 3)) "$ck" >"$tmp/edited"
expect "a torn last line is refused" 1 "$tmp/edited:" \
  perft -v mccooey -t 2 3 --checkpoint "$tmp/edited"
expect_out "the untouched checkpoint gives the count" "$total" \
  perft -v mccooey -t 2 3 --checkpoint "$ck"

# ---- Item 5: the checkpoint must be writable before the count ------------
start=$(date +%s)
expect "an unwritable checkpoint fails at once" 1 "/nonexistent/ck" \
  perft -v mccooey -t 2 5 --checkpoint /nonexistent/ck
[ $(($(date +%s) - start)) -lt 3 ]
check $? "an unwritable checkpoint is refused before counting"

# A save that fails later (the directory is gone) is a warning: the count
# is still printed, exit 0. The directory goes while the count is stopped
# (SIGSTOP once the checkpoint file exists, before any count can end), so
# the outcome does not depend on how fast the machine counts: with a sleep
# instead, a machine that counts depth 5 in 0.6 s finished first (issue 31).
mkdir "$tmp/gone"
"$hexref" perft -v mccooey -t 1 --no-bulk 5 --checkpoint "$tmp/gone/ck" >"$tmp/out" 2>"$tmp/err" &
pid=$!
while [ ! -e "$tmp/gone/ck" ] && kill -0 $pid 2>/dev/null; do sleep 0.01; done
kill -STOP $pid 2>/dev/null
rm -rf "$tmp/gone"
kill -CONT $pid 2>/dev/null
wait $pid
code=$?
[ $code = 0 ] && [ "$(cat "$tmp/out")" = 45293892 ] && grep -q "warning: $tmp/gone/ck: checkpoint not written" "$tmp/err"
check $? "a failed save keeps the count (rc $code, stdout $(cat "$tmp/out"), stderr: $(head -c 300 "$tmp/err"))"

# ---- Item 6: one run per checkpoint, unique temp names --------------------
ck=$tmp/locked
run perft -v mccooey -t 2 3 --checkpoint "$ck"
flock "$ck" -c "timeout 20 '$hexref' perft -v mccooey -t 2 3 --checkpoint '$ck'" >"$tmp/out" 2>"$tmp/err"
echo $? >"$tmp/rc"
[ "$(rc)" = 1 ] && grep -q "$ck" "$tmp/err" && grep -qi "in use" "$tmp/err"
check $? "a locked checkpoint is refused (rc $(rc), stderr: $(head -c 300 "$tmp/err"))"
mkdir "$tmp/fixed.tmp"
expect_out "the temp name is not FILE.tmp" "$total" perft -v mccooey -t 2 3 --checkpoint "$tmp/fixed"

# ---- Item 10: a FIFO is refused, not waited on ----------------------------
mkfifo "$tmp/fifo"
expect "--checkpoint FIFO is refused" 1 "$tmp/fifo" perft -v mccooey -t 2 3 --checkpoint "$tmp/fifo"
expect "gen --resume -o FIFO is refused" 1 "$tmp/fifo" \
  gen -v glinski --count 2 --depth 1 --seed 1 --resume -o "$tmp/fifo"

# A line longer than 2047 bytes in the middle of a gen file looked like the
# torn last line of an interrupted write: --resume cut the file there and
# the lines after it were lost. It is a wrong line, refused; nothing changes.
hx gen -v glinski --count 3 --depth 1 --seed 1 -o "$tmp/long.epd" 2>/dev/null
{ sed -n 1,2p "$tmp/long.epd"; printf '%*s' 3000 '' | tr ' ' x; echo " ;id gen-1-9"; sed -n 4p "$tmp/long.epd"; } >"$tmp/long2.epd"
cp "$tmp/long2.epd" "$tmp/long2.copy"
expect "gen --resume refuses a long wrong line" 1 "long2.epd:3: expected the line of position 1" \
  gen -v glinski --count 3 --depth 1 --seed 1 --resume -o "$tmp/long2.epd"
cmp -s "$tmp/long2.epd" "$tmp/long2.copy"
check $? "gen --resume leaves a file with a long wrong line untouched"

# ---- Items 3 and 12: merge's grammar --------------------------------------
hx perft -v mccooey --split 1 2 -o "$tmp/jobs" 2>/dev/null
id=$(head -1 "$tmp/jobs" | cut -f1)
while IFS=$'\t' read -r jid v p d fen m; do
  hx perft --job "$jid" -v "$v" -p "$p" --fen "$fen" "$d" 2>/dev/null
done <"$tmp/jobs" >"$tmp/all"
expect_out "the checked results merge to perft's total" "$(hx perft -v mccooey 2 2>/dev/null)" \
  merge "$tmp/jobs" "$tmp/all"
first=$(head -1 "$tmp/all")
results() { # the right result of every job but the first, then LINE for the first
  tail -n +2 "$tmp/all" >"$tmp/results"
  printf '%b\n' "$1" >>"$tmp/results"
}
count=$(echo "$first" | cut -f2) sum=$(echo "$first" | cut -f3)
results "$id\t$((count + 1))\t$sum"
lines=$(wc -l <"$tmp/results")
expect "an edited result count is refused (file:line)" 1 "$tmp/results:$lines:" merge "$tmp/jobs" "$tmp/results"
results "$id\t$count"
expect "a result without its check is refused as the old format" 1 "$tmp/results:$lines: a result without its check" \
  merge "$tmp/jobs" "$tmp/results"
results "$id\t12\r34"
lines=$(wc -l <"$tmp/results")
expect "a CR inside a count is refused (file:line)" 1 "$tmp/results:$lines:" merge "$tmp/jobs" "$tmp/results"
results "$id\t12\x00"
expect "a NUL byte is called a NUL byte (file:line)" 1 "$tmp/results:$lines: a NUL byte" merge "$tmp/jobs" "$tmp/results"
printf '%s\r\n' "$first" >"$tmp/crlf"
expect "a CRLF line is refused too" 1 "$tmp/crlf:1:" merge "$tmp/jobs" "$tmp/crlf"

# A split whose tree ends within the split depth: no jobs, total 0.
mate='1/3/5/7/9/11/11/11/K10/3Q7/k10 b - - 0 1' # stalemate
run perft -v glinski --fen "$mate" 1
if [ "$(cat "$tmp/out")" = 0 ]; then
  run perft -v glinski --fen "$mate" --split 1 3 -o "$tmp/nojobs"
  [ "$(rc)" = 0 ]
  check $? "a split of a finished game succeeds (rc $(rc), $(head -c 300 "$tmp/err"))"
  expect_out "a split without jobs merges to 0" 0 merge "$tmp/nojobs"
  IFS=$'\t' read -r jid v p d fen m <"$tmp/nojobs"
  hx perft --job "$jid" -v "$v" -p "$p" --fen "$fen" "$d" >"$tmp/noresults" 2>/dev/null
  expect_out "its one job's result counts nothing" 0 merge "$tmp/nojobs" "$tmp/noresults"
else
  check 1 "the mate position has moves: $(cat "$tmp/out") $(head -c 300 "$tmp/err")"
fi

echo "checkpoint_formats: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
