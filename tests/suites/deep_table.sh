#!/bin/sh
# deep_table.sh - the table of deep counts in perft-suites/README.md is the
# one tools/deep_table.py makes from deep-counts.jsonl: no count is typed in
# by hand, and every published depth has two agreeing methods.
# usage: deep_table.sh SUITE_DIR WORKDIR
set -eu
suites=$1 work=$2
mkdir -p "$work"
python3 "$suites/tools/deep_table.py" "$suites" "$suites/deep-counts.jsonl" >"$work/made.md"
awk '/^\| variant \| profile \| D1 /{f=1} f && !/^\|/{exit} f' "$suites/README.md" >"$work/readme.md"
if [ ! -s "$work/readme.md" ]; then
    echo "deep_table: no table of deep counts found in $suites/README.md" >&2
    exit 1
fi
if ! diff -u "$work/readme.md" "$work/made.md"; then
    echo "deep_table: perft-suites/README.md differs from tools/deep_table.py's table (above)" >&2
    exit 1
fi
# A damaged file is refused, naming its line: a run without a field, and
# one that is not JSON.
sed '3s/, "machine": [^,]*//' "$suites/deep-counts.jsonl" >"$work/damaged.jsonl"
if python3 "$suites/tools/deep_table.py" "$suites" "$work/damaged.jsonl" >/dev/null 2>"$work/err" ||
    ! grep -q "damaged.jsonl:3: " "$work/err"; then
    echo "deep_table: a run without its machine field was not refused at line 3:" >&2
    cat "$work/err" >&2
    exit 1
fi
sed '5s/^{/{{/' "$suites/deep-counts.jsonl" >"$work/damaged.jsonl"
if python3 "$suites/tools/deep_table.py" "$suites" "$work/damaged.jsonl" >/dev/null 2>"$work/err" ||
    ! grep -q "damaged.jsonl:5: not a JSON object" "$work/err"; then
    echo "deep_table: a line that is not JSON was not refused at line 5:" >&2
    cat "$work/err" >&2
    exit 1
fi
echo "deep_table: the README table matches deep-counts.jsonl ($(($(wc -l <"$work/made.md") - 2)) rows); damaged files are refused"
