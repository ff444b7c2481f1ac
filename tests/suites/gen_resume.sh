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

# lines_of FILE: its complete lines (0 when it does not exist yet).
lines_of() { if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi; }

# run_cut N FILE COMMAND...: runs COMMAND and kills it (SIGKILL) as soon as
# FILE holds N more complete lines than before; its exit status (137 when
# killed). A cut by progress, not by time: every run is cut at the same
# point of its work (to a few lines) however loaded the machine, and each
# resumed run makes progress (issue 31: cuts by a timeout could not finish
# in the test's 300 s on a loaded machine in the coverage build).
run_cut() {
    want=$1 file=$2
    shift 2
    before=$(lines_of "$file")
    "$@" 2>/dev/null &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        if [ "$(lines_of "$file")" -ge $((before + want)) ]; then
            kill -KILL "$pid" 2>/dev/null
            break
        fi
        sleep 0.02
    done
    wait "$pid" 2>/dev/null # without the shell's "Killed"
}

# First run, killed after its first lines; then resumed, each run killed
# after 5 more lines, until one completes.
# shellcheck disable=SC2086
run_cut 3 "$work/cut.epd" "$hexref" gen $args -o "$work/cut.epd" && fail "the first run was not cut"
[ -f "$work/cut.epd" ] || fail "the first run did not even create its file"
printf 'b/qbk/rnb' >> "$work/cut.epd"  # a torn line, as a kill inside a write leaves it
tries=0
# shellcheck disable=SC2086
until run_cut 5 "$work/cut.epd" "$hexref" gen $args --resume -o "$work/cut.epd"; do
    tries=$((tries + 1))
    [ "$tries" -lt 40 ] || fail "never completed"
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
