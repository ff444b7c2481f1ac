#!/usr/bin/env bash
# signals.sh - issue 25 item 7: INT, TERM and HUP sent to `hexref verify` or
# `hexref identify` (or Ctrl-C at a terminal, which signals hexref's process
# group but not the engine's) end the engine's process group and everything
# hexref adopted as subreaper (setsid grandchildren), and hexref exits with
# 128+signal. Each engine sleeps for a duration no other process uses, so
# pgrep finds exactly what a run left behind.
# A background job of a script starts with SIGINT ignored, and hexref keeps
# a signal ignored that was ignored when it started (nohup): env
# --default-signal gives it the disposition an interactive shell gives.
# Usage: signals.sh PATH/TO/hexref
set -u
hexref=$1
passed=0 failed=0
tmp=$(mktemp -d)
leftovers=""
cleanup() {
  for pid in $leftovers; do kill -9 "$pid" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT

check() {
  if [ "$1" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $2"; fi
}
# A duration unique to this run and case (marker seconds; marker+1 for the
# grandchild).
base=$((300000 + RANDOM * 100))
serial=0
next_marker() { serial=$((serial + 1)); marker=$((base + 2 * serial)); grand=$((marker + 1)); }

# wait_for PATTERN: until a process whose command line holds PATTERN runs (10 s).
wait_for() {
  for _ in $(seq 200); do pgrep -f -- "$1" >/dev/null && return 0; sleep 0.05; done
  return 1
}
# wait_exit PID: its exit status, or 255 if it still runs after 20 s (then killed).
wait_exit() {
  for _ in $(seq 400); do
    kill -0 "$1" 2>/dev/null || { wait "$1"; return $?; }
    sleep 0.05
  done
  kill -9 "$1" 2>/dev/null
  wait "$1"
  return 255
}
# left PATTERN...: the pids still running whose command line holds a PATTERN.
left() {
  sleep 0.3
  local out="" p
  for p in "$@"; do out="$out $(pgrep -f -- "$p" | tr '\n' ' ')"; done
  leftovers="$leftovers $out"
  echo $out
}
signum() { kill -l "$1"; }

# A script engine that sleeps, with a grandchild in a session of its own.
script_engine() { # script_engine MARKER: writes $tmp/script-MARKER.sh
  cat >"$tmp/script-$1.sh" <<EOS
#!/bin/sh
setsid sleep $(($1 + 1)) >/dev/null 2>&1 </dev/null &
sleep $1
EOS
  chmod +x "$tmp/script-$1.sh"
}
# A uci engine that handshakes, then sleeps on go, with a setsid grandchild.
uci_engine() { # uci_engine MARKER: writes $tmp/uci-MARKER.sh
  cat >"$tmp/uci-$1.sh" <<EOS
#!/bin/sh
setsid sleep $(($1 + 1)) >/dev/null 2>&1 </dev/null &
while IFS= read -r line; do
  case "\$line" in
    uci) printf 'id name sleeper\nuciok\n' ;;
    isready) echo readyok ;;
    go*) sleep $1 ;;
  esac
done
EOS
  chmod +x "$tmp/uci-$1.sh"
}

# run_case CMD SIGNAL HOW PROTOCOL: starts hexref CMD on a sleeping engine,
# sends SIGNAL (HOW: pid, or group as a terminal's Ctrl-C does), then checks
# the exit status and that nothing is left.
run_case() {
  local cmd=$1 sig=$2 how=$3 proto=$4 engine args
  next_marker
  if [ "$proto" = uci ]; then uci_engine "$marker"; engine="$tmp/uci-$marker.sh"; args="--protocol uci"
  else script_engine "$marker"; engine="$tmp/script-$marker.sh"; args=""; fi
  if [ "$cmd" = verify ]; then
    setsid env --default-signal=INT,TERM,HUP "$hexref" verify -e "$engine" $args -v mccooey -d 1 >"$tmp/out" 2>&1 &
  else
    setsid env --default-signal=INT,TERM,HUP "$hexref" identify -e "$engine" $args -v mccooey >"$tmp/out" 2>&1 &
  fi
  local pid=$!
  wait_for "^sleep $marker\$" && wait_for "^sleep $grand\$"
  local started=$?
  if [ "$how" = group ]; then kill -"$sig" -- -"$pid"; else kill -"$sig" "$pid"; fi
  wait_exit "$pid"
  local code=$? want=$((128 + $(signum "$sig")))
  local rest
  rest=$(left "^sleep $marker\$" "^sleep $grand\$" "$engine")
  [ $started = 0 ] && [ $code = $want ] && [ -z "$rest" ]
  check $? "$cmd ($proto engine), SIG$sig to the $how: rc $code (want $want), left: ${rest:-none}"
}

for cmd in verify identify; do
  for sig in INT TERM HUP; do
    run_case "$cmd" "$sig" pid script
    run_case "$cmd" "$sig" pid uci
  done
  run_case "$cmd" INT group script
  run_case "$cmd" INT group uci
done

# hexref engine as the uci engine of verify: its count child ends with it.
next_marker
ln -s "$hexref" "$tmp/hexref-sig-$marker"
setsid env --default-signal=INT,TERM,HUP "$hexref" verify -e "$tmp/hexref-sig-$marker engine" --protocol uci -v glinski -d 8 \
  --timeout 600 >"$tmp/out" 2>&1 &
pid=$!
wait_for "hexref-sig-$marker engine"
sleep 1 # the count has started
kill -TERM "$pid"
wait_exit "$pid"
code=$?
rest=$(left "hexref-sig-$marker")
[ $code = 143 ] && [ -z "$rest" ]
check $? "verify (hexref engine, go perft 8), SIGTERM: rc $code (want 143), left: ${rest:-none}"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
