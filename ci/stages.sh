# shellcheck shell=bash
# ci/stages.sh - the stage runner of ci/test (sourced, not run; docs/ci.md).
#
# A stage is a name and a command (usually a shell function of the caller,
# run in a new bash with errexit: it sees the caller's functions and exported
# variables, not its other variables).
# Each stage runs in its own process group with its output in its own log,
# $STAGE_LOGS/NAME.log, and ends in one line `stage NAME: ok|FAILED in N s`.
# At exit (normal, error, or a signal) each failed stage is shown by name,
# command and the last STAGE_TAIL lines of its own log, then a table gives
# every stage's result and time. A stage still running when the run ends (an
# unexpected exit of the caller) is killed and reported as FAILED: no way
# out of the run leaves a failure without a line naming it.
#
#   stage_init LOGDIR         once, before any stage; sets the EXIT trap
#   stage_run NAME CMD...     runs a stage now, its log shown as it is written
#   stage_start NAME CMD...   starts a stage in the background, log not shown
#   stage_wait NAME...        waits for started stages; prints each one's log
#                             and line in the order given; 1 if any failed
#
# HEXREF_CI_PLANT_FAIL=NAME (a self-test of this reporting, never set in
# CI): stage NAME runs its command, then fails with a planted message.

STAGE_TAIL=${STAGE_TAIL:-40}
STAGE_NAMES=()
declare -A STAGE_CMD=() STAGE_RC=() STAGE_RESULT=() STAGE_SECS=() STAGE_PID=() STAGE_T0=()

stage_init() {
  export STAGE_LOGS=$1 # stage_body writes each stage's CPU time there
  rm -rf "$STAGE_LOGS"
  mkdir -p "$STAGE_LOGS"
  trap 'stage_on_exit $?' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
}

# The body of a stage, in its subshell: errexit on, as in a script of its own.
stage_body() {
  local name=$1
  shift
  # The CPU seconds (user + system) of everything the stage waited for, at
  # its end however it ends: the table shows which stages leave a core idle.
  trap 'stage_cpu "$STAGE_LOGS/.cpu-'"$name"'"' EXIT
  set -euo pipefail
  "$@"
  if [ "${HEXREF_CI_PLANT_FAIL:-}" = "$name" ]; then
    echo "planted failure: HEXREF_CI_PLANT_FAIL=$name (a self-test of the stage reporting)"
    return 1
  fi
}

# stage_cpu FILE: `times` (the shell's and its children's user and system
# times, as 1m2.345s) summed, in whole seconds, into FILE. Not in a pipe or
# $(...): a subshell has its own times, all zero.
stage_cpu() {
  times >"$1.times"
  tr -s ' ' '\n' <"$1.times" | awk -F'[ms]' '{ t += $1 * 60 + $2 } END { printf "%d\n", t + 0.5 }' >"$1"
  rm -f "$1.times"
}

stage_launch() {
  local name=$1
  shift
  [ -z "${STAGE_CMD[$name]+set}" ] || { echo "stage_launch: stage $name twice" >&2; return 2; }
  STAGE_NAMES+=("$name")
  STAGE_CMD[$name]="$*"
  STAGE_RESULT[$name]=running
  STAGE_T0[$name]=$(date +%s)
  echo
  echo "=== stage $name: $* (log: $STAGE_LOGS/$name.log)"
  # A bash of its own, given the caller's functions: a subshell would lose
  # errexit wherever the caller's call sits in a condition (`stage_run ... ||`).
  # set -m: the stage gets a process group of its own, so that ending the
  # run ends everything the stage started (kill -- -PID).
  # One file per stage: a stage started beside another must not read the
  # file while the next launch rewrites it (that raced: "stage_body: command
  # not found" in a fresh-clone run).
  declare -f >"$STAGE_LOGS/.functions-$name"
  : >"$STAGE_LOGS/$name.log" # there before its tail -f starts
  set -m
  bash -c '. "$0"; stage_body "$@"' "$STAGE_LOGS/.functions-$name" "$name" "$@" \
    >"$STAGE_LOGS/$name.log" 2>&1 </dev/null &
  STAGE_PID[$name]=$!
  set +m
}

# stage_reap NAME: waits for the stage, records and prints its line.
stage_reap() {
  local name=$1 rc=0
  wait "${STAGE_PID[$name]}" || rc=$?
  STAGE_SECS[$name]=$(( $(date +%s) - STAGE_T0[$name] ))
  STAGE_RC[$name]="exit status $rc"
  if [ $rc = 0 ]; then STAGE_RESULT[$name]=ok; else STAGE_RESULT[$name]=FAILED; fi
  echo "stage $name: ${STAGE_RESULT[$name]} in ${STAGE_SECS[$name]} s"
  return $rc
}

