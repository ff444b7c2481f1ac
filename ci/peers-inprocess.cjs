#!/usr/bin/env node
'use strict';
// peers-inprocess.cjs - ci/peers' Jocly checks made in-process: Jocly's
// divide (examples/jocly/engine's engineFunction) checked by the npm
// package's verifySync, the C runner inside hexref.wasm, instead of through
// `hexref verify --engine 'examples/jocly/engine --uci'`. The same answers
// are due both ways: each variant's initial position agrees at depth 3 under
// the profile Jocly follows, each of Jocly's two known bugs is one failure
// bisected to the same path and move as ci/peers' step 2 finds, and
// identify names jocly for Shafran and Brusky (step 4).
// Usage: node ci/peers-inprocess.cjs PACKAGE_DIR   (build-js/package after ci/js-package)
const path = require('node:path');

const hexref = require(path.resolve(process.argv[2] ?? 'build-js/package'));
const { engineFunction } = require(path.join(__dirname, '..', 'examples', 'jocly', 'engine'));
let failed = 0;
const fail = (what, result) => {
  failed++;
  console.log(`FAIL peers in-process: ${what}`);
  if (result) console.log(result.report());
};

// A known bug: exactly one failure, at path, with the moves of difference.
function expectBug(name, result, wantPath, key, moves) {
  const f = result.failures;
  const got = f.length === 1 ? (f[0].minimal?.difference?.[key] ?? []).map((m) => m.move) : [];
  if (f.length === 1 && f[0].minimal?.path === wantPath && JSON.stringify(got) === JSON.stringify(moves)) {
    console.log(`ok   known Jocly bug in-process, ${name}: path ${wantPath}; ${key} ${moves.join(' ')}`);
  } else {
    fail(`the known Jocly bug '${name}' was not one failure at path '${wantPath}' with ${key} ${moves.join(' ')}`, result);
  }
}

async function main() {
  const engines = {};
  for (const variant of hexref.variants()) engines[variant] = await engineFunction(variant);
  for (const [variant, profile] of [['shafran', 'jocly'], ['brusky', 'jocly'], ['glinski', 'std'], ['mccooey', 'std']]) {
    const start = Date.now();
    const r = hexref.verifySync(engines[variant], { variant, profile, depth: 3, name: 'jocly' });
    if (r.ok && r.passed === 1) console.log(`ok   ${variant} (${profile}) depth 3 in-process, ${(Date.now() - start) / 1000} s`);
    else fail(`Jocly's ${variant} differs from hexref's ${profile} profile at depth 3`, r);
  }
  expectBug('brusky-no-step-onto-ep-cell',
    hexref.verifySync(engines.brusky, { variant: 'brusky', profile: 'jocly', depth: 2,
      fen: 'r2k4r/3pppp3/11/5P1P4/4p7/11/4PPP3/R4K2R b AIdl - 0 1' }), 'g7e5', 'missing', ['f5f6']);
  expectBug('shafran-ep-survives-castling',
    hexref.verifySync(engines.shafran, { variant: 'shafran', profile: 'jocly', depth: 3, moves: ['e9e6'],
      fen: 'k4/1p4/7/8/r8/3P4R/8/7/6/4K b Ia - 0 1' }), 'e1h4 e10b7', 'extra', ['d5e7']); // after the root's e9e6
  for (const variant of ['shafran', 'brusky']) {
    const start = Date.now();
    const id = hexref.identifySync(engines[variant], { variant, name: 'jocly' });
    const how = id.matches ? 'matches' : `closest, ${id.passed} of ${id.checks.length} fixtures agree`;
    if (id.profile === 'jocly') console.log(`ok   identify ${variant} in-process: jocly (${how}), ${(Date.now() - start) / 1000} s`);
    else fail(`identify does not name jocly for ${variant} (${id.profile}, ${how})`);
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e) => { console.log(`FAIL peers in-process: ${e.stack}`); process.exit(1); });
