#!/usr/bin/env bash
# check_no_outside_links.sh - no file of the repository points outside it.
# Usage: check_no_outside_links.sh SOURCE_DIR
# Fails on a link to the old out-of-tree specification (the parent folder's
# shared/ rules and seeds; the project's own copy is docs/rules/) and on
# absolute paths into home or work folders, which exist only on one machine.
# Checks the files git tracks (every file when there is no git checkout).
set -euo pipefail
root=${1:?usage: check_no_outside_links.sh SOURCE_DIR}
cd "$root"
# The patterns are assembled so that this file does not match itself.
shared=shar''ed
dotdot="\\.\\./${shared}"
specdir="${shared}/rules|${shared}/seeds"
abspath='(^|[^A-Za-z0-9_.$}/-])/(wo''rk|home|root|Users)/'
pattern="$dotdot|$specdir|$abspath"

# The pattern must catch what it is meant to catch (a check that checks
# nothing fails).
for bad in "see ../${shared}/rules/README.md" "${shared}/seeds/000.txt" "built in /wo""rk/main/build"; do
    grep -qE "$pattern" <<<"$bad" || { echo "pattern misses '$bad'"; exit 1; }
done
grep -qE "$pattern" <<<'$BUILD/work/libfuzzer' && { echo "pattern flags a relative path"; exit 1; }

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -t files < <(git ls-files)
else
    mapfile -t files < <(find . -path ./.git -prune -o -type f -print | grep -v '^\./build')
fi
[ "${#files[@]}" -gt 0 ] || { echo "no files to check in $root"; exit 1; }
# xargs may split the list; a hit in any batch must fail, so look at the output.
hits=$(printf '%s\0' "${files[@]}" | xargs -0 grep -nIHE -s "$pattern" -- || true)
if [ -n "$hits" ]; then
    echo "$hits"
    echo "FAIL: the lines above point outside the repository (cite docs/rules/ instead)"
    exit 1
fi
echo "${#files[@]} files, none points outside the repository"