stage_run() {
  stage_launch "$@" || return
  local name=$1
  tail -n +1 -f --pid="${STAGE_PID[$name]}" "$STAGE_LOGS/$name.log" &
  local tailer=$!
  local rc=0
  stage_reap "$name" >"$STAGE_LOGS/.line" || rc=$?
  wait "$tailer" || true
  cat "$STAGE_LOGS/.line"
  return $rc
}

stage_start() {
  stage_launch "$@" >/dev/null || return
  echo "=== stage $1 started in the background: ${STAGE_CMD[$1]} (log: $STAGE_LOGS/$1.log)"
}

stage_wait() {
  local name status=0 lines=()
  for name in "$@"; do
    stage_reap "$name" >"$STAGE_LOGS/.line-$name" || status=1
  done
  for name in "$@"; do
    echo
    echo "=== stage $name: ${STAGE_CMD[$name]} (its log: $STAGE_LOGS/$name.log)"
    cat "$STAGE_LOGS/$name.log"
    lines+=("$STAGE_LOGS/.line-$name")
  done
  cat "${lines[@]}"
  return $status
}

stage_show_failure() {
  local name=$1
  echo "---- stage $name FAILED (${STAGE_RC[$name]})"
  echo "---- command: ${STAGE_CMD[$name]}"
  local first=${STAGE_CMD[$name]%% *}
  if declare -F "$first" >/dev/null; then # a function of the caller: its commands
    declare -f "$first" | sed 's/^/       /'
  fi
  echo "---- last $STAGE_TAIL lines of $STAGE_LOGS/$name.log:"
  tail -n "$STAGE_TAIL" "$STAGE_LOGS/$name.log"
  echo "---- end of stage $name's log"
}

stage_table() {
  local name
  echo
  printf '%-12s %-8s %8s %8s  %s\n' stage result seconds cpu-s command
  for name in "${STAGE_NAMES[@]}"; do
    local cpu=-
    [ ! -s "$STAGE_LOGS/.cpu-$name" ] || cpu=$(cat "$STAGE_LOGS/.cpu-$name")
    printf '%-12s %-8s %8s %8s  %s\n' "$name" "${STAGE_RESULT[$name]}" "${STAGE_SECS[$name]:--}" \
      "$cpu" "${STAGE_CMD[$name]}"
  done
}

# stage_ended PID: the stage's process has exited (gone, or a zombie that
# is waiting to be reaped; `kill -0` succeeds on a zombie, so /proc says).
stage_ended() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
  stat=${stat##*) }
  [ "${stat%% *}" = Z ]
}

# The EXIT trap: any stage still running is ended and reported, then the
# failures again (the last thing a CI log shows) and the table.
stage_on_exit() {
  local rc=$1 name failed=() unfinished=() own=()
  trap - EXIT INT TERM
  for name in "${STAGE_NAMES[@]}"; do
    [ "${STAGE_RESULT[$name]}" = running ] || continue
    # A background stage that had finished when the run ended (its process
    # a zombie, not yet waited for) gets its own result, not "unfinished":
    # the fresh-clone run of a9c0cb0 named peers unfinished, whose log ended
    # "everything as expected" minutes before release failed.
    if stage_ended "${STAGE_PID[$name]}"; then
      stage_reap "$name" || true
      continue
    fi
    kill -TERM -- "-${STAGE_PID[$name]}" 2>/dev/null || true
    wait "${STAGE_PID[$name]}" 2>/dev/null || true
    STAGE_SECS[$name]=$(( $(date +%s) - STAGE_T0[$name] ))
    STAGE_RESULT[$name]=FAILED
    STAGE_RC[$name]="killed: the run ended while it ran, exit status $rc"
    echo "stage $name: FAILED in ${STAGE_SECS[$name]} s (the run ended while it ran)"
    unfinished+=("$name")
  done
  for name in "${STAGE_NAMES[@]}"; do
    [ "${STAGE_RESULT[$name]}" = ok ] || failed+=("$name")
    [ "${STAGE_RESULT[$name]}" = ok ] || [[ " ${unfinished[*]} " == *" $name "* ]] || own+=("$name")
  done
  [ ${#failed[@]} = 0 ] || [ "$rc" != 0 ] || rc=1
  if [ ${#failed[@]} -gt 0 ]; then
    echo
    for name in "${failed[@]}"; do stage_show_failure "$name"; done
  fi
  stage_table
  # The headline names the stages that failed on their own; those ended
  # because the run ended (a background stage when a foreground one
  # failed) come after, as such: their logs' tails are no finding.
  if [ ${#own[@]} -gt 0 ] && [ ${#unfinished[@]} -gt 0 ]; then
    echo "ci: FAILED, stage(s): ${own[*]} (ended unfinished: ${unfinished[*]})"
  elif [ ${#failed[@]} -gt 0 ]; then
    echo "ci: FAILED, stage(s): ${failed[*]}"
  elif [ "$rc" != 0 ]; then
    echo "ci: FAILED outside any stage (exit status $rc)"
  else
    echo "ci: every stage ok"
  fi
  exit "$rc"
}
