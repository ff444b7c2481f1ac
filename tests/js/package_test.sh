#!/usr/bin/env bash
# package_test.sh - the npm package as a user gets it: ci/js-package builds
# hexref-VERSION.tgz; it is copied out of the tree and installed offline
# (npm install --offline, an empty cache, a registry address that refuses
# connections) into two empty projects under /tmp, one "type": "module"
# using `import`, one CommonJS using `require`. In each, checks.cjs compares
# perft 3 of every variant's initial position with `hexref perft -v V 3`,
# legal moves of a few positions with `hexref moves` (both run here, now),
# and checks an illegal move's Error, C errors, the shipped fixtures (the
# checkmate of brusky-s15-knight-mate) and perft suites; in the CommonJS one
# verify_checks.cjs checks verify, identify and fixtureCases of clean,
# faulty, async and throwing engine functions. Then tsc
# (Debian's node-typescript) type-checks a TypeScript user of index.d.ts,
# and must reject a file that misuses it.
#
# Usage: package_test.sh HEXREF WORKDIR
# Without the WebAssembly toolchain (ci/js-package exits 77) or tsc, it
# prints SKIP and exits 77 (ctest: skipped), or fails when
# HEXREF_REQUIRE_JS=1 (as ci/test sets it). About 20 s.
set -u
hexref=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
skip_or_fail() {
  if [ "${HEXREF_REQUIRE_JS:-0}" = 1 ]; then
    echo "FAIL: $1; HEXREF_REQUIRE_JS=1 forbids skipping"
    exit 1
  fi
  echo "SKIP: $1"
  exit 77
}

rm -rf "$work"
mkdir -p "$work"
tgz=$("$root/ci/js-package" --out "$work/build" 2>"$work/js-package.err" | tail -1)
rc=${PIPESTATUS[0]}
[ "$rc" = 77 ] && skip_or_fail "the WebAssembly toolchain is missing ($(cat "$work/js-package.err"))"
[ "$rc" = 0 ] && [ -s "$tgz" ] || { cat "$work/js-package.err"; echo "FAIL: ci/js-package exited $rc"; exit 1; }

