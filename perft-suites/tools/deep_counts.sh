#!/bin/sh
# deep_counts.sh - the deep counts of perft-suites/README.md: each job is
# "VARIANT PROFILE DEPTH METHOD", run in order, one result line appended to
# the log per job: VARIANT PROFILE DEPTH METHOD COUNT SECONDS.
# Methods: A = bulk counting + hash (2 threads), B = no bulk + no hash
# (2 threads), C = bulk counting, no hash (2 threads), O = the oracle (2
# threads over the root moves and its own 512 MB table, oracle/perft.c).
# usage: deep_counts.sh HEXREF LOG < jobs
hexref=$1 log=$2
while read -r v p d m; do
    case $m in
    A) opts="-t 2 --hash 1024" ;;
    B) opts="-t 2 --no-bulk" ;;
    C) opts="-t 2" ;;
    O) opts="-g oracle -t 2 --hash 512" ;;
    *) echo "unknown method $m" >&2; exit 2 ;;
    esac
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    n=$("$hexref" perft -v "$v" -p "$p" $opts "$d" 2>/dev/null | tail -n 1)
    end=$(date +%s.%N)
    echo "$v $p $d $m ${n:-FAILED} $(echo "$end - $start" | bc)" >> "$log"
done
