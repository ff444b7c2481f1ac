#!/bin/sh
# fixture_files.sh HEXREF - the fixture reader's errors (harness/fixture_parse.c)
# on malformed files: every problem named with its file and line, in file
# order, nothing run, exit 1. Each fixture_files/NAME.fix is run alone and
# its whole output compared with NAME.expected (the files cover a bad id, a
# stray line and 'end' outside a fixture, a fixture with no 'end' before
# the next or at the end of the file, a qualifier on a plain key, blanks
# around 'end', CRLF line ends, a bad move in a line, a bad item, and ids
# used twice: the first repeat in file order named).
set -u
hexref=${1:?usage: fixture_files.sh HEXREF}
dir=$(cd "$(dirname "$0")/fixture_files" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0 n=0
for fix in "$dir"/*.fix; do
    [ -e "$fix" ] || continue
    n=$((n + 1))
    name=$(basename "$fix" .fix)
    (cd "$dir" && "$hexref" fixtures -v mccooey "$name.fix" >"$tmp/out" 2>&1)
    code=$?
    if [ "$code" -eq 1 ] && diff -u "$dir/$name.expected" "$tmp/out" >"$tmp/diff"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name (exit $code, not 1, or the output differs):"
        cat "$tmp/diff"
    fi
done
[ "$n" -gt 0 ] || { echo "FAIL: no .fix file in $dir"; exit 1; }
echo "fixture_files.sh: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
