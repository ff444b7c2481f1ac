#!/bin/sh
# pick_tool.sh PICK HEXREF: perft-suites/tools/pick.c, built as
# perft-suites/README.md says, still builds and runs: it prints tagged
# positions ("HEXFEN<TAB>tag,..."), and every HexFEN it prints is one
# hexref reads (the suites are rebuilt from this tool's output).
set -u
pick=${1:?usage: pick_tool.sh PICK HEXREF}
hexref=${2:?usage: pick_tool.sh PICK HEXREF}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$pick" mccooey std 1 20 >"$out" || { echo "FAIL: pick exited $?"; exit 1; }
n=$(wc -l <"$out")
[ "$n" -gt 0 ] || { echo "FAIL: pick printed no position"; exit 1; }
bad=0
while IFS="$(printf '\t')" read -r fen tags; do
    [ -n "$tags" ] || { echo "FAIL: no tags: $fen"; bad=$((bad + 1)); continue; }
    "$hexref" moves -v mccooey --fen "$fen" >/dev/null 2>&1 || { echo "FAIL: hexref refuses $fen"; bad=$((bad + 1)); }
done <"$out"
echo "pick_tool.sh: $n positions, $bad bad"
[ "$bad" -eq 0 ]
