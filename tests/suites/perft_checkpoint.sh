#!/bin/sh
# perft_checkpoint.sh HEXREF WORKDIR - perft --checkpoint keeps the finished
# jobs' counts, a rerun of the same command resumes from them (and does not
# count them again) to the plain count, a checkpoint of another count or a
# truncated one is refused; progress shows on a terminal and only there.
set -u
hexref=$1 work=$2
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "perft_checkpoint: $*" >&2; exit 1; }
ck=$work/ck.txt
perft() { "$hexref" perft -v glinski "$@" 2>"$work/err" | tail -n 1; }
refused() { ! "$hexref" perft -v glinski "$@" >/dev/null 2>"$work/err"; }
want=$(perft 4)
[ -n "$want" ] || fail "no plain count"

got=$(perft --checkpoint "$ck" 4)
[ "$got" = "$want" ] || fail "with a new checkpoint: $got, plain: $want"
jobs=$(sed -n 's/^jobs //p' "$ck")
[ "$(grep -c '^done ' "$ck")" = "$jobs" ] || fail "a finished count's checkpoint lacks jobs"
[ -z "$(ls -A "$work" | grep -v '^ck.txt$\|^err$')" ] || fail "left a temp file behind: $(ls -A "$work")"

# Half the jobs forgotten: the resumed run counts them again.
cp "$ck" "$work/full.txt"
awk '!/^done / || NR % 2' "$work/full.txt" > "$ck"
kept=$(grep -c '^done ' "$ck")
got=$(perft -t 2 --hash 8 --checkpoint "$ck" 4)
[ "$got" = "$want" ] || fail "resumed: $got, plain: $want"
grep -q "^checkpoint: $kept of $jobs jobs" "$work/err" || fail "resume did not say it took $kept jobs: $(cat "$work/err")"
cmp -s "$ck" "$work/full.txt" || fail "the resumed run's checkpoint differs from the first run's"

# The finished jobs are taken, not counted again: a run resuming all of
# them counts no node; a count edited by hand is refused by its check.
cp "$work/full.txt" "$ck"
got=$(perft --checkpoint "$ck" 4)
[ "$got" = "$want" ] && grep -q "^time .* 0 nodes/s" "$work/err" || fail "a finished job was counted again: $(cat "$work/err")"
awk '/^done 0 / { $3 += 1 } { print }' "$work/full.txt" > "$ck"
refused --checkpoint "$ck" 4 || fail "accepted a checkpoint line edited by hand"
grep -q "ck.txt:11: the line's check does not match" "$work/err" || fail "unclear error: $(cat "$work/err")"

# Refused: another depth, a truncated file; the file is left as it was.
cp "$work/full.txt" "$ck"
refused --checkpoint "$ck" 5 || fail "accepted a checkpoint of depth 4 for depth 5"
grep -q "ck.txt:8: a checkpoint of another count: its depth is '4', this count's is '5'" "$work/err" || fail "unclear error: $(cat "$work/err")"
cmp -s "$ck" "$work/full.txt" || fail "a refused checkpoint was changed"
head -c -1 "$work/full.txt" > "$ck"
refused --checkpoint "$ck" 4 || fail "accepted a truncated checkpoint"
grep -q "truncated" "$work/err" || fail "unclear error: $(cat "$work/err")"
refused --checkpoint "$ck" -g oracle 3 || fail "accepted --checkpoint with the oracle"

# Progress: not on a file, but on a terminal (script(1) gives it one).
perft -t 2 4 >/dev/null
grep -q ETA "$work/err" && fail "progress printed to a file"
if command -v script >/dev/null 2>&1; then
    script -qec "'$hexref' perft -v glinski -t 2 --hash 8 4" /dev/null > "$work/tty" 2>&1
    grep -q "$jobs/$jobs jobs, .* nodes/s, ETA" "$work/tty" || fail "no progress on a terminal: $(cat "$work/tty")"
fi
echo "perft_checkpoint: ok"
