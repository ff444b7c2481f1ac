'use strict';
// report.cjs - formatCheck: one failed check (an object of
// docs/results.schema.json) as the text a JavaScript user reads in a test
// runner's failure: what failed, where (the root, the path from it, the
// HexFEN there), which moves differ, the harness's own message and the
// command that reproduces it. The same text as the Python package's.

const moveList = (entries) => entries.map((e) => e.move).join(' ');

function differenceLines(d) {
  if (!d) return [];
  const lines = [];
  if (d.missing?.length) lines.push(`missing in the engine: ${moveList(d.missing)}`);
  if (d.extra?.length) lines.push(`extra in the engine:   ${moveList(d.extra)}`);
  if (d.counts?.length) {
    lines.push(`counts differ:         ${d.counts.slice(0, 8)
      .map((c) => `${c.move} expected ${c.expected} got ${c.got}`).join(', ')}${d.counts.length > 8 ? ' ...' : ''}`);
  }
  if (!lines.length && d.expected_total !== d.got_total)
    lines.push(`total:                 expected ${d.expected_total}, got ${d.got_total}`);
  return lines;
}

function formatCheck(check) {
  const message = (check.message ?? '').replace(/\n+$/, '');
  const lines = message ? message.split('\n') : [];
  // a verify check's message starts with the kind of error ("missing move");
  // a fixture's is a block of indented "key: value" lines
  const first = lines.length && !/^\s/.test(lines[0]) ? lines.shift().trim() : '';
  const out = [`${check.outcome.toUpperCase()} ${check.id} (${check.kind}, ${check.variant}/${check.profile})` +
    (first ? `: ${first}` : '')];
  if (check.kind === 'fixture') return [...out, `  file:     ${check.source ?? '?'}`, ...lines].join('\n');
  if (check.source) out.push(`  source:   ${check.source}`);
  if (check.position) out.push(`  root:     ${check.position}${check.moves ? `  moves ${check.moves}` : ''}`);
  const minimal = check.minimal;
  if (minimal) {
    out.push(`  path:     ${minimal.path || '(the root)'}`, `  position: ${minimal.position}`,
      `  depth:    ${minimal.depth}`);
  } else {
    out.push(`  depth:    ${check.depth}`);
  }
  out.push(...differenceLines(minimal ? minimal.difference : check.difference).map((l) => `  ${l}`));
  out.push(...lines.map((l) => `  ${l}`));
  if (minimal?.command) out.push(`  reproduce: ${minimal.command}`);
  return out.join('\n');
}

module.exports = { formatCheck };
