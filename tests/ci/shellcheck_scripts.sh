#!/bin/sh
# The ci/ and examples/ scripts are shellcheck-clean (issue 26, item 7).
#
#   tests/ci/shellcheck_scripts.sh SOURCE_DIR
#
# Checks every file of ci/ and examples/ (git's list, or find's outside a
# checkout) whose first line runs sh, bash, dash or ksh, and ci/stages.sh
# (sourced, no #! line). Fails with shellcheck's findings; fails too
# when shellcheck is missing, unless HEXREF_SKIP_SHELLCHECK=1 says to skip
# (then it says so and exits 77, which ctest reports as skipped).
set -u
src=${1:?usage: shellcheck_scripts.sh SOURCE_DIR}
cd "$src" || exit 1
if ! command -v shellcheck >/dev/null 2>&1; then
    if [ "${HEXREF_SKIP_SHELLCHECK:-0}" = 1 ]; then
        echo "shellcheck_scripts: shellcheck not installed; skipped (HEXREF_SKIP_SHELLCHECK=1)"
        exit 77
    fi
    echo "shellcheck_scripts: shellcheck is not installed (ci/install-deps installs it;" >&2
    echo "  HEXREF_SKIP_SHELLCHECK=1 skips this test)" >&2
    exit 1
fi
files=$(git ls-files ci examples 2>/dev/null) || files=$(find ci examples -type f)
list=ci/stages.sh
for f in $files; do
    head -n 1 "$f" | grep -qE '^#!.*[/ ](sh|bash|dash|ksh)([ ]|$)' && list="$list $f"
done
# shellcheck disable=SC2086 # one argument per file (no spaces in these paths)
if shellcheck -x -f gcc $list; then
    echo "shellcheck_scripts: ok ($(echo $list | wc -w) scripts)"
else
    echo "shellcheck_scripts: findings above, in: $list" >&2
    exit 1
fi