tmp=$(mktemp -d /tmp/hexref-js-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cp "$tgz" "$tmp/"
tgz=$tmp/$(basename "$tgz")

# The native CLI's answers: perft 3 of each variant, the legal moves of a
# few positions (variant|profile|HexFEN or empty|moves played or empty).
cases=$(cat <<'CASES'
glinski|std||
glinski|std||f5f6 e7e6
brusky|seed||a2a4
shafran|std||
mccooey|std||f4f5
glinski|std|1/2k/5/7/9/11/5p5/4P6/11/11/6K4 w - - 0 1|e4f5 g10h9
glinski|jackson3|1/2k/5/7/9/11/5p5/4P6/11/11/6K4 w - - 0 1|e4f5 g10h9
CASES
)
: >"$tmp/perft.txt"
for v in shafran brusky glinski mccooey; do
  n=$("$hexref" perft -v "$v" 3 2>/dev/null | tail -1) || fail "hexref perft -v $v 3"
  echo "$v $n" >>"$tmp/perft.txt"
done
i=0
while IFS='|' read -r v p fen moves; do
  args=(moves -v "$v" -p "$p")
  [ -n "$fen" ] && args+=(--fen "$fen")
  [ -n "$moves" ] && args+=(--moves "$moves")
  "$hexref" "${args[@]}" >"$tmp/moves.$i" || fail "hexref ${args[*]}"
  i=$((i + 1))
done <<<"$cases"
# The CLI's verify of a script engine (hexref itself behind
# examples/hexref-perftree) on random positions and a quick suite: the
# in-process verify must write the same checks (verify_checks.cjs).
HEXREF=$hexref "$hexref" verify --engine "$root/examples/hexref-perftree" -v mccooey --random 3 --seed 5 -d 2 \
  --suite "$root/perft-suites/mccooey-std.epd" --tier quick --max-nodes 20000 --format json >"$tmp/cli-verify.jsonl" ||
  fail "hexref verify --engine examples/hexref-perftree --format json"
CASES="$cases" VERSION="$("$hexref" --version | head -1)" node - "$tmp" "$(ls "$root"/tests/fixtures/*/*.fix | wc -l)" \
    "$(ls "$root"/perft-suites/*.epd | wc -l)" <<'JS' || { echo "FAIL: expected.json"; exit 1; }
const fs = require('fs');
const [tmp, fixtureFileCount, suiteCount] = process.argv.slice(2);
const perft = {};
for (const line of fs.readFileSync(`${tmp}/perft.txt`, 'utf8').trim().split('\n')) {
  const [v, n] = line.split(' ');
  perft[v] = n;
}
const moves = process.env.CASES.split('\n').map((line, i) => {
  const [variant, profile, fen, play] = line.split('|');
  const list = fs.readFileSync(`${tmp}/moves.${i}`, 'utf8').split('\n').filter(Boolean);
  return { variant, profile, fen: fen || null, play, list };
});
const version = /^hexref (\S+)/.exec(process.env.VERSION)[1]; // 'hexref 0.1.0 (git ...)'
const cliVerify = fs.readFileSync(`${tmp}/cli-verify.jsonl`, 'utf8');
fs.writeFileSync(`${tmp}/expected.json`, JSON.stringify({
  perft, moves, version, fixtureFileCount: Number(fixtureFileCount), suiteCount: Number(suiteCount), cliVerify }));
JS

install() { # install DIR TYPE: an empty project DIR with hexref installed offline
  mkdir -p "$1"
  printf '{"name": "user-project", "private": true, "type": "%s"}\n' "$2" >"$1/package.json"
  (cd "$1" && npm install --offline --no-audit --no-fund --cache "$tmp/npm-cache" \
     --registry http://127.0.0.1:9/ "$tgz" >"$tmp/npm.log" 2>&1) ||
    { cat "$tmp/npm.log"; fail "npm install --offline into a $2 project"; return 1; }
  cp "$here/checks.cjs" "$here/verify_checks.cjs" "$tmp/expected.json" "$1/"
}

if install "$tmp/esm" module; then
  cat >"$tmp/esm/check.mjs" <<'JS'
import * as hexref from 'hexref';
import hexrefDefault from 'hexref';
import runChecks from './checks.cjs';
import { readFileSync } from 'node:fs';
const expected = JSON.parse(readFileSync('expected.json', 'utf8'));
let failed = runChecks(hexref, expected, 'import');
if (hexrefDefault.Position !== hexref.Position) { console.log('FAIL (import): default export'); failed++; }
for (const name of ['verify', 'verifySync', 'identify', 'identifySync', 'fixtureCases', 'formatCheck']) {
  if (typeof hexref[name] !== 'function' || hexref[name] !== hexrefDefault[name]) {
    console.log(`FAIL (import): ${name} is not exported`); failed++;
  }
}
process.exit(failed ? 1 : 0);
JS
  (cd "$tmp/esm" && node check.mjs) || fail "the ESM project's checks (import)"
fi
if install "$tmp/cjs" commonjs; then
  cat >"$tmp/cjs/check.js" <<'JS'
const hexref = require('hexref');
const expected = require('./expected.json');
const failed = require('./checks.cjs')(hexref, expected, 'require');
require('./verify_checks.cjs')(hexref, 'require', expected).then((n) => process.exit(failed + n ? 1 : 0));
JS
  (cd "$tmp/cjs" && node check.js) || fail "the CommonJS project's checks (require)"
fi

# TypeScript: a user's file must type-check against index.d.ts, and a file
# that misuses the types must not (so the types are read, not any).
tsc=$(command -v tsc || true)
if [ -z "$tsc" ]; then
  "$root/ci/install-deps" node-typescript >&2 || true
  tsc=$(command -v tsc || true)
fi
if [ -z "$tsc" ]; then
  [ "$failed" = 0 ] || exit 1
  skip_or_fail "tsc is not installed and could not be installed (ci/install-deps node-typescript)"
fi
if [ -d "$tmp/esm/node_modules/hexref" ]; then
  cd "$tmp/esm"
  cat >use.ts <<'TS'
import { Position, variants, profiles, perftSuites, Status, verifySync, verify, fixtureCases,
  Engine, VerifyResult, IdentifyResult, identify } from 'hexref';
const pos: Position = Position.initial(variants()[0], profiles('glinski')[0]);
const n: bigint = pos.perft(2);
const d: Map<string, bigint> = pos.play(['f5f6']).divide(1);
const s: Status = pos.status();
const files: string[] = perftSuites('glinski');
console.log(n, d.size, s, files.length, pos.fen(), pos.legalMoves().length);
pos.free();
const engine: Engine = (fen, moves, depth) => Position.fromFen('glinski', fen).play(moves).divide(depth);
const r: VerifyResult = verifySync(engine, { variant: 'glinski', depth: 2, fixtures: true });
const ok: boolean = r.ok && r.checks.every((c) => c.outcome !== 'fail');
verify(async () => ({ a1a2: 1 }), { variant: 'glinski', suite: ['glinski-std'] }).then((v) => v.report());
identify(engine, { variant: 'glinski' }).then((i: IdentifyResult) => console.log(i.profile, i.matches));
for (const c of fixtureCases('glinski', { profile: 'std' })) console.log(c.name, c.file, c.line, c.check);
console.log(ok);
TS
  cat >misuse.ts <<'TS'
import { Position } from 'hexref';
const n: number = Position.initial('glinski').perft(2);
console.log(n);
TS
  opts=(--noEmit --strict --module node16 --moduleResolution node16 --target es2020)
  "$tsc" "${opts[@]}" use.ts >"$tmp/tsc.log" 2>&1 || { cat "$tmp/tsc.log"; fail "tsc: a correct user of index.d.ts"; }
  if "$tsc" "${opts[@]}" misuse.ts >"$tmp/tsc.log" 2>&1; then
    fail "tsc accepted a bigint assigned to a number"
  else
    grep -q "bigint" "$tmp/tsc.log" || { cat "$tmp/tsc.log"; fail "tsc rejected misuse.ts for another reason"; }
  fi
  cat >misuse-verify.ts <<'TS'
import { verifySync } from 'hexref';
verifySync(() => ({}), { variant: 'glinski', dpth: 3 });
TS
  if "$tsc" "${opts[@]}" misuse-verify.ts >"$tmp/tsc.log" 2>&1; then
    fail "tsc accepted an unknown option of verifySync"
  else
    grep -q "dpth" "$tmp/tsc.log" || { cat "$tmp/tsc.log"; fail "tsc rejected misuse-verify.ts for another reason"; }
  fi
fi

[ "$failed" = 0 ] && echo "PASS: hexref npm package (import, require, TypeScript)"
[ "$failed" = 0 ]
