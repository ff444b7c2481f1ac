'use strict';
// fixture_cases.cjs - fixtureCases: the package's fixtures of a variant as
// one test case each, for node:test, vitest or jest:
//   for (const c of fixtureCases('glinski')) test(c.name, () => c.check(engine));
// A case's check runs verify of that one fixture (the C fixture runner, as
// `hexref verify --fixtures` does) and throws an Error whose message is the
// finding. The fixture is served as a file of its own that keeps the
// original's path and line numbers (the lines before it left blank, laid
// over the file by wasi.cjs), so the finding's FILE:LINE is the real one.

const fs = require('node:fs');
const path = require('node:path');
const { dataDir } = require('./check_options.cjs');
const { OVERLAY } = require('./wasi.cjs');
const { _start: start } = require('./check.cjs');
const { isThenable } = require('./answer.cjs');
const { formatCheck } = require('./report.cjs');

// The expectation keys (docs/fixtures.md) an engine that answers divides
// can be asked; "status" it cannot, so the runner skips it.
const DIVIDE_EXPECTATIONS = new Set(['moves', 'moves-from', 'legal', 'illegal', 'after', 'reaches', 'perft']);

const words = (line) => line.trim().split(/\s+/).filter(Boolean);

// The key of an expectation line that applies under profile, or null.
function expectation(line, profile) {
  let text = line.trim();
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (!words(text.slice(1, close)).includes(profile)) return null;
    text = text.slice(close + 1);
  }
  const key = words(text)[0];
  return DIVIDE_EXPECTATIONS.has(key) ? key : null;
}

// Does the record run under variant/profile (its profiles or refutes) with
// an expectation there that a divide can check? One with none is skipped
// by the runner, and a verify of it alone would select nothing.
function applies(record, variant, profile) {
  const fields = {};
  for (const line of record) { const [key, ...value] = words(line); if (key && !(key in fields)) fields[key] = value; }
  if ((fields.variant ?? [])[0] !== variant) return false;
  if (![...(fields.profiles ?? []), ...(fields.refutes ?? [])].includes(profile)) return false;
  // "reaches" without a line compares the fixture's own position, which an
  // outside engine never made: the runner skips it (harness/fixture_run.c)
  return record.some((line) => {
    const key = expectation(line, profile);
    return key !== null && (key !== 'reaches' || 'line' in fields);
  });
}

function failureMessage(result) {
  if (!result.checks.length) return 'hexref: the fixture selected no check (a bug of fixtureCases)';
  return result.ok ? null : result.failures.map(formatCheck).join('\n\n');
}

function makeCase(variant, profile, file, lineno, name, text, timeout) {
  const run = (engine, async) => {
    const options = { variant, profile, fixtures: [file], timeout, [OVERLAY]: new Map([[file, text]]) };
    const judge = (result) => {
      const message = failureMessage(result);
      if (message) throw new Error(message);
      return result;
    };
    const out = start('hx_check_verify', engine, options, async);
    return isThenable(out) ? out.then(judge) : judge(out);
  };
  return {
    name, file, line: lineno, variant, profile,
    // Throws at once for a synchronous engine; for one that returns
    // promises, returns a promise that rejects (test runners await it).
    check: (engine) => run(engine, true),
  };
}

function fixtureCases(variant, { profile = 'std', timeout } = {}) {
  const folder = path.join(dataDir, 'fixtures', String(variant));
  if (!fs.existsSync(folder)) throw new Error(`hexref: no fixtures of variant ${JSON.stringify(variant)}`);
  const cases = [];
  for (const base of fs.readdirSync(folder).filter((f) => f.endsWith('.fix')).sort()) {
    const file = path.join(folder, base);
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    let begin = null;
    lines.forEach((line, i) => {
      const key = words(line)[0];
      if (key === 'fixture') begin = i;
      else if (key === 'end' && begin !== null) {
        const record = lines.slice(begin, i + 1);
        if (applies(record, variant, profile)) {
          const text = '\n'.repeat(begin) + record.join('\n') + '\n';
          cases.push(makeCase(variant, profile, file, begin + 1, words(lines[begin])[1], text, timeout));
        }
        begin = null;
      }
    });
  }
  return cases;
}

module.exports = { fixtureCases };
