#!/bin/sh
# capture_outputs.sh - the results of the checking commands on the project's
# own cases, in text, JSON and JUnit, written to one file per case, so that
# a refactoring can show they did not change:
#
#   sh tests/regressions/capture_outputs.sh BUILD OUT_BEFORE   # on the old tree
#   sh tests/regressions/capture_outputs.sh BUILD OUT_AFTER    # on the new tree
#   diff -r OUT_BEFORE OUT_AFTER
#
# Timing is left out (-q), and the lines that carry a time or a temporary
# path are normalised, so two runs of the same tree give the same files.
# Each case file ends with the command's exit status. Not a ctest: it is the
# before/after check of issue 26's acceptance.
set -u
build=$(cd "${1:?usage: capture_outputs.sh BUILD OUTDIR}" && pwd)
out=${2:?usage: capture_outputs.sh BUILD OUTDIR}
src=$(cd "$(dirname "$0")/../.." && pwd)
hx="$build/cli/hexref"
faulty="$build/tests/verify/verify_faulty_engine"
perftree="env HEXREF=$hx $src/examples/hexref-perftree"
py="python3 $src/examples/python/mccooey_engine.py"
[ -x "$hx" ] || { echo "capture_outputs.sh: no $hx (build first)" >&2; exit 1; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

norm() { # the parts of an output that change from run to run
    sed -e "s#$tmp#TMP#g" -e "s#$build#BUILD#g" -e "s#$src#SRC#g" \
        -e 's/[0-9][0-9.]* s\b/N s/g' -e 's/time="[0-9.]*"/time="N"/g' \
        -e 's/"seconds": *[0-9.e+-]*/"seconds": N/g' -e 's/"timestamp": *"[^"]*"/"timestamp": "T"/g' \
        -e 's/timestamp="[^"]*"/timestamp="T"/g' -e 's/[0-9][0-9,]* nodes\/s/N nodes\/s/g'
}

# run NAME ARGS...: text, JSON and JUnit of one case.
run() {
    name=$1; shift
    (cd "$tmp" && "$@" -q --junit "$tmp/j.xml" >"$tmp/o.txt" 2>"$tmp/e.txt"; echo "exit $?" >>"$tmp/o.txt")
    { cat "$tmp/o.txt"; echo "--- stderr"; cat "$tmp/e.txt"; echo "--- junit"; cat "$tmp/j.xml" 2>/dev/null; } | norm >"$out/$name.txt"
    rm -f "$tmp/j.xml"
    (cd "$tmp" && "$@" -q --format json >"$tmp/o.json" 2>/dev/null; echo "exit $?" >>"$tmp/o.json")
    norm <"$tmp/o.json" >"$out/$name.json"
}

neg() { echo "$hx engine -p $1"; }
F="FAULT_FEN"
run verify-clean-glinski       "$hx" verify -e "$perftree" -v glinski -d 3
run verify-random-shafran      "$hx" verify -e "$perftree" -v shafran --random 20 -d 2 --seed 7
run verify-oracle-brusky      "$hx" verify -e "env HEXREF_GENERATOR=oracle $perftree" -v brusky --random 10 -d 2 --seed 3
run verify-suite-mccooey       "$hx" verify -e "$perftree" -v mccooey --suite "$src/perft-suites/mccooey-std.epd" -d 2
run verify-fixtures-brusky     "$hx" verify -e "$perftree" -v brusky --fixtures
run verify-neg-uci-mccooey     "$hx" verify -e "$(neg neg-centre-double)" --protocol uci -v mccooey -d 3
run verify-neg-uci-glinski     "$hx" verify -e "$(neg neg-mccooey-capture)" --protocol uci -v glinski -d 3
run verify-neg-random-glinski  "$hx" verify -e "$(neg neg-mccooey-capture)" --protocol uci -v glinski --random 30 -d 2
run verify-neg-fixtures-brusky "$hx" verify -e "$(neg neg-ep-victim-by-target)" --protocol uci -v brusky --fixtures
run verify-neg-suite-shafran   "$hx" verify -e "env HEXREF_PROFILE=neg-glinski-capture $perftree" -v shafran --suite "$src/perft-suites/shafran-std.epd" -d 2
run verify-python-uci          "$hx" verify -e "$py --uci" --protocol uci -v mccooey -d 2 --random 10 --fixtures
run verify-faulty-drop         env FAULT_FEN="$("$hx" fen -v mccooey 'W Kg1 Pe4, B Kg10 Pd6')" FAULT_DROP=g1f1 "$hx" verify -e "$faulty" -v mccooey --fen "$("$hx" fen -v mccooey 'W Kg1 Pe4, B Kg10 Pd6')" -d 2
run verify-crash               "$hx" verify -e "$src/tests/verify/engines/crash.sh" -v mccooey -d 2 --timeout 1
run verify-garbage             "$hx" verify -e "$src/tests/verify/engines/garbage.sh" -v mccooey -d 2 --timeout 1
run identify-neg-glinski       "$hx" identify -e "$(neg neg-mccooey-capture)" --protocol uci -v glinski
run identify-python            "$hx" identify -e "$py --uci" --protocol uci -v mccooey
run suite-shafran              "$hx" suite --tier quick "$src/perft-suites/shafran-std.epd"
run suite-oracle-brusky        "$hx" suite -g oracle --max-nodes 200000 "$src/perft-suites/brusky-std.epd"
run suite-neg-glinski          "$hx" suite -p neg-mccooey-capture --max-nodes 100000 "$src/perft-suites/glinski-std.epd"
run fixtures-all               "$hx" fixtures
run fixtures-oracle-shafran    "$hx" fixtures -g oracle -v shafran
run fixtures-neg-glinski       "$hx" fixtures -v glinski -p neg-mccooey-capture
run selfcheck-mccooey          "$hx" selfcheck -v mccooey -n 30 --seed 5
run selfcheck-all              "$hx" selfcheck -n 5 --seed 9
echo "capture_outputs.sh: $(ls "$out" | wc -l) files in $out"
