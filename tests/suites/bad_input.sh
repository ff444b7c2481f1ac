#!/bin/sh
# bad_input.sh HEXREF WORKDIR - malformed suite files and options give a
# clear error naming FILE:LINE and a non-zero exit, never a crash.
set -u
hexref=$1 work=$2
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "bad_input: $*" >&2; exit 1; }
start="b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1"
expect() { # expect CODE PATTERN COMMAND...: exit code and a message on stderr
    code=$1 pattern=$2; shift 2
    "$@" > "$work/out" 2> "$work/err"; rc=$?
    [ "$rc" -eq "$code" ] || fail "$*: exit $rc, expected $code"
    grep -q -- "$pattern" "$work/err" "$work/out" || fail "$*: no '$pattern' in: $(cat "$work/err")"
}
printf '# comment\n%s ;D1 31 ;D2 x947 ;id a\n' "$start" > "$work/mccooey-std.epd"
expect 1 "mccooey-std.epd:2: bad node count" "$hexref" suite "$work/mccooey-std.epd"
printf '%s ;D1 31 ;D2 947 ;id a\n%s ;D1 31 ;D2 94' "$start" "$start" > "$work/mccooey-std.epd"
expect 1 "mccooey-std.epd:2: truncated line" "$hexref" suite "$work/mccooey-std.epd"
printf '%s ;D2 947 ;D1 31\n' "$start" > "$work/mccooey-std.epd"
expect 1 "mccooey-std.epd:1: depths must increase" "$hexref" suite "$work/mccooey-std.epd"
printf '%s ;D1 31 ;bm e2e4\n' "$start" > "$work/mccooey-std.epd"
expect 1 "mccooey-std.epd:1: unknown operation" "$hexref" suite "$work/mccooey-std.epd"
printf '%s ;D1 31 ;D2 948 ;id wrong\n' "$start" > "$work/mccooey-std.epd"
expect 1 "0 passed, 1 failed" "$hexref" suite "$work/mccooey-std.epd"
printf 'nonsense ;D1 31\n' > "$work/mccooey-std.epd"
expect 1 "0 passed, 1 failed" "$hexref" suite "$work/mccooey-std.epd"
printf '%s ;D1 31\n' "$start" > "$work/nameless.epd"
expect 1 "give -v and -p" "$hexref" suite "$work/nameless.epd"
expect 0 "1 passed, 0 failed" "$hexref" suite -v mccooey "$work/nameless.epd"
expect 1 "No such file" "$hexref" suite "$work/none-std.epd"
expect 2 "unknown option" "$hexref" suite --bogus "$work/nameless.epd"
expect 2 "tier must be" "$hexref" suite --tier fast "$work/nameless.epd"
"$hexref" perft -v mccooey --fen "$start" --split 1 -o "$work/jobs.tsv" 3 2>/dev/null
id=$(head -n 1 "$work/jobs.tsv" | cut -f 1) # ID/N@FINGERPRINT (docs/perft.md)
printf '%s\t9x\t0123456789abcdef\n' "$id" > "$work/res.tsv"
expect 1 "res.tsv:1: bad count" "$hexref" merge "$work/jobs.tsv" "$work/res.tsv"
printf 'garbage\n' > "$work/res.tsv"
expect 1 "res.tsv:1: expected a job line" "$hexref" merge "$work/jobs.tsv" "$work/res.tsv"
expect 2 "needs --count" "$hexref" gen -v mccooey -o "$work/g.epd"
expect 2 "unknown --bias" "$hexref" gen -v mccooey -n 1 --depth 1 --seed 1 --bias fast -o "$work/g.epd"
echo "bad_input: ok"
