#!/bin/sh
# deep_perft.sh HEXREF WORKDIR - threads, the hash table and the no-bulk
# method give the plain single-thread count, on every variant.
set -u
hexref=$1
fail() { echo "deep_perft: $*" >&2; exit 1; }
for spec in "shafran std 4" "brusky std 3" "brusky ludii 3" "glinski std 4" "mccooey std 4" \
            "glinski diag-firstmove 3"; do
    set -- $spec
    want=$("$hexref" perft -v "$1" -p "$2" "$3" 2>/dev/null | tail -n 1)
    for opts in "-t 2" "-t 3 --hash 1" "--hash 4" "--no-bulk" "-t 2 --no-bulk --hash 2"; do
        # shellcheck disable=SC2086
        got=$("$hexref" perft -v "$1" -p "$2" $opts "$3" 2>/dev/null | tail -n 1)
        [ "$got" = "$want" ] || fail "$spec with $opts: $got, plain: $want"
    done
done
# After a few moves, with e.p. and castling rights in the position.
want=$("$hexref" perft -v brusky --moves "e2e4 f7f5 e4e5" 4 2>/dev/null | tail -n 1)
got=$("$hexref" perft -v brusky --moves "e2e4 f7f5 e4e5" -t 2 --hash 8 4 2>/dev/null | tail -n 1)
[ "$got" = "$want" ] || fail "brusky after moves: $got, plain: $want"
echo "deep_perft: ok"
