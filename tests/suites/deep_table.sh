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
# one that is not JSON. refused SED-EDIT WANT WHAT: damages a copy by
# SED-EDIT, requires a refusal whose message holds WANT.
refused() {
    sed "$1" "$suites/deep-counts.jsonl" >"$work/damaged.jsonl"
    if python3 "$suites/tools/deep_table.py" "$suites" "$work/damaged.jsonl" >/dev/null 2>"$work/err" ||
        ! grep -q "$2" "$work/err"; then
        echo "deep_table: $3 was not refused:" >&2
        cat "$work/err" >&2
        exit 1
    fi
}
refused '3s/, "machine": [^,]*//' "damaged.jsonl:3: " "a run without its machine field (line 3)"
refused '5s/^{/{{/' "damaged.jsonl:5: not a JSON object" "a line that is not JSON (line 5)"
echo "deep_table: the README table matches deep-counts.jsonl ($(($(wc -l <"$work/made.md") - 2)) rows); damaged files are refused"
