#!/bin/sh
# gen_resume.sh HEXREF WORKDIR - an interrupted `hexref gen` resumed with
# --resume gives exactly the file of an uninterrupted run with the same seed:
# no line lost, none duplicated. The run is killed (SIGKILL) repeatedly, and
# once a torn last line is simulated as well.
set -u
hexref=$1 work=$2
rm -rf "$work" && mkdir -p "$work" || exit 1
args="-v shafran --count 30 --depth 4 --seed 4242 --bias castle,ep,promo,check --check-depth 2"
fail() { echo "gen_resume: $*" >&2; exit 1; }

# shellcheck disable=SC2086
"$hexref" gen $args -o "$work/whole.epd" 2>/dev/null || fail "uninterrupted run failed"

# First run, killed after a moment; then resumed under kill until complete.
# shellcheck disable=SC2086
timeout -s KILL 0.25 "$hexref" gen $args -o "$work/cut.epd" 2>/dev/null
[ -f "$work/cut.epd" ] || fail "the first run did not even create its file"
printf 'b/qbk/rnb' >> "$work/cut.epd"  # a torn line, as a kill inside a write leaves it
tries=0
# Each run gets a little longer, so the test ends however loaded the machine.
# shellcheck disable=SC2086
until timeout -s KILL "$(awk "BEGIN { print 0.3 + $tries * 0.1 }")" \
        "$hexref" gen $args --resume -o "$work/cut.epd" 2>/dev/null; do
    tries=$((tries + 1))
    [ "$tries" -lt 100 ] || fail "never completed"
done
cmp "$work/whole.epd" "$work/cut.epd" || fail "resumed file differs from the uninterrupted run"
lines=$(grep -c ';id gen-4242-' "$work/cut.epd")
[ "$lines" -eq 30 ] || fail "expected 30 lines, got $lines"
[ "$(sort "$work/cut.epd" | uniq -d | wc -l)" -eq 0 ] || fail "duplicated lines"

# Resuming a complete file adds nothing; other options are refused.
# shellcheck disable=SC2086
"$hexref" gen $args --resume -o "$work/cut.epd" 2>/dev/null || fail "resume of a complete file failed"
cmp "$work/whole.epd" "$work/cut.epd" || fail "resume of a complete file changed it"
# shellcheck disable=SC2086
"$hexref" gen $args -o "$work/cut.epd" 2>/dev/null && fail "overwrote an existing file without --resume"
"$hexref" gen -v shafran --count 24 --depth 3 --seed 1 -o "$work/cut.epd" --resume 2>/dev/null &&
    fail "resumed with another seed"
echo "gen_resume: ok ($tries resumed runs killed)"
