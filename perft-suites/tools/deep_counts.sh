#!/bin/sh
# deep_counts.sh - the deep counts of perft-suites/README.md: each job is
# "VARIANT PROFILE DEPTH METHOD [KEY_SEED]", run in order, one JSON object
# appended to COUNTS (deep-counts.jsonl) per job, with the provenance the
# README's "The deep counts as data" lists: the count, the method and its
# settings, the table's key seed, hexref's commit, the date, the seconds,
# the machine. A job whose count fails is recorded nowhere and stops the run.
# Methods: A = bulk counting + hash (2 threads, --hash 1024, the key seed
# given or 0), B = no bulk + no hash (2 threads), C = bulk counting, no
# hash (2 threads), O = the oracle (2 threads over the root moves and its
# own 512 MB table, oracle/perft.c).
# usage: deep_counts.sh HEXREF COUNTS < jobs
set -eu
hexref=$1 counts=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
git -C "$root" diff --quiet HEAD -- rules oracle cli 2>/dev/null || commit="$commit+changes"
machine="$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1), $(nproc) CPUs"
err=$(mktemp)
trap 'rm -f "$err"' EXIT
jobs=0
while read -r v p d m seed; do
    jobs=$((jobs + 1))
    bulk=true threads=2 hash=0 bits=null keyseed=null gen=reference
    case $m in
    A) hash=1024 bits=128 keyseed=${seed:-0}; opts="-t 2 --hash 1024 --key-seed $keyseed" ;;
    B) bulk=false; opts="-t 2 --no-bulk" ;;
    C) opts="-t 2" ;;
    O) bulk=null hash=512 gen=oracle; opts="-g oracle -t 2 --hash 512" ;;
    *) echo "deep_counts: unknown method '$m'" >&2; exit 2 ;;
    esac
    start=$(date +%s.%N)
    # shellcheck disable=SC2086 # the options are words
    n=$("$hexref" perft -v "$v" -p "$p" $opts "$d" 2>"$err" | tail -n 1) ||
        { cat "$err" >&2; echo "deep_counts: $v $p $d $m failed" >&2; exit 1; }
    # The table's note when it could not keep every result (the count is
    # exact, but the run was slower than it could be): kept with the run.
    note=$(sed -n 's/^hexref perft: \(.*too small to keep every result.*\)/\1/p' "$err" | tr -d '"\134')
    [ -n "$note" ] && note="\"$note\"" || note=null
    case $n in ''|*[!0-9]*) echo "deep_counts: $v $p $d $m printed '$n', not a count" >&2; exit 1 ;; esac
    secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.3f", b - a}')
    printf '{"variant": "%s", "profile": "%s", "position": "initial", "depth": %s, "count": %s, "method": "%s", "generator": "%s", "bulk": %s, "threads": %s, "hash_mb": %s, "key_bits": %s, "key_seed": %s, "commit": "%s", "date": "%s", "seconds": %s, "machine": "%s", "note": %s}\n' \
        "$v" "$p" "$d" "$n" "$m" "$gen" "$bulk" "$threads" "$hash" "$bits" "$keyseed" \
        "$commit" "$(date -u +%Y-%m-%d)" "$secs" "$machine" "$note" >>"$counts"
done
# No job read: a run that counts nothing is a mistake (an empty or misnamed
# jobs file), not a success.
[ "$jobs" -gt 0 ] || { echo "deep_counts: no job on stdin (VARIANT PROFILE DEPTH METHOD [KEY_SEED] per line)" >&2; exit 2; }
