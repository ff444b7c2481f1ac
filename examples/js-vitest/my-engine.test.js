// The engine's checks with hexref, as vitest tests: verify of the initial
// position and of random positions, and one test per hexref fixture of the
// variant (fixtureCases), whose failure message is the finding.
import { describe, expect, test } from 'vitest';
import { fixtureCases, verify } from 'hexref';
import { VARIANT, divide } from './my-engine.js';

test('the initial position to depth 3', async () => {
  const result = await verify(divide, { variant: VARIANT, depth: 3 });
  expect(result.ok, result.report()).toBe(true);
});

test('random positions', async () => {
  const result = await verify(divide, { variant: VARIANT, random: 20, seed: 7, depth: 2 });
  expect(result.ok, result.report()).toBe(true);
  expect(result.passed).toBe(20);
});

describe('hexref fixtures', () => {
  for (const c of fixtureCases(VARIANT)) test(c.name, () => c.check(divide));
});

test('a planted fault is found', async () => {
  // How a finding looks: an engine that forgets every knight promotion is
  // caught at the position and move where it first differs.
  const noKnightPromotions = (fen, moves, depth) =>
    Object.fromEntries(Object.entries(divide(fen, moves, depth)).filter(([move]) => !move.endsWith('n')));
  // a line of glinski-std.epd ("promo-capture-1"): White's g9 pawn promotes
  const fen = '1/3/n2Pb/6k/2P3p2/1p2rp1ppp1/3P7/2p8/5B5/R1P4b1N1/1K1N3R1P1 w - - 1 31';
  const result = await verify(noKnightPromotions, { variant: VARIANT, fen, depth: 2 });
  expect(result.ok).toBe(false);
  const { minimal } = result.failures[0];
  expect(minimal.position).toBe(fen);
  expect(minimal.difference.missing.map((m) => m.move)).toEqual(['g9g10n', 'g9h9n']);
});
