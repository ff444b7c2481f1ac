#!/usr/bin/env bash
# check_install_tree.sh - an install tree works after it is moved.
# Usage: check_install_tree.sh BUILD_DIR
# Installs BUILD_DIR into a temporary prefix, moves the prefix, and runs the
# moved bin/hexref from / : --version, the installed fixtures (as many as the
# source tree has), an installed perft suite; checks that every installed
# file is there, that HEXREF_DATA overrides the location and that a missing
# data folder is a clear error.
set -euo pipefail
build=$1
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/first" >/dev/null
mv "$tmp/first" "$tmp/moved"
p=$tmp/moved
hexref=$p/bin/hexref
cd /
unset HEXREF_DATA

"$hexref" --version | grep -qE '^hexref [0-9]+\.[0-9]+\.[0-9]+ \(.+\)$' || fail "--version: $("$hexref" --version)"
for f in share/man/man1/hexref.1.gz share/doc/hexref/copyright share/doc/hexref/changelog.gz share/bash-completion/completions/hexref include/hexref.h \
         share/hexref/rules/README.md share/hexref/rules/shafran.md share/hexref/conventions.md \
         share/hexref/perft-suites/brusky-std.epd share/hexref/fixtures/glinski/perft.fix; do
    [ -s "$p/$f" ] || fail "$f is not installed"
done
ls "$p"/lib*/libhexref.a "$p"/lib*/pkgconfig/hexref.pc >/dev/null || fail "library or hexref.pc missing"

installed=$("$hexref" fixtures -v mccooey | tail -1)
in_build=$("$build/cli/hexref" fixtures -v mccooey | tail -1)
[[ $installed =~ ^[1-9][0-9]*\ passed,\ 0\ failed$ ]] || fail "installed fixtures: $installed"
[ "$installed" = "$in_build" ] || fail "installed fixtures '$installed', build tree '$in_build'"
"$hexref" suite --tier quick "$p/share/hexref/perft-suites/mccooey-std.epd" | tail -1 |
    grep -qE '^[1-9][0-9]* passed, 0 failed$' || fail "installed perft suite"

# HEXREF_DATA wins over the location beside the executable.
set +e
msg=$(HEXREF_DATA=$tmp/nowhere "$hexref" fixtures 2>&1); rc=$?
set -e
[ "$rc" = 1 ] && grep -q "HEXREF_DATA" <<<"$msg" || fail "HEXREF_DATA=nowhere: rc $rc, '$msg'"
cp -r "$p/share/hexref" "$tmp/data"
HEXREF_DATA=$tmp/data "$hexref" fixtures -v mccooey | tail -1 | grep -qx "$installed" ||
    fail "HEXREF_DATA=$tmp/data does not run the fixtures"

# Without its data the command says so and fails.
rm -rf "$p/share/hexref"
set +e
msg=$("$hexref" fixtures 2>&1); rc=$?
set -e
[ "$rc" = 1 ] && grep -q "cannot find the data directory" <<<"$msg" || fail "no data: rc $rc, '$msg'"
echo "moved install tree: $installed; HEXREF_DATA and a missing data folder behave"
