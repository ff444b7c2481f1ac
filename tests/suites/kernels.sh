#!/bin/sh
# kernels.sh HEXREF [SUITE-OPTIONS...] SUITES... - every kernel of the
# generator that this CPU runs (rules/kernel.h; `hexref bench` lists them),
# forced by HEXREF_KERNEL, passes the quick tier of every perft suite and
# counts the same perft for each variant's initial position; a kernel name
# the build does not have stops the program with exit 1 and says so.
set -u
hexref=$1
shift
fail() { echo "kernels: $*" >&2; exit 1; }
line=$("$hexref" bench -v mccooey 1 | sed -n 1p)
kernels=$(echo "$line" | sed -n 's/.*this CPU runs: \([^)]*\)).*/\1/p')
[ -n "$kernels" ] || fail "no kernel listed by 'hexref bench': $line"
echo "kernels: $kernels"
first=""
for k in $kernels; do
    got=$(HEXREF_KERNEL=$k "$hexref" bench -v mccooey 1 | sed -n 's/^kernel: \([^ ]*\).*/\1/p')
    [ "$got" = "$k" ] || fail "HEXREF_KERNEL=$k runs kernel '$got'"
    HEXREF_KERNEL=$k "$hexref" suite --tier quick "$@" >/dev/null || fail "kernel $k fails the quick suites"
    counts=""
    for v in shafran brusky glinski mccooey; do
        counts="$counts $(HEXREF_KERNEL=$k "$hexref" perft -v "$v" 4 2>/dev/null | tail -n 1)"
    done
    [ -z "$first" ] && first=$counts ref=$k
    [ "$counts" = "$first" ] || fail "perft 4 of the four variants: kernel $k:$counts, kernel $ref:$first"
done
if HEXREF_KERNEL=no-such-kernel "$hexref" perft -v mccooey 1 >/dev/null 2>"${TMPDIR:-/tmp}/kernels.$$"; then
    fail "HEXREF_KERNEL=no-such-kernel was accepted"
fi
grep -q "HEXREF_KERNEL: unknown kernel 'no-such-kernel'" "${TMPDIR:-/tmp}/kernels.$$" ||
    { rm -f "${TMPDIR:-/tmp}/kernels.$$"; fail "no clear message for an unknown kernel"; }
rm -f "${TMPDIR:-/tmp}/kernels.$$"
echo "kernels: ok ($kernels; perft 4:$first)"
