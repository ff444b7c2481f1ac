#!/bin/sh
# kit_engine.sh HEXREF PYTHON3 [NODE] - an engine made of the kit's pieces
# (toy_engine.py / toy_engine.js: divide_from_moves over a move generator,
# status answers, errors) passes verify clean and is caught with each
# planted fault: a dropped move (named), an exception (reported with its
# type, and the engine goes on serving), a wrong status (a fixture's
# status expectation fails). Issue 30 item 5. And the same engine reached
# only from its initial position (TOY_HISTORY=1: divide_from_history), run
# with --history: random positions, the root after moves, the fixtures that
# start from the initial position and a suite's start line pass, the rest
# is named as not asked, a dropped move is found after the moves that reach
# it, and without --history the engine refuses, naming the option.
set -u
hexref=$1 python3=$2 node=${3:-}
# The toy engines' move generator (a hexref run per position): the hexref
# under test unless HEXREF_ENGINE_BINARY names another, as ci/test's ASan
# stage does with the Release one (an outside engine is not sanitized; the
# verify driving it is).
engine_hexref=${HEXREF_ENGINE_BINARY:-$hexref}
here=$(cd "$(dirname "$0")" && pwd)
fen='1/2k/1n3/7/9/11/11/4P6/11/11/4Q1K4 w - - 0 1'
fix="$here/../fixtures/glinski/ep-special.fix"
games="$here/history.fix"
suite="$here/../../perft-suites/mccooey-std.epd"
bad=0
fail() { echo "FAIL: $*"; bad=1; }

# expect WHAT PATTERN EXIT -- VERIFY-ARGS: runs verify, wants its exit code and PATTERN in its
# output (PATTERN: one or more lines, each of which must be there).
expect() {
    what=$1 pattern=$2 want=$3
    shift 4
    out=$("$hexref" verify -q "$@" 2>&1)
    rc=$?
    [ "$rc" = "$want" ] || { fail "$what: exit $rc, wanted $want"; printf '%s\n' "$out" | tail -n 15; return; }
    printf '%s\n' "$pattern" | while IFS= read -r p; do
        printf '%s\n' "$out" | grep -q -- "$p" || { echo "FAIL: $what: no '$p' in:"; printf '%s\n' "$out" | tail -n 15; }
    done | grep -q FAIL && { fail "$what: a pattern is missing"; printf '%s\n' "$out" | tail -n 15; }
}

for kit in python js; do
    case $kit in
    python) engine="$python3 $here/toy_engine.py $engine_hexref" ;;
    js) [ -n "$node" ] || continue; engine="$node $here/toy_engine.js $engine_hexref" ;;
    esac
    expect "$kit clean, script" "1 passed, 0 failed" 0 -- -e "$engine" -v glinski --fen "$fen" -d 2
    expect "$kit clean, uci" "1 passed, 0 failed" 0 -- -e "$engine --uci" --protocol uci -v glinski --fen "$fen" -d 2
    TOY_FAULT=drop:e1a1 expect "$kit dropped move" "missing move e1a1" 1 -- \
        -e "$engine --uci" --protocol uci -v glinski --fen "$fen" -d 2
    exc=KeyError; [ "$kit" = js ] && exc=TypeError
    TOY_FAULT=raise:e1a1 expect "$kit exception" "the engine answered: error $exc" 1 -- \
        -e "$engine --uci" --protocol uci -v glinski --fen "$fen" -d 2
    # After the exception the engine still answers: a second check passes.
    TOY_FAULT=raise:e1a1 expect "$kit serves on" "1 passed, 1 failed" 1 -- \
        -e "$engine --uci" --protocol uci -v glinski --fen "$fen" -d 2 --random 1 --seed 3
    expect "$kit statuses" "2 passed, 0 failed" 0 -- \
        -e "$engine --uci" --protocol uci -v glinski --fixtures "$fix"
    TOY_FAULT=status:ongoing expect "$kit wrong status" "FAIL glinski-ep-check" 1 -- \
        -e "$engine --uci" --protocol uci -v glinski --fixtures "$fix"
    TOY_HISTORY=1 expect "$kit history, script" "2 passed, 0 failed" 0 -- \
        -e "$engine" --history -v mccooey --moves "c1c2 c8c7" -d 2 --random 1
    TOY_HISTORY=1 expect "$kit history, not asked" "checks not asked: positions given as a HexFEN
1 passed, 0 failed, 1 run skipped
ok   random #1" 0 -- \
        -e "$engine --uci" --protocol uci --history -v mccooey --random 1 --fixtures "$games" \
        --suite "$suite" --tier quick
    TOY_HISTORY=1 TOY_FAULT=drop:c2c3 expect "$kit history, a dropped move" \
        "missing move c2c3 after c1c2 c8c7" 1 -- \
        -e "$engine --uci" --protocol uci --history -v mccooey --moves "c1c2 c8c7" -d 2
    TOY_HISTORY=1 expect "$kit history engine without --history" "run hexref verify with --history" 1 -- \
        -e "$engine --uci" --protocol uci -v mccooey -d 1
    TOY_HISTORY=1 expect "$kit history, nothing to ask" "nothing was checked" 1 -- \
        -e "$engine --uci" --protocol uci --history -v mccooey --fen "$fen" -d 1
done
# identify of a history-only engine: the references are asked as it is, so
# the fixtures set up on a board are skipped by reason and hexref itself
# (examples/hexref-perftree, which takes startpos) matches std and ludii.
perftree="env HEXREF=$engine_hexref $here/../../examples/hexref-perftree"
out=$("$hexref" identify -e "$perftree" --history -v mccooey 2>&1)
rc=$?
for p in "178 set up on a board (engine takes only its initial position plus moves)" "matches: std ludii"; do
    printf '%s\n' "$out" | grep -qF -- "$p" || fail "identify --history: no '$p' (exit $rc)"
done
[ "$rc" = 0 ] || { fail "identify --history: exit $rc"; printf '%s\n' "$out" | tail -n 15; }

[ "$bad" = 0 ] && echo "kit_engine: the kit's divide from moves, statuses and errors work; every planted fault is caught"
exit "$bad"
