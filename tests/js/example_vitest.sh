#!/usr/bin/env bash
# example_vitest.sh - examples/js-vitest as a user runs it: a copy of the
# project outside the tree, the package built by ci/js-package installed
# from its .tgz together with vitest from the npm registry, and
# `npx vitest run`: every test passes (3 of its own and one per Gliński
# fixture of profile std, counted from the installed package). Then a
# planted fault (the engine answers by the jackson3 profile's rules) must
# fail fixture tests with the finding as vitest's message.
# An unreachable registry is a failure, not a skip: the example is what a
# user runs, and CI reaches the npm registry. Without the WebAssembly
# toolchain (ci/js-package exits 77) it skips, or fails when
# HEXREF_REQUIRE_JS=1. About 20 s.
# Usage: example_vitest.sh WORKDIR
set -u
work=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
fail() { echo "FAIL: $*"; exit 1; }

rm -rf "$work" && mkdir -p "$work"
tgz=$("$root/ci/js-package" --out "$work/build" 2>"$work/js-package.err" | tail -1)
rc=${PIPESTATUS[0]}
if [ "$rc" = 77 ]; then
  [ "${HEXREF_REQUIRE_JS:-0}" = 1 ] && fail "the WebAssembly toolchain is missing; HEXREF_REQUIRE_JS=1 forbids skipping"
  echo "SKIP: the WebAssembly toolchain is missing ($(cat "$work/js-package.err"))"
  exit 77
fi
[ "$rc" = 0 ] && [ -s "$tgz" ] || { cat "$work/js-package.err"; fail "ci/js-package exited $rc"; }

tmp=$(mktemp -d /tmp/hexref-vitest.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cp -r "$root/examples/js-vitest" "$tmp/project"
cp "$tgz" "$tmp/"
cd "$tmp/project"
npm install --no-audit --no-fund "$tmp/$(basename "$tgz")" >"$tmp/npm.log" 2>&1 ||
  { tail -20 "$tmp/npm.log"; fail "npm install of hexref and vitest (from the npm registry) failed: is the registry reachable?"; }

cases=$(node --input-type=module -e "import { fixtureCases } from 'hexref'; console.log(fixtureCases('glinski').length)") ||
  fail "fixtureCases from the installed package"
[ "$cases" -gt 0 ] || fail "fixtureCases('glinski') gave no case"
# vitest colours its report when it sees CI=true, whatever stdout is: ask
# for none, and strip what still comes, so that the report reads as text.
vitest() { NO_COLOR=1 FORCE_COLOR=0 npx vitest run 2>&1 | sed 's/\x1b\[[0-9;]*m//g' >"$tmp/vitest.out"; return "${PIPESTATUS[0]}"; }
vitest || { tail -40 "$tmp/vitest.out"; fail "npx vitest run (the example as written)"; }
grep -Eq "Tests +$((cases + 3)) passed \($((cases + 3))\)" "$tmp/vitest.out" ||
  { tail -10 "$tmp/vitest.out"; fail "vitest did not run $((cases + 3)) tests (3 + $cases fixtures)"; }

# The planted fault: the same tests fail, each with its finding.
sed -i "s/new Position(VARIANT, { fen })/new Position(VARIANT, { fen, profile: 'jackson3' })/" my-engine.js
grep -q jackson3 my-engine.js || fail "could not plant the fault in my-engine.js"
if vitest; then
  fail "vitest passed an engine of the jackson3 profile"
fi
grep -Eq "Tests +[0-9]+ failed" "$tmp/vitest.out" || { tail -20 "$tmp/vitest.out"; fail "vitest reported no failed test"; }
grep -q "FAIL glinski-.* (fixture, glinski/std)" "$tmp/vitest.out" &&
  grep -q "file:     .*/hexref/data/fixtures/glinski/.*\.fix" "$tmp/vitest.out" ||
  { tail -40 "$tmp/vitest.out"; fail "vitest's failures do not show the finding (fixture id, file)"; }
echo "PASS: examples/js-vitest ($((cases + 3)) tests; the planted fault fails $(grep -Eo "Tests +[0-9]+ failed" "$tmp/vitest.out" | grep -Eo "[0-9]+") of them)"
