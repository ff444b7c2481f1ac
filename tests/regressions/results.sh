#!/usr/bin/env bash
# results.sh - regression cases of issue 25, items 1, 11 and 12 (results and
# their messages): moves played before a count keep diag-firstmove's pawn
# marks on every path; a count that passes its expected value stops early
# and says so without a made-up total; engine failures keep their reason in
# JSON; an overflowing divide sum and an out-of-range number are named.
# Usage: results.sh PATH/TO/hexref
set -u
hexref=$1
. "$(dirname "$0")/common.sh"
run() { timeout "${limit:-120}" "$hexref" "$@" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc"; }

# ---- Item 1: the marks of diag-firstmove survive --moves --------------------
# After e4f5 a5a4 the white pawn on f5 was a capture: f5f7 is illegal
# (tests/rules/test_profiles.c), and the count at depth 2 is 64.
F='1/2k/5/7/9/11/p4p5/4P6/11/11/6K4 w - - 0 1'
P=(-v glinski -p diag-firstmove --fen "$F" --moves "e4f5 a5a4")
run perft "${P[@]}" 2
[ "$(rc)" = 0 ] && [ "$(tail -1 "$tmp/out")" = 64 ]
check $? "perft after moves keeps the mark (rc $(rc), got $(tail -1 "$tmp/out"), want 64)"
run perft "${P[@]}" -t 2 2
[ "$(rc)" = 0 ] && [ "$(tail -1 "$tmp/out")" = 64 ]
check $? "perft -t 2 after moves keeps the mark (got $(tail -1 "$tmp/out"), want 64)"
run divide "${P[@]}" 2
[ "$(rc)" = 0 ] && [ "$(tail -1 "$tmp/out")" = 64 ] && ! grep -q '^f5f7 ' "$tmp/out"
check $? "divide after moves keeps the mark (total $(tail -1 "$tmp/out"), want 64)"
run moves "${P[@]}"
[ "$(rc)" = 0 ] && grep -q '^f5f6$' "$tmp/out" && ! grep -q '^f5f7$' "$tmp/out"
check $? "moves after moves does not list f5f7 (rc $(rc): $(tr '\n' ' ' <"$tmp/out"))"
run show "${P[@]}"
[ "$(rc)" = 0 ]
check $? "show after moves runs (rc $(rc))"

mkdir -p "$tmp/marks"
cat >"$tmp/marks/marks.fix" <<EOF2
fixture glinski-mark-along-a-line
variant glinski
profiles diag-firstmove
item 1
source tests/rules/test_profiles.c: a pawn that reached its start cell by a capture is marked
fen $F
line e4f5 a5a4
illegal f5f7
legal f5f6
perft 2 64
end
EOF2
run fixtures -v glinski -p diag-firstmove "$tmp/marks"
[ "$(rc)" = 0 ] && grep -q "1 passed, 0 failed" "$tmp/out"
check $? "fixtures: a line keeps the mark (rc $(rc): $(head -c 400 "$tmp/out"))"

# gen's counts are those of the line it writes (its HexFEN), not of the game
# that reached it: with diag-firstmove a mark the line cannot carry changed them.
run gen -v glinski -p diag-firstmove -n 300 -d 2 --seed 1 -o "$tmp/gen.epd"
limit=120 run suite "$tmp/gen.epd"
[ "$(rc)" = 0 ] && grep -q "300 passed, 0 failed" "$tmp/out"
check $? "gen -p diag-firstmove writes counts its lines reproduce (rc $(rc): $(tail -1 "$tmp/out"))"

# ---- Item 11: a count that passes its expected value stops ------------------
M='b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1'
printf '# hexref perft suite: mccooey, profile std.\n%s ;D8 5 ;id deep-tiny\n' "$M" >"$tmp/deep.epd"
limit=60 run suite "$tmp/deep.epd"
[ "$(rc)" = 1 ] && grep -q "more than 5" "$tmp/out" && ! grep -q "got [0-9]" "$tmp/out"
check $? "suite: ;D8 5 fails fast with 'more than 5' (rc $(rc): $(grep FAIL "$tmp/out" | head -c 300))"
limit=60 run suite --max-nodes 5 "$tmp/deep.epd"
[ "$(rc)" = 1 ] && grep -q "more than 5" "$tmp/out"
check $? "suite --max-nodes 5: ;D8 5 fails fast (rc $(rc): $(grep FAIL "$tmp/out" | head -c 300))"
limit=60 run suite --format json "$tmp/deep.epd"
[ "$(rc)" = 1 ] && grep -q '"got":null' "$tmp/out" && grep -q 'more than 5' "$tmp/out" &&
  ! grep -q '"total":6' "$tmp/out"
check $? "suite JSON: a stopped count has got null, not a total (rc $(rc): $(head -c 300 "$tmp/out"))"
limit=60 run verify --engine "$hexref engine" --protocol uci -v mccooey --suite "$tmp/deep.epd"
[ "$(rc)" = 1 ] && grep -q "more than 5" "$tmp/out"
check $? "verify --suite: ;D8 5 fails fast with 'more than 5' (rc $(rc): $(grep FAIL "$tmp/out" | head -c 300))"
mkdir -p "$tmp/fix"
cat >"$tmp/fix/deep.fix" <<EOF2
fixture mccooey-deep-tiny
variant mccooey
profiles std
item 1
source a count far beyond its expected value: the line fails as soon as it passes 5
fen $M
perft 8 5
end
EOF2
limit=60 run fixtures -v mccooey "$tmp/fix"
[ "$(rc)" = 1 ] && grep -q "more than 5" "$tmp/out"
check $? "fixtures: perft 8 5 fails fast with 'more than 5' (rc $(rc): $(head -c 400 "$tmp/out"))"

# ---- Item 12: numbers out of range are errors naming value and range --------
run perft -v glinski 99999999999
[ "$(rc)" = 2 ] && grep -q "99999999999" "$tmp/err" && ! grep -q 2147483647 "$tmp/err"
check $? "perft 99999999999 names the value (rc $(rc): $(head -c 200 "$tmp/err"))"
run perft -v glinski -d 99999999999
[ "$(rc)" = 2 ] && grep -q "99999999999" "$tmp/err" && grep -q "0 to" "$tmp/err"
check $? "-d 99999999999 names the value and the range (rc $(rc): $(head -c 200 "$tmp/err"))"
run perft -v glinski -t 99999999999 1
[ "$(rc)" = 2 ] && grep -q "99999999999" "$tmp/err" && grep -q " to " "$tmp/err"
check $? "-t 99999999999 names the value and the range (rc $(rc): $(head -c 200 "$tmp/err"))"
run suite --max-nodes 99999999999999999999999 "$tmp/deep.epd"
[ "$(rc)" = 2 ] && grep -q "99999999999999999999999" "$tmp/err" && grep -q " to " "$tmp/err"
check $? "--max-nodes beyond 2^64 names the range (rc $(rc): $(head -c 200 "$tmp/err"))"

printf '%s ;D99999999999999999999 5 ;id x\n' "$M" >"$tmp/big.epd"
run suite -v mccooey "$tmp/big.epd"
[ "$(rc)" = 1 ] && grep -q "99999999999999999999" "$tmp/err" && grep -q "1 to 10" "$tmp/err" &&
  ! grep -q 9223372036854775807 "$tmp/err"
check $? "suite: a depth beyond long is named as written, with the range (rc $(rc): $(head -c 200 "$tmp/err"))"

# ---- Item 12: divide lines summing to 2^64 ----------------------------------
cat >"$tmp/overflow.sh" <<'EOF2'
#!/bin/sh
"$HEXREF" moves -v mccooey --fen "$2" | awk 'NR == 1 { print $1, "18446744073709551615"; next }
  NR == 2 { print $1, "1"; next } { print $1, "0" } END { print ""; print "0" }'
EOF2
chmod +x "$tmp/overflow.sh"
HEXREF=$hexref limit=60 run verify -e "$tmp/overflow.sh" -v mccooey -d 1
[ "$(rc)" = 1 ] && grep -q "overflow\|beyond 64 bits\|does not fit" "$tmp/out" &&
  ! grep -q "the total 0 disagrees with the sum of its lines 0" "$tmp/out"
check $? "verify: divide lines summing to 2^64 are named (rc $(rc): $(grep -i 'what\|total' "$tmp/out" | head -c 300))"

# ---- Item 12: an engine failure keeps its reason in JSON, JUnit, HTML -------
cat >"$tmp/fails.sh" <<'EOF2'
#!/bin/sh
echo "segfault-like-reason-1234" >&2
echo "garbage line from the engine"
exit 3
EOF2
chmod +x "$tmp/fails.sh"
limit=60 run verify -e "$tmp/fails.sh" -v mccooey -d 1 --format json --junit "$tmp/j.xml" --report "$tmp/r.html"
[ "$(rc)" = 1 ] && grep -q "segfault-like-reason-1234" "$tmp/out" && grep -q "garbage line" "$tmp/out"
check $? "JSON keeps the engine failure's reason and lines (rc $(rc): $(head -c 400 "$tmp/out"))"
grep -q "segfault-like-reason-1234" "$tmp/j.xml" 2>/dev/null && grep -q "garbage line" "$tmp/j.xml"
check $? "JUnit keeps the engine failure's reason ($(grep -o 'message="[^"]*"' "$tmp/j.xml" 2>/dev/null | head -c 200))"
grep -q "segfault-like-reason-1234" "$tmp/r.html" 2>/dev/null && grep -q "garbage line" "$tmp/r.html"
check $? "HTML keeps the engine failure's reason"
! grep -q '"missing":\[{' "$tmp/out" && grep -q '"minimal":{[^}]*"difference":null' "$tmp/out"
check $? "JSON: an engine that answered nothing has no 'missing' moves"
cat >"$tmp/mute.sh" <<'EOF2'
#!/bin/sh
exit 0
EOF2
chmod +x "$tmp/mute.sh"
limit=60 run verify -e "$tmp/mute.sh" -v mccooey -d 1
[ "$(rc)" = 1 ] && ! grep -q "missing in the engine\|^ *- " "$tmp/out"
check $? "text: an engine that answered nothing lists no missing moves (rc $(rc): $(head -c 400 "$tmp/out"))"

# --max-nodes given caps -d (issue 28: a slow engine is not asked for more
# than its budget): Glinski from the start is 137,858 at depth 3 and 4.5 M at
# 4, so -d 9 within 200,000 is checked at depth 3, at once.
limit=20 run verify --engine "$hexref engine" --protocol uci -v glinski -d 9 --max-nodes 200000
[ "$(rc)" = 0 ] && grep -q "^ok   initial position: depth 3, 137858 nodes" "$tmp/out"
check $? "verify -d 9 --max-nodes 200000: depth 3 (rc $(rc): $(head -c 300 "$tmp/out"))"
# without --max-nodes, an explicit -d is what is asked
run verify --engine "$hexref engine" --protocol uci -v glinski -d 4
[ "$(rc)" = 0 ] && grep -q "^ok   initial position: depth 4, " "$tmp/out"
check $? "verify -d 4 is depth 4 under the default budget (rc $(rc): $(head -c 300 "$tmp/out"))"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
