#!/usr/bin/env bash
# cli_contract.sh - the hexref command's contract, which scripts depend on:
# output formats, exit codes (0 ok, 1 bad input, 2 usage) and error messages.
# Usage: cli_contract.sh PATH/TO/hexref
set -u
hexref=$1
passed=0 failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # check NAME CONDITION-EXIT-STATUS
  if [ "$2" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi
}
run() { "$hexref" "$@" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"; }
rc() { cat "$tmp/rc"; }
expect_rc() { # expect_rc NAME CODE MESSAGE-PART ARGS...
  local name=$1 code=$2 part=$3; shift 3
  run "$@"
  [ "$(rc)" = "$code" ] && grep -qF -- "$part" "$tmp/err"
  local ok=$? # taken first: the command substitutions below would reset $?
  check "$name (rc $(rc), stderr: $(head -c 200 "$tmp/err"))" $ok
}

# perft: the count is the last line of stdout; timing goes to stderr
run perft -v mccooey 3
[ "$(rc)" = 0 ] && [ "$(tail -n 1 "$tmp/out")" = 33307 ] && [ "$(wc -l <"$tmp/out")" = 1 ] && grep -q nodes/s "$tmp/err"
check "perft output" $?
run perft --variant glinski --profile std -d 2
[ "$(tail -n 1 "$tmp/out")" = 2586 ]; check "perft long options and -d" $?

# divide: sorted MOVE COUNT lines, a blank line, the total
run divide -v shafran 2
lines=$(sed '/^$/,$d' "$tmp/out")
total=$(tail -n 1 "$tmp/out")
sum=$(echo "$lines" | awk '{s += $2} END {print s}')
[ "$total" = 1706 ] && [ "$sum" = 1706 ] && [ "$(echo "$lines" | wc -l)" = 42 ] &&
  [ "$(echo "$lines" | LC_ALL=C sort -c && echo sorted)" = sorted ] &&
  [ "$(sed -n '43p' "$tmp/out")" = "" ]
check "divide format" $?

# moves: sorted, one per line; the oracle agrees
run moves -v brusky
[ "$(wc -l <"$tmp/out")" = 61 ] && LC_ALL=C sort -c "$tmp/out"; check "moves sorted" $?
cp "$tmp/out" "$tmp/ref"
run moves -v brusky -g oracle
cmp -s "$tmp/out" "$tmp/ref"; check "oracle moves equal reference moves" $?
run divide -v glinski -g oracle --moves "g4g6" 2
cp "$tmp/out" "$tmp/orc"
run divide -v glinski --moves "g4g6" 2
cmp -s "$tmp/out" "$tmp/orc"; check "oracle divide equals reference divide" $?

# --moves with castling names, --cells seed
run moves -v shafran --fen "k3r/6/7/8/r8/9/8/7/6/4K b ai - 0 1" --moves "O-O-O-Q"
[ "$(rc)" = 0 ]; check "castling name in --moves" $?
run moves -v brusky --cells seed
grep -qx h2f4 "$tmp/out"; check "--cells seed prints notation B" $?
run perft -v brusky --cells seed --moves h2f4 1
[ "$(tail -n 1 "$tmp/out")" = "$("$hexref" perft -v brusky --moves e2e4 1 2>/dev/null)" ]; check "--cells seed reads notation B" $?

# show: a diagram with file and rank names, side, castling, e.p., status
run show -v shafran --moves e2e5
[ "$(rc)" = 0 ] && grep -Eq "^ +a +\(B\)" "$tmp/out" && grep -q "side to move: Black" "$tmp/out" &&
  grep -q "castling:     AIai" "$tmp/out" && grep -q "e.p.:         e3,e4" "$tmp/out" &&
  grep -q "status:       ongoing" "$tmp/out"
check "show" $?
run show -v brusky -g oracle --fen "$("$hexref" fen -v brusky 'W Kc5 Nb3, B Ka5, Black to move')"
grep -q "status:       checkmate" "$tmp/out"; check "show status with the oracle" $?

# show's labels (issue 15): no cell name on a row of other cells' pieces (the
# old diagram printed "d1  (Q)     (K) h1" with Q on e1), every rank number on
# the row of its rank's first cell, and --coords naming every cell in place.
run show -v glinski
[ "$(rc)" = 0 ] && ! grep -E '\([KQRBNPkqrbnp]\)' "$tmp/out" | grep -Eq '[a-l][0-9]'
check "show: no cell name beside other cells' pieces" $?
run show -v glinski --coords
for r in 1 2 3 4 5 6; do grep -Eq "^ *$r +a$r " "$tmp/out" || break; done
[ "$(rc)" = 0 ] && grep -Eq "^ *6 +a6 " "$tmp/out" && grep -q "Qe1 " "$tmp/out" &&
  grep -q "Kg1 " "$tmp/out" && grep -q "bf11" "$tmp/out" && [ "$(grep -oE '[a-l][0-9]+' "$tmp/out" | sort -u | wc -l)" = 91 ]
check "show --coords names all 91 cells, ranks beside their first cell" $?
run show -v brusky --format svg --cells seed --highlight "e1 m1" --arrows "h2f4" --flip
[ "$(rc)" = 0 ] && [ "$(grep -o 'data-cell="' "$tmp/out" | wc -l)" = 84 ] &&
  grep -q 'data-cell="m1" data-colour="[0-2]" data-highlight="1"' "$tmp/out" &&
  grep -q 'data-arrow="h2f4" data-kind="plain"' "$tmp/out" && tail -n 1 "$tmp/out" | grep -q '</svg>'
check "show --format svg with seed names, highlight, arrows, flip" $?
run show -v shafran --format html -o "$tmp/s.html"
[ "$(rc)" = 0 ] && [ ! -s "$tmp/out" ] && grep -q '^<!DOCTYPE html>' "$tmp/s.html" &&
  [ "$(grep -o 'data-cell="' "$tmp/s.html" | wc -l)" = 70 ]
check "show --format html -o FILE" $?
expect_rc "show bad highlight" 1 "no such cell 'z9'" show -v glinski --format svg --highlight "e4 z9"
expect_rc "show bad arrow" 1 "'e2q5'" show -v glinski --format svg --arrows "e2e4 e2q5"
expect_rc "show unknown format" 2 "unknown format 'png'" show -v glinski --format png
expect_rc "show arrows need svg" 2 "need --format svg" show -v glinski --arrows e2e4
expect_rc "show coords are text" 2 "--coords is for the text" show -v glinski --format svg --coords
expect_rc "verify report directory" 1 "cannot write the report /nonexistent/r.html" \
  verify -e true -v glinski --report /nonexistent/r.html
run show -v glinski --format svg --highlight z9 -o "$tmp/bad.svg"
[ "$(rc)" = 1 ] && [ ! -e "$tmp/bad.svg" ]; check "show writes no file on bad input" $?

# variants and help
run variants
for p in std jocly ludii cvp seed greenchess draw jackson3 jackson5 diag-firstmove neg-vcap-ep neg-capture-ep; do
  grep -q "^  $p " "$tmp/out" || { check "variants lists $p" 1; }
done
check "variants" 0
# --format json: one object per profile line of the text, the same names in
# the same order, control true exactly for neg- and diag- profiles.
text_profiles=$(awk '/^  / {print $1}' "$tmp/out")
run variants --format json
[ "$(rc)" = 0 ] && python3 -c '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
names = sys.argv[2].split()
assert [r["profile"] for r in rows] == names, "profiles differ from the text listing"
for r in rows:
    assert set(r) == {"variant", "profile", "control", "summary"} and r["summary"], r
    assert r["control"] == r["profile"].startswith(("neg-", "diag-")), r
' "$tmp/out" "$text_profiles"
check "variants --format json: the text listing as values" $?
expect_rc "variants --format xml: a usage error" 2 "unknown format 'xml'" variants --format xml
for c in perft divide moves show variants bench selfcheck fixtures fen; do
  run "$c" --help
  [ "$(rc)" = 0 ] && grep -q "usage: hexref $c" "$tmp/out"; check "$c --help" $?
done
run --help; [ "$(rc)" = 0 ]; check "hexref --help" $?

# usage errors: exit 2
expect_rc "no command" 2 "usage" 
expect_rc "unknown command" 2 "unknown command 'frobnicate'" frobnicate
expect_rc "missing variant" 2 "-v VARIANT is required" perft 3
expect_rc "missing depth" 2 "DEPTH is required" perft -v shafran
expect_rc "bad depth" 2 "bad depth 'x'" perft -v shafran x
expect_rc "unknown option" 2 "unknown option '--frob'" perft -v shafran --frob 2
expect_rc "option without value" 2 "needs a value" perft -v shafran 2 --fen
expect_rc "unknown generator" 2 "unknown generator 'stockfish'" perft -v shafran -g stockfish 1
# -e once chose the generator; now it names an outside engine: refused, naming -g
for c in perft divide moves show suite fixtures; do
  expect_rc "$c: the old -e is refused" 2 "use -g, --generator" $c -v shafran -e oracle 1
  expect_rc "$c: the old --engine is refused" 2 "use -g, --generator" $c -v shafran --engine=oracle 1
done
run verify --engine reference -v shafran -d 1 --timeout 5
[ "$(rc)" = 1 ] && grep -q "reference: not found" "$tmp/out"
check "verify --engine reference runs the command 'reference' (none here)" $?
expect_rc "cells seed outside brusky" 2 "only for brusky" moves -v shafran --cells seed

# bad input: exit 1, the message names the problem and where it is
expect_rc "unknown variant" 1 "unknown variant 'chess'" perft -v chess 1
expect_rc "unknown profile" 1 "unknown profile 'nonesuch'" perft -v shafran -p nonesuch 1
expect_rc "bad piece letter" 1 "rank 1: unknown piece letter 'X'" moves -v shafran --fen "k4/6/7/8/9/9/8/7/6/X3K w - - 0 1"
expect_rc "short rank" 1 "rank 3 has 6 cells; expected 7" moves -v shafran --fen "k4/6/7/8/9/9/8/6/6/4K w - - 0 1"
expect_rc "illegal move" 1 "move 2: illegal move 'e2e5'" perft -v shafran --moves "e2e5 e2e5" 1
expect_rc "oracle illegal move" 1 "move 1 ('e2e6')" perft -v shafran -g oracle --moves "e2e6" 1
expect_rc "oracle bad fen" 1 "bad HexFEN" moves -v glinski -g oracle --fen "b/qbk/n1b1n w - - 0 1"
expect_rc "fen piece list error" 1 "cannot read" fen -v shafran "W Ke1 Zz9, B Ke10"
expect_rc "fixtures missing file" 1 "nonexistent.fix" fixtures /nonexistent.fix

# Every command: an unknown option and an option of another command are usage
# errors (2); an unknown variant or profile is bad input (1); a filter that
# selects nothing is bad input (1). Commands that take no -v/-p reject them as
# options (2); commands without filters have no filter case (README).
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
engine="$source_dir/examples/hexref-perftree"
start="b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1"
printf '%s ;D1 31 ;id a\n' "$start" > "$tmp/mccooey-std.epd"
printf '1/1\tmccooey\tstd\t1\t%s\t1\n' "$start" > "$tmp/jobs.tsv"
printf '1/1\t31\n' > "$tmp/res.tsv"
pieces="W Ke1, B Ke10"
gen_out="$tmp/gen.epd"
# command, then its arguments with V and P standing for -v and -p values
for spec in \
  "perft|-v V -p P 1" "divide|-v V -p P 1" "moves|-v V -p P" "show|-v V -p P" \
  "variants|-v V" "fen|-v V -p P|$pieces" "bench|-v V -p P 1" "selfcheck|-v V -p P -n 1" \
  "suite|-v V -p P $tmp/mccooey-std.epd" "gen|-v V -p P -n 1 --depth 1 --seed 1 -o $gen_out" \
  "merge||$tmp/jobs.tsv $tmp/res.tsv" "fixtures|-v V -p P" "verify|-e $engine -v V -p P -d 1" \
  "identify|-e $engine -v V -p P" "engine|-v V -p P"; do
  IFS='|' read -r cmd args extra <<<"$spec"
  other="--threads 8"; [ "$cmd" = perft ] && other="--tier quick"
  # shellcheck disable=SC2086
  expect_rc "$cmd: unknown option" 2 "unknown option '--frob'" $cmd --frob ${args//[VP]/mccooey} ${extra:+"$extra"}
  expect_rc "$cmd: another command's option" 2 "takes no option ${other%% *}" \
    $cmd $other ${extra:+"$extra"}
  if [[ "$args" == *"-v V"* ]]; then
    a=${args/-p P/}; a=${a//V/quack}
    expect_rc "$cmd: unknown variant" 1 "unknown variant 'quack'" $cmd $a ${extra:+"$extra"} </dev/null
  else
    expect_rc "$cmd: -v is not its option" 2 "takes no option --variant" $cmd -v mccooey ${extra:+"$extra"}
  fi
  if [[ "$args" == *"-p P"* ]]; then
    a=${args//V/mccooey}; a=${a//P/quack}
    expect_rc "$cmd: unknown profile" 1 "quack" $cmd $a ${extra:+"$extra"} </dev/null
  else
    expect_rc "$cmd: -p is not its option" 2 "takes no option --profile" $cmd -p std ${extra:+"$extra"}
  fi
done
[ ! -e "$gen_out" ]; check "gen wrote nothing for an unknown variant or profile" $?
# filters that select nothing
expect_rc "selfcheck: no profile the oracle runs" 1 "no variant/profile matches" selfcheck -v shafran -p neg-glinski-capture -n 1
expect_rc "suite: --tier quick selects no line" 1 "no line checked" suite --tier quick "$tmp/mccooey-std.epd"
expect_rc "suite: --max-nodes selects no depth" 1 "no line checked" suite --max-nodes 1 "$tmp/mccooey-std.epd"
expect_rc "fixtures: no fixture of the variant" 1 "no fixture of mccooey" fixtures -v mccooey "$source_dir/tests/fixtures/brusky"
expect_rc "fixtures: no profile the engine runs" 1 "no fixture of shafran under neg-glinski-capture" fixtures -g oracle -v shafran -p neg-glinski-capture
expect_rc "verify: --tier quick selects no suite line" 1 "no suite line selected" verify -e "$engine" -v mccooey --suite "$tmp/mccooey-std.epd" --tier quick
expect_rc "identify: no fixture of the variant" 1 "no mccooey fixtures" identify -e "$engine" -v mccooey "$source_dir/tests/fixtures/brusky"
# help
expect_rc "help of an unknown command" 2 "unknown command" help frobnicate
for c in perft divide moves show variants fen bench selfcheck suite gen merge fixtures verify identify engine; do
  run help "$c"
  [ "$(rc)" = 0 ] && [ "$(head -n 1 "$tmp/out" | cut -d' ' -f1-3)" = "usage: hexref $c" ]; check "help $c" $?
  run --help
  line=$(grep "^  $c " "$tmp/out")
  [ -n "$line" ] && [[ "$line" != *[\;,:] ]]; check "one complete overview line for $c" $?
done
run selfcheck --seconds 0; [ "$(rc)" = 2 ]; check "selfcheck --seconds 0 is a usage error" $?
# output forms: an unknown --format is usage, an unwritable --junit is refused before the run
expect_rc "fixtures --format xml" 2 "unknown format 'xml'" fixtures -v mccooey --format xml
expect_rc "suite --junit into no directory" 1 "cannot write /nonexistent/j.xml" \
  suite --junit /nonexistent/j.xml "$tmp/mccooey-std.epd"
[ ! -s "$tmp/out" ]; check "nothing ran before the --junit refusal" $?
# --report FILE.html (suite, fixtures, selfcheck, verify): an unwritable path
# is refused before any check runs; a run that ends in bad input writes no file
for spec in "suite|$tmp/mccooey-std.epd" "fixtures|-v mccooey" "selfcheck|-v mccooey -n 1"; do
  IFS='|' read -r cmd args <<<"$spec"
  # shellcheck disable=SC2086
  expect_rc "$cmd --report into no directory" 1 "cannot write the report /nonexistent/r.html" \
    $cmd $args --report /nonexistent/r.html
  [ ! -s "$tmp/out" ]; check "nothing ran before $cmd's --report refusal" $?
done
run suite --report "$tmp/none.html" "$tmp/mccooey-std.epd" /nonexistent.epd
[ "$(rc)" = 1 ] && [ ! -e "$tmp/none.html" ] && [ -z "$(ls "$tmp" | grep none.html)" ]
check "suite writes no report when it ends in bad input" $?
run fixtures -v mccooey --report "$tmp/none.html" /nonexistent.fix
[ "$(rc)" = 1 ] && [ ! -e "$tmp/none.html" ]; check "fixtures writes no report on bad input" $?
run suite --report "$tmp/ok.html" "$tmp/mccooey-std.epd"
[ "$(rc)" = 0 ] && grep -qx "report: $tmp/ok.html" "$tmp/err" && ! grep -q "^report:" "$tmp/out" &&
  tail -n 1 "$tmp/out" | grep -qE '^[0-9]+ passed, [0-9]+ failed$' && tail -n 1 "$tmp/ok.html" | grep -qx '</html>' &&
  grep -q 'data-outcome="pass"' "$tmp/ok.html" && [ -z "$(ls "$tmp" | grep 'ok.html.tmp')" ]
check "suite --report writes a whole page" $?
expect_rc "identify takes no --report" 2 "takes no option --report" identify -e true -v mccooey --report "$tmp/x.html"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
