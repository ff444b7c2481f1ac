#!/bin/sh
# deep_table.sh - the table of deep counts in perft-suites/README.md is the
# one tools/deep_table.py makes from the committed logs: no count is typed in
# by hand, and every published depth has two agreeing methods.
# usage: deep_table.sh SUITE_DIR WORKDIR
set -eu
suites=$1 work=$2
mkdir -p "$work"
python3 "$suites/tools/deep_table.py" "$suites" "$suites"/tools/logs/*.log >"$work/made.md"
awk '/^\| variant \| profile \| D1 /{f=1} f && !/^\|/{exit} f' "$suites/README.md" >"$work/readme.md"
if [ ! -s "$work/readme.md" ]; then
    echo "deep_table: no table of deep counts found in $suites/README.md" >&2
    exit 1
fi
if ! diff -u "$work/readme.md" "$work/made.md"; then
    echo "deep_table: perft-suites/README.md differs from tools/deep_table.py's table (above)" >&2
    exit 1
fi
echo "deep_table: the README table matches the logs ($(($(wc -l <"$work/made.md") - 2)) rows)"
