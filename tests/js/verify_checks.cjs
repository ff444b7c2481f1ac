'use strict';
// verify_checks.cjs - what tests/js/package_test.sh checks of the installed
// package's verify, identify and fixtureCases (docs/js.md): a clean engine
// function (the package's own divide) passes; a faulty one (its own count,
// which drops one move in one position) fails with the finding naming that
// position and move, sync and async alike; a throwing engine is an error
// finding; identify names the profile an engine follows; fixtureCases gives
// cases that a wrong-profile engine makes throw; the checks equal the CLI's
// JSON for a process on the same options (expected.cliVerify); bad options
// throw.
// Prints one line per failed check and returns the number of failures.

module.exports = async function verifyChecks(hexref, how, expected) {
  const { Position } = hexref;
  let failed = 0;
  const check = (name, ok, detail = '') => {
    if (!ok) { failed++; console.log(`FAIL (${how}): ${name}${detail ? `: ${detail}` : ''}`); }
  };
  const threw = (fn) => { try { fn(); return null; } catch (e) { return e; } };

  const clean = (variant, profile = 'std') => function cleanEngine(fen, moves, depth) {
    const p = new Position(variant, { profile, fen });
    try { return p.play(moves).divide(depth); } finally { p.free(); }
  };
  // The position after f5f6 e7e6 in Gliński's chess, where the faulty engine
  // drops the move k1k3 (legal there: tests/js/package_test.sh's cases).
  const badFen = Position.initial('glinski').play('f5f6 e7e6').fen();
  const dropped = 'k1k3';
  const legal = (p) => p.legalMoves().filter((m) => m !== dropped || p.fen() !== badFen);
  const count = (p, d) => {
    if (d === 1) return BigInt(legal(p).length);
    let n = 0n;
    for (const m of legal(p)) { const c = p.clone().play([m]); n += count(c, d - 1); c.free(); }
    return n;
  };
  const faulty = function faultyEngine(fen, moves, depth) {
    const p = new Position('glinski', { fen }).play(moves), out = {};
    for (const m of legal(p)) { const c = p.clone().play([m]); out[m] = depth === 1 ? 1 : Number(count(c, depth - 1)); c.free(); }
    p.free();
    return out;
  };
  const names = (finding, key) => (finding?.minimal?.difference?.[key] ?? []).map((e) => e.move);

  // A clean engine: the root and random positions.
  let r = hexref.verifySync(clean('glinski'), { variant: 'glinski', depth: 3, root: true, random: 3, seed: 7 });
  check('verifySync of a clean engine passes', r.ok && r.failed === 0 && r.checks.length === 4, r.report());
  check('the checks name the engine', r.checks.every((c) => c.engine === 'cleanEngine'), r.checks[0]?.engine);
  check('headline', r.headline === '4 passed, 0 failed', r.headline);

  // The faulty engine: found, bisected to the position and the move.
  const expectFault = (res, what) => {
    const f = res.failures[0];
    check(`${what}: fails`, !res.ok && res.failed >= 1, res.headline);
    check(`${what}: the finding's position is where the move was dropped`, f?.minimal?.position === badFen,
      f?.minimal?.position);
    check(`${what}: the path leads there`, f?.minimal?.path === 'f5f6 e7e6', f?.minimal?.path);
    check(`${what}: the dropped move is missing`, JSON.stringify(names(f, 'missing')) === JSON.stringify([dropped]),
      JSON.stringify(f?.minimal?.difference));
    const text = res.report();
    check(`${what}: the report names both`, text.includes(badFen) && text.includes(dropped), text);
  };
  expectFault(hexref.verifySync(faulty, { variant: 'glinski', depth: 3 }), 'verifySync of a faulty engine');

  // Async engines, through the pending rounds.
  const later = (engine) => async (fen, moves, depth) => {
    await new Promise((resolve) => setImmediate(resolve));
    return engine(fen, moves, depth);
  };
  r = await hexref.verify(later(clean('glinski')), { variant: 'glinski', depth: 3, root: true, random: 2 });
  check('verify of a clean async engine passes', r.ok && r.checks.length === 3, r.report());
  expectFault(await hexref.verify(later(faulty), { variant: 'glinski', depth: 3 }), 'verify of a faulty async engine');
  r = hexref.verifySync(later(clean('glinski')), { variant: 'glinski', depth: 2 });
  check('verifySync of an async engine is an error finding', !r.ok && /verify\(\)/.test(r.checks[0]?.message ?? ''),
    r.checks[0]?.message);
  r = await hexref.verify(() => new Promise(() => {}), { variant: 'glinski', depth: 1, timeout: 0.2 });
  check('an async engine that never answers times out', !r.ok && /timeout|did not answer/.test(JSON.stringify(r.checks[0])),
    JSON.stringify(r.checks[0]));

  // Engines that throw or return garbage are findings, not exceptions.
  r = hexref.verifySync(() => { throw new RangeError('no such move'); }, { variant: 'mccooey', depth: 2 });
  check('a throwing engine: an error finding with its message', !r.ok && /RangeError: no such move/.test(r.report()), r.report());
  r = hexref.verifySync(() => [1, 2], { variant: 'shafran', depth: 1 });
  check('an engine returning an array: a finding', !r.ok && /not a Map or object/.test(r.report()), r.report());
  r = hexref.verifySync((fen, moves, depth) => {
    const p = new Position('brusky', { fen }).play(moves), d = p.divide(depth);
    p.free();
    return `${[...d].map(([m, n]) => `${m} ${n}`).join('\n')}\n\n${[...d.values()].reduce((a, b) => a + b, 0n)}\n`;
  }, { variant: 'brusky', depth: 2 });
  check('perftree text answers are read', r.ok, r.report());

  // Suites and fixtures of the package, by name and by true.
  r = hexref.verifySync(clean('glinski'), { variant: 'glinski', suite: 'glinski-std', tier: 'quick', maxNodes: 20000 });
  check('a packaged suite by name', r.ok && r.checks.length > 0 && r.checks.every((c) => c.id.includes('glinski-std.epd:')), r.headline);
  r = hexref.verifySync(clean('shafran'), { variant: 'shafran', fixtures: true });
  check('the packaged fixtures', r.ok && r.checks.length > 10 && r.checks.every((c) => c.kind === 'fixture'), r.headline);
  r = hexref.verifySync(clean('glinski', 'jackson3'), { variant: 'glinski', fixtures: true });
  check('a wrong-profile engine fails fixtures', !r.ok && r.failures.every((c) => c.kind === 'fixture'), r.headline);

  // identify: the profile the engine follows.
  let id = await hexref.identify(clean('glinski'), { variant: 'glinski' });
  check('identify of a clean engine names std', id.matches && id.profile === 'std', `${id.profile} ${id.headline}`);
  id = hexref.identifySync(clean('glinski', 'jackson3'), { variant: 'glinski' });
  check('identify of a jackson3 engine names jackson3', id.matches && id.profile === 'jackson3', `${id.profile} ${id.headline}`);

  // fixtureCases: one case per fixture, throwing the finding.
  const cases = hexref.fixtureCases('glinski');
  check('fixtureCases gives cases', cases.length > 10 && cases.every((c) => c.name && typeof c.check === 'function'), cases.length);
  const broken = [];
  for (const c of cases) {
    const e = threw(() => c.check(clean('glinski')));
    check(`fixture case ${c.name} passes a clean engine`, e === null, e?.message);
    const wrong = threw(() => c.check(clean('glinski', 'jackson3')));
    if (wrong) broken.push([c, wrong]);
  }
  check('a wrong-profile engine makes some cases throw', broken.length > 0 && broken.length < cases.length, broken.length);
  const [bc, be] = broken[0] ?? [];
  check('the thrown finding names the fixture, its file and line', bc && be.message.includes(bc.name) &&
    be.message.includes(`${bc.file}:`), be?.message);
  await cases[0].check(later(clean('glinski'))).then(() => check('an async case passes', true),
    (e) => check('an async case passes', false, e.message));

  // The same checks as the CLI's verify of a process (expected.cliVerify:
  // package_test.sh ran it), field for field but for who ran them, where,
  // and how long they took.
  const strip = ({ engine, seconds, source, id, ...rest }) => ({ ...rest, id: id.replace(/^.*\//, '') });
  const cli = expected.cliVerify.split('\n').filter(Boolean).map((l) => strip(JSON.parse(l)));
  r = hexref.verifySync(clean('mccooey'), { variant: 'mccooey', random: 3, seed: 5, depth: 2, suite: 'mccooey-std',
    tier: 'quick', maxNodes: 20000 });
  const mine = r.checks.map(strip);
  check('the checks are the CLI\'s (hexref verify --format json)', cli.length > 3 &&
    JSON.stringify(mine) === JSON.stringify(cli), `\n${JSON.stringify(mine[0])}\n${JSON.stringify(cli[0])}`);

  // Options: mistakes are TypeErrors naming the option; what the rules refuse is an Error.
  let e = threw(() => hexref.verifySync(clean('glinski'), { variant: 'glinski', dpth: 3 }));
  check('an unknown option throws a TypeError naming it', e instanceof TypeError && /dpth/.test(e.message), e?.message);
  e = threw(() => hexref.verifySync(clean('glinski'), { variant: 'glinski', depth: 'three' }));
  check('a bad value throws a TypeError naming the option', e instanceof TypeError && /depth/.test(e.message), e?.message);
  e = threw(() => hexref.verifySync(clean('glinski'), { variant: 'glinski', moves: 'f5f6\nvariant=x' }));
  check('a line break in a value is refused', e instanceof TypeError && /moves/.test(e.message), e?.message);
  e = threw(() => hexref.verifySync(clean('glinski'), { variant: 'chaturanga' }));
  check('an unknown variant throws', e instanceof Error && /chaturanga/.test(e.message), e?.message);
  e = threw(() => hexref.verifySync(clean('glinski'), { variant: 'glinski', fen: 'not a fen' }));
  check('a bad HexFEN throws', e instanceof Error && !(e instanceof TypeError), e?.message);
  e = threw(() => hexref.identifySync(clean('glinski'), { variant: 'glinski', depth: 2 }));
  check("identify refuses verify's options", e instanceof TypeError && /depth/.test(e.message), e?.message);
  return failed;
};
