#!/bin/sh
# split_merge.sh HEXREF WORKDIR - a perft cut with --split, run by GNU
# parallel on this machine and summed by merge, equals the single-process
# count; merge refuses a missing or conflicting result.
set -u
hexref=$1 work=$2
command -v parallel >/dev/null 2>&1 || { echo "split_merge: GNU parallel not installed"; exit 77; }
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "split_merge: $*" >&2; exit 1; }
# A near-empty McCooey position: few moves, so a deep split stays small.
small="1/3/5/7/9/8p2/k5p4/8b2/N10/6K4/6r4 w - - 6 31"
# split_run VARIANT PROFILE FEN DEPTH K: split, run through parallel, merge.
split_run() {
    want=$("$hexref" perft -v "$1" -p "$2" --fen "$3" "$4" 2>/dev/null | tail -n 1)
    "$hexref" perft -v "$1" -p "$2" --fen "$3" --split "$5" -o "$work/jobs.tsv" "$4" 2>/dev/null ||
        fail "split $*"
    parallel --will-cite --colsep '\t' \
        "$hexref" perft --job {1} -v {2} -p {3} --fen {5} {4} :::: "$work/jobs.tsv" > "$work/results.tsv" 2>/dev/null ||
        fail "parallel $*"
    got=$("$hexref" merge "$work/jobs.tsv" "$work/results.tsv" 2>/dev/null | tail -n 1)
    [ -n "$want" ] && [ "$got" = "$want" ] || fail "$*: merged '$got', single process '$want'"
}
split_run shafran std "kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w AIai - 0 1" 4 1
split_run brusky std "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w AIdl - 0 1" 3 1
split_run mccooey std "$small" 5 2
# Three plies down, transpositions are merged into jobs with MULT > 1.
"$hexref" perft -v mccooey --fen "$small" --split 3 -o "$work/jobs3.tsv" 5 2>/dev/null || fail "split 3"
awk -F'\t' '$6 > 1 { found = 1 } END { exit !found }' "$work/jobs3.tsv" || fail "no merged transposition"
# Run them as one Slurm array task would (docs/perft.md), without parallel.
tab=$(printf '\t')
while IFS="$tab" read -r id v p d fen mult; do
    "$hexref" perft --job "$id" -v "$v" -p "$p" --fen "$fen" "$d" 2>/dev/null
done < "$work/jobs3.tsv" > "$work/results3.tsv"
want=$("$hexref" perft -v mccooey --fen "$small" 5 2>/dev/null | tail -n 1)
got=$("$hexref" merge "$work/jobs3.tsv" "$work/results3.tsv" 2>/dev/null | tail -n 1)
[ "$got" = "$want" ] || fail "split 3 with transpositions: merged '$got', single process '$want'"
# Each result names its split: the id carries the jobs file's fingerprint.
grep -q '^[0-9]*/[0-9]*@[0-9a-f]\{16\}	[0-9]*	[0-9a-f]\{16\}$' "$work/results.tsv" || fail "results without the fingerprint and check"
"$hexref" merge "$work/jobs3.tsv" "$work/results.tsv" 2>/dev/null && fail "accepted results of another split"
sed 1d "$work/results.tsv" > "$work/missing.tsv"
"$hexref" merge "$work/jobs.tsv" "$work/missing.tsv" 2>/dev/null && fail "accepted a missing result"
# --missing names exactly the jobs to rerun (the Slurm recipe's rerun step).
gone=$(head -n 1 "$work/results.tsv" | cut -f 1)
listed=$("$hexref" merge --missing "$work/jobs.tsv" "$work/missing.tsv" 2>/dev/null) || fail "merge --missing failed"
[ "$listed" = "$gone" ] || fail "merge --missing listed '$listed', expected '$gone'"
listed=$("$hexref" merge --missing "$work/jobs.tsv" "$work/results.tsv" 2>/dev/null) || fail "merge --missing failed"
[ -z "$listed" ] || fail "merge --missing listed '$listed' for complete results"
{ cat "$work/results.tsv"; head -n 1 "$work/results.tsv" | awk -F'\t' '{print $1 "\t" $2 + 1 "\t" $3}'; } > "$work/conflict.tsv"
"$hexref" merge "$work/jobs.tsv" "$work/conflict.tsv" 2>/dev/null && fail "accepted conflicting results"
echo "split_merge: ok"
