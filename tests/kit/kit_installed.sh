#!/usr/bin/env bash
# kit_installed.sh BUILD_DIR NODE PYTHON3 - the adapter kits as installed
# (share/hexref/kit): the ESM kit imports in a "type": "module" package, the
# CommonJS kit requires in a plain one, both read the same HexFEN alike, the
# type declarations sit beside each entry point, and the Python kit imports.
set -euo pipefail
build=$1 node=$2 python3=$3
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
kit=$tmp/prefix/share/hexref/kit
for f in hexkit.cjs hexkit.mjs hexkit.d.cts hexkit.d.mts hexkit.py; do
    [ -s "$kit/$f" ] || fail "$f is not installed in share/hexref/kit"
done
fen='r2k4r/3p1pp3/11/4pP1P4/4p7/11/4PPP3/R4K2R w AIdl f6:e5 1 2'

mkdir "$tmp/esm" "$tmp/cjs"
echo '{"type": "module"}' >"$tmp/esm/package.json"
cat >"$tmp/esm/t.js" <<JS
import { parse, format, VARIANTS } from '$kit/hexkit.mjs';
import kit from '$kit/hexkit.mjs';
if (kit.parse !== parse) throw new Error('the default export is not the named exports');
if (!VARIANTS.glinski) throw new Error('VARIANTS has no glinski');
console.log(format(parse('brusky', '$fen')));
JS
echo '{}' >"$tmp/cjs/package.json"
cat >"$tmp/cjs/t.js" <<JS
const { parse, format } = require('$kit/hexkit.cjs');
console.log(format(parse('brusky', '$fen')));
JS
esm=$(cd "$tmp/esm" && "$node" t.js) || fail "the ESM kit does not import: $esm"
cjs=$(cd "$tmp/cjs" && "$node" t.js) || fail "the CommonJS kit does not require: $cjs"
[ "$esm" = "$fen" ] || fail "ESM kit round trip: '$esm', expected '$fen'"
[ "$cjs" = "$fen" ] || fail "CommonJS kit round trip: '$cjs', expected '$fen'"
# The declarations declare what the module exports: each exported name of
# the module is declared in hexkit.d.cts, and tsc type-checks a user of
# each entry point (hexkit.d.mts re-exports hexkit.d.cts) and rejects a
# misuse, so the types are read, not any.
for name in $("$node" -e "console.log(Object.keys(require('$kit/hexkit.cjs')).join(' '))"); do
    grep -qE "^export (const|function) $name\b" "$kit/hexkit.d.cts" || fail "hexkit.d.cts does not declare $name"
done
tsc=$(command -v tsc || true)
[ -n "$tsc" ] || { "$(dirname "$0")/../../ci/install-deps" node-typescript >&2 || true; tsc=$(command -v tsc || true); }
[ -n "$tsc" ] || fail "tsc is not installed and could not be installed (ci/install-deps node-typescript)"
cat >"$tmp/esm/use.mts" <<TS
import kit, { parse, format, geometry } from '$kit/hexkit.mjs';
const p = parse('brusky', '$fen');
const side: 'w' | 'b' = p.side;
const cells: number = geometry('glinski').cells.length + kit.geometry('brusky').cells.length;
console.log(format(p), side, cells);
TS
cat >"$tmp/cjs/use.cts" <<TS
import kit = require('$kit/hexkit.cjs');
const n: number = kit.geometry('mccooey').cells.length;
console.log(kit.format(kit.parse('brusky', '$fen')), n);
TS
cat >"$tmp/esm/misuse.mts" <<TS
import { parse } from '$kit/hexkit.mjs';
const n: number = parse('brusky', '$fen').side;
console.log(n);
TS
opts=(--noEmit --strict --module node16 --moduleResolution node16 --target es2020)
"$tsc" "${opts[@]}" "$tmp/esm/use.mts" >"$tmp/tsc.log" 2>&1 || { cat "$tmp/tsc.log"; fail "tsc: a user of hexkit.mjs's types"; }
"$tsc" "${opts[@]}" "$tmp/cjs/use.cts" >"$tmp/tsc.log" 2>&1 || { cat "$tmp/tsc.log"; fail "tsc: a user of hexkit.cjs's types"; }
if "$tsc" "${opts[@]}" "$tmp/esm/misuse.mts" >"$tmp/tsc.log" 2>&1; then
    fail "tsc accepted the side ('w' | 'b') assigned to a number: hexkit.d.mts's types are not read"
fi
grep -q "not assignable to type 'number'" "$tmp/tsc.log" || { cat "$tmp/tsc.log"; fail "tsc rejected misuse.mts for another reason"; }
py=$(cd "$tmp" && PYTHONPATH=$kit "$python3" -c "import hexkit; print(hexkit.format_fen(hexkit.parse('brusky', '$fen')))") ||
    fail "the Python kit does not import: $py"
[ "$py" = "$fen" ] || fail "Python kit round trip: '$py'"
echo "kits installed: ESM, CommonJS, declarations and Python kit work from $kit"
