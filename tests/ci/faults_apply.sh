#!/bin/sh
# Every fault patch of fuzz/faults applies to the current rules/ (git apply
# --check: nothing is written). ci/mutate --faults and ci/fuzz --faults
# apply them in scratch copies much later in CI; a change to rules/ that
# moves a patch's context should fail here, in the first stage, with the
# patch named, instead.
set -eu
root=$1
cd "$root"
n=0
bad=0
log=$(mktemp)
for p in fuzz/faults/*.patch; do
    n=$((n + 1))
    if ! git apply --check "$p" 2>"$log"; then
        echo "FAIL: $p does not apply to the current code (port it):" >&2
        cat "$log" >&2
        bad=$((bad + 1))
    fi
done
rm -f "$log"
if [ "$n" -eq 0 ]; then
    echo "FAIL: no patch in fuzz/faults" >&2
    exit 1
fi
echo "$((n - bad)) of $n fault patches apply"
[ "$bad" -eq 0 ]
