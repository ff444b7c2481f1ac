'use strict';
// checks.cjs - what tests/js/package_test.sh checks of the installed npm
// package, once through `import` (check.mjs) and once through `require`
// (check.cjs). expected.json holds the native CLI's answers, computed by the
// test script just before: `hexref perft -v V 3`, `hexref moves`.
// Prints one line per failed check and returns the number of failures.
const fs = require('node:fs');
const path = require('node:path');

module.exports = function runChecks(hexref, expected, how) {
  let failed = 0, passed = 0;
  const check = (name, ok, detail = '') => {
    if (ok) passed++;
    else { failed++; console.log(`FAIL (${how}): ${name}${detail ? `: ${detail}` : ''}`); }
  };
  const throws = (fn) => { try { fn(); return null; } catch (e) { return e; } };

  check('variants', JSON.stringify(hexref.variants()) === JSON.stringify(Object.keys(expected.perft)),
        hexref.variants().join(' '));
  for (const [variant, count] of Object.entries(expected.perft)) {
    const pos = hexref.Position.initial(variant);
    const n = pos.perft(3);
    check(`perft -v ${variant} 3`, typeof n === 'bigint' && n === BigInt(count), `${n} != ${count}`);
    let sum = 0n;
    for (const c of pos.divide(3).values()) sum += c;
    check(`divide -v ${variant} 3 sums to perft`, sum === BigInt(count), `${sum}`);
    pos.free();
    check(`${variant}: a freed position throws`, throws(() => pos.fen()) !== null);
    check(`${variant}: profiles start with std`, hexref.profiles(variant)[0] === 'std');
  }
  for (const c of expected.moves) {
    let got;
    try {
      const pos = new hexref.Position(c.variant, { profile: c.profile, fen: c.fen });
      got = pos.play(c.play).legalMoves();
      pos.free();
    } catch (e) {
      got = [`threw: ${e.message}`];
    }
    check(`moves ${c.variant} ${c.profile} ${c.fen ?? 'initial'} ${c.play}`,
          c.list.length > 0 && JSON.stringify(got) === JSON.stringify(c.list),
          `${got.join(' ')}; expected ${c.list.join(' ')}`);
  }

  // An illegal move throws an Error naming the move and the position, and
  // plays nothing (all or none).
  const pos = hexref.Position.initial('glinski');
  const before = pos.fen();
  const err = throws(() => pos.play(['f5f6', 'e7e6', 'a1a9']));
  check('illegal move throws an Error', err instanceof Error);
  check('the error names the move', err && err.message.includes('a1a9'), err && err.message);
  const triedIn = pos.clone().play('f5f6 e7e6').fen();
  check('the error names the position it was tried in', err && err.message.includes(`position ${triedIn}`),
        err && err.message);
  check('nothing is played on an error', pos.fen() === before, pos.fen());
  pos.play('f5f6 e7e6');
  check('play of a string', pos.sideToMove === 'white' && pos.fen() !== before);
  if (typeof Symbol.dispose === 'symbol') {
    const disposable = pos.clone();
    disposable[Symbol.dispose]();
    check('[Symbol.dispose] frees', throws(() => disposable.fen()) !== null);
  }
  // Errors from C come with the C message.
  const bad = throws(() => new hexref.Position('glinsky'));
  check('unknown variant: the C message', bad && /unknown variant 'glinsky'/.test(bad.message), bad && bad.message);
  const badFen = throws(() => hexref.Position.fromFen('glinski', 'not a fen'));
  check('bad HexFEN: the C message', badFen && /HexFEN/.test(badFen.message), badFen && badFen.message);
  check('perft depth out of range throws RangeError', throws(() => pos.perft(11)) instanceof RangeError);

  // No install scripts; both entry points and the types are declared.
  const manifest = JSON.parse(fs.readFileSync(require.resolve('hexref/package.json'), 'utf8'));
  check('package.json has no scripts', manifest.scripts === undefined, JSON.stringify(manifest.scripts));
  const entry = manifest.exports && manifest.exports['.'];
  check('exports: import, require and types', entry && entry.import && entry.require && entry.types);
  check('version', hexref.version === manifest.version && manifest.version === expected.version,
        `${hexref.version} ${manifest.version} ${expected.version}`);

  // The data shipped in the package: the fixtures, one of which gives a
  // known checkmate, and the perft suites.
  check('fixture files shipped', hexref.fixtureFiles().length === expected.fixtureFileCount,
        `${hexref.fixtureFiles().length} != ${expected.fixtureFileCount}`);
  check('perft suites shipped', hexref.perftSuites().length === expected.suiteCount,
        `${hexref.perftSuites().length} != ${expected.suiteCount}`);
  check('data is inside the package', hexref.dataDir().includes(`node_modules${path.sep}hexref`), hexref.dataDir());
  const text = fs.readFileSync(path.join(hexref.dataDir(), 'fixtures', 'brusky', 'source-statements.fix'), 'utf8');
  const block = text.split('\nfixture ').find((b) => b.startsWith('brusky-s15-knight-mate\n'));
  const fen = block && /\nfen (.*)\n/.exec(block)[1];
  check('the knight-mate fixture says checkmate', block && /\nstatus checkmate\n/.test(block));
  const mate = fen && hexref.Position.fromFen('brusky', fen);
  check('status of brusky-s15-knight-mate', mate && mate.status() === 'checkmate', mate && mate.status());
  check('no legal moves in checkmate', mate && mate.legalMoves().length === 0);
  console.log(`${how}: ${passed} passed, ${failed} failed`);
  return failed;
};
