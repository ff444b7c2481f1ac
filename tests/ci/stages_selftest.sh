#!/usr/bin/env bash
# stages_selftest.sh - the stage reporting of ci/test (ci/stages.sh) on fake
# stages: every failure, however the run ends, is named with its command and
# its log's tail, and the table lists every stage.
# Usage: stages_selftest.sh PATH/TO/ci/stages.sh
set -u
stages=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
check() { # check NAME CONDITION-STATUS
  if [ "$2" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi
}
has() { grep -qF -- "$1" "$tmp/out"; }
lacks() { ! grep -qF -- "$1" "$tmp/out"; }

# run_ci NAME BODY: BODY (shell text) is the caller, with set -euo pipefail
# like ci/test; its output to $tmp/out, its exit status to $tmp/rc.
run_ci() {
  local name=$1 body=$2
  cat >"$tmp/$name.sh" <<SCRIPT
set -euo pipefail
. "$stages"
ok_stage() { echo "doing fine"; }
noisy_fail() { for i in \$(seq 1 50); do echo "noisy line \$i"; done; return 7; }
stage_init "$tmp/logs-$name"
$body
SCRIPT
  bash "$tmp/$name.sh" >"$tmp/out" 2>&1 </dev/null
  echo $? >"$tmp/rc"
}
rc() { cat "$tmp/rc"; }

# A failing stage stops the run: named, command, the last 40 of its 50 lines.
run_ci seq 'stage_run first ok_stage
stage_run second noisy_fail
stage_run third ok_stage'
check "seq: exit status 7 (rc $(rc))" "$( [ "$(rc)" = 7 ]; echo $?)"
has "stage first: ok in "; check "seq: first ok line" $?
has "stage second: FAILED in "; check "seq: second FAILED line" $?
has "---- stage second FAILED (exit status 7)"; check "seq: failure named with status" $?
has "---- command: noisy_fail"; check "seq: failure's command" $?
# shellcheck disable=SC2016 # the function's text, not an expansion
has 'echo "noisy line $i"'; check "seq: the function's commands" $?
has "noisy line 11"; check "seq: tail holds line 11" $?
[ "$(grep -c 'noisy line 10$' "$tmp/out")" = 1 ]; check "seq: line 10 only in the live log, not the tail" $?
lacks "stage third:"; check "seq: no stage after the failure" $?
grep -qE '^second +FAILED +[0-9]+ +[0-9]+  noisy_fail$' "$tmp/out"; check "seq: table row of the failure" $?
grep -qE '^first +ok +[0-9]+ +[0-9]+  ok_stage$' "$tmp/out"; check "seq: table row of the ok stage" $?
has "ci: FAILED, stage(s): second"; check "seq: last line names the stage" $?
[ -s "$tmp/logs-seq/second.log" ] && grep -q "noisy line 50" "$tmp/logs-seq/second.log"
check "seq: the stage's own log" $?

# The table's CPU column counts what the stage's commands used: a stage
# that keeps a core busy for 2 s says 2 (or 1, 3 on a loaded machine), an
# idle one 0.
run_ci cpu 'stage_run busy timeout 2 sh -c "while :; do :; done; exit 0" || true
stage_run idle sleep 1'
grep -qE '^busy +[a-zA-Z]+ +[0-9]+ +[123]  timeout' "$tmp/out"; check "cpu: a busy stage's CPU seconds" $?
grep -qE '^idle +ok +[0-9]+ +0  sleep 1$' "$tmp/out"; check "cpu: an idle stage's" $?

# A foreground stage fails while a background one runs: the headline names
# the failure, the background stage as ended unfinished, not as a failure.
run_ci fgfail 'stage_start slow bash -c "sleep 60"
stage_run second noisy_fail'
has "ci: FAILED, stage(s): second (ended unfinished: slow)"; check "fgfail: the headline names the failure" $?
has "stage slow: FAILED in "; check "fgfail: the unfinished stage's line" $?

# A background stage that ended (ok) before a foreground one failed keeps
# its own result: it is no failure and was not ended unfinished.
run_ci bgdone 'stage_start quick bash -c "echo quick done"
sleep 2
stage_run second noisy_fail'
has "ci: FAILED, stage(s): second"; check "bgdone: the headline names the failure" $?
has "stage quick: ok in "; check "bgdone: the finished stage's own result" $?
lacks "unfinished"; check "bgdone: nothing called unfinished" $?

# The caller dies (exit 3) while a background stage runs: the stage is
# killed, with its children, and named as FAILED.
run_ci killed 'stage_start slow bash -c "echo started; echo \$\$ >'"$tmp"'/slow.pid; sleep 60"
sleep 1
exit 3'
check "killed: exit status 3 (rc $(rc))" "$( [ "$(rc)" = 3 ]; echo $?)"
has "stage slow: FAILED in "; check "killed: slow named FAILED" $?
has "(killed: the run ended while it ran, exit status 3)"; check "killed: why" $?
has "started"; check "killed: its log's tail" $?
# Gone, or a zombie waiting for init to reap it (the stage's shell that
# would have reaped it is killed too).
alive() { local st; st=$(ps -o stat= -p "$1" 2>/dev/null) && [[ $st != Z* ]]; }
slow=$(cat "$tmp/slow.pid" 2>/dev/null); [ -n "$slow" ]; check "killed: the stage started" $?
for _ in 1 2 3 4 5 6 7 8 9 10; do alive "$slow" || break; sleep 0.5; done
! alive "$slow"; check "killed: nothing left running" $?

# An error outside any stage (set -e) after a good stage: said as such.
run_ci outside 'stage_run first ok_stage
false'
check "outside: exit status 1 (rc $(rc))" "$( [ "$(rc)" = 1 ]; echo $?)"
has "ci: FAILED outside any stage (exit status 1)"; check "outside: said" $?
grep -qE '^first +ok ' "$tmp/out"; check "outside: table" $?

# Two stages side by side: both lines and both logs, in the order asked,
# and the failing one's tail at the end.
run_ci par 'stage_start a bash -c "sleep 1; echo from-a"
stage_start b bash -c "echo from-b; exit 4"
stage_wait a b || exit 1'
check "par: exit status 1 (rc $(rc))" "$( [ "$(rc)" = 1 ]; echo $?)"
has "stage a: ok in "; check "par: a ok" $?
has "---- stage b FAILED (exit status 4)"; check "par: b failed with status" $?
[ "$(grep -n -m1 -F 'from-a' "$tmp/out" | cut -d: -f1)" -lt "$(grep -n -m1 -F 'from-b' "$tmp/out" | cut -d: -f1)" ]
check "par: logs in the order asked" $?

# A stage's command stops at its first failing line even where the caller
# runs the stage inside a condition (where a subshell would lose errexit).
run_ci cond 'two_lines() { false; echo "after the failure"; }
stage_run first two_lines || exit 9'
check "cond: exit status 9 (rc $(rc))" "$( [ "$(rc)" = 9 ]; echo $?)"
! grep -q "after the failure" "$tmp/logs-cond/first.log"; check "cond: errexit inside the stage" $?

# The planted failure of a passing stage, and a clean run.
HEXREF_CI_PLANT_FAIL=first run_ci plant 'stage_run first ok_stage'
check "plant: exit status 1 (rc $(rc))" "$( [ "$(rc)" = 1 ]; echo $?)"
has "planted failure: HEXREF_CI_PLANT_FAIL=first"; check "plant: message" $?
has "---- command: ok_stage"; check "plant: command" $?
run_ci clean 'stage_run first ok_stage
stage_run second ok_stage'
check "clean: exit status 0 (rc $(rc))" "$( [ "$(rc)" = 0 ]; echo $?)"
has "ci: every stage ok"; check "clean: last line" $?
lacks "FAILED"; check "clean: no failure" $?

echo "tests/ci/stages_selftest.sh: $passed passed, $failed failed"
[ "$failed" = 0 ]
