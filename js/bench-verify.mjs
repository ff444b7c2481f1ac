// bench-verify.mjs - verify of one JavaScript engine function in-process
// (the package's verifySync, on the C runner inside hexref.wasm) against
// the same function behind the adapter kit (examples/kit/js/hexkit.cjs) as
// a process that `hexref verify` runs: the uci protocol (one process for the
// run) and the script protocol (one node process per query). The engines: "hexref" (default), the package's own divide, so
// that its work is small and the route is what is measured; "jocly",
// examples/jocly/engine (Jocly's move generation; examples/jocly/install
// first), as ci/peers runs it. The routes must give the same checks.
// Median of REPS runs each, interleaved, after one in-process run that
// loads hexref.wasm and the engine (docs/performance.md).
// Usage: node js/bench-verify.mjs PACKAGE_DIR HEXREF_CLI [REPS [hexref|jocly]]
//   PACKAGE_DIR: an unpacked package (build-js/package after ci/js-package)
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [packageArg, cli, repsArg = '3', which = 'hexref'] = process.argv.slice(2);
if (!packageArg || !cli || !['hexref', 'jocly'].includes(which)) {
  console.error('usage: node js/bench-verify.mjs PACKAGE_DIR HEXREF_CLI [REPS [hexref|jocly]]');
  process.exit(2);
}
const packageDir = path.resolve(packageArg);
const reps = Number(repsArg);
const require = createRequire(import.meta.url);
const hexref = require(path.join(packageDir, 'src/core.cjs'));
const examples = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../examples');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const variant = 'glinski';

// The engine as a function, and as a command for `hexref verify --engine`.
const tmp = mkdtempSync(path.join(tmpdir(), 'hexref-bench-verify-'));
let divide, command;
if (which === 'jocly') {
  divide = await require(path.join(examples, 'jocly/engine')).engineFunction(variant);
  command = path.join(examples, 'jocly/engine');
} else {
  divide = function divide(fen, moves, depth) {
    const p = new hexref.Position(variant, { fen });
    try { return p.play(moves).divide(depth); } finally { p.free(); }
  };
  command = path.join(tmp, 'engine.cjs');
  writeFileSync(command, `const hexkit = require(${JSON.stringify(path.join(examples, 'kit/js/hexkit.cjs'))});
const { Position } = require(${JSON.stringify(path.join(packageDir, 'src/core.cjs'))});
hexkit.serve({ name: 'divide', divide: (q) => new Position(q.variant, { profile: q.profile, fen: q.fen }).play(q.moves).divide(q.depth) });
`);
  command = `node ${command}`;
}
const routes = ['in', 'uci', 'script'];

const cases = [
  { label: 'the initial position, depth 3', options: { depth: 3 }, args: ['-d', '3'] },
  { label: '20 random positions, depth 2', options: { random: 20, seed: 7, depth: 2 },
    args: ['--random', '20', '--seed', '7', '-d', '2'] },
  // the script route: one node process per query, hundreds of them (minutes): once
  { label: 'the fixtures', options: { fixtures: true }, scriptOnce: true,
    args: ['--fixtures', path.join(packageDir, 'data/fixtures', variant)] },
];

// What must agree between the routes: each check's id, kind, outcome, position and depth.
const digest = (checks) => JSON.stringify(checks.map((c) => [c.id, c.kind, c.outcome, c.position, c.depth]));

function inProcess(c) {
  const start = process.hrtime.bigint();
  const result = hexref.verifySync(divide, { variant, ...c.options });
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, checks: result.checks };
}

function subprocess(c, protocol) {
  const engine = protocol === 'script' ? command : `${command} --uci`;
  const args = ['verify', '--engine', engine, '--protocol', protocol, '--timeout', '300',
    '-v', variant, '--format', 'json', ...c.args];
  const start = process.hrtime.bigint();
  const run = spawnSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  // exit 1: a check failed (Jocly's known bugs), which the digest compares
  if (run.status !== 0 && run.status !== 1) throw new Error(`${cli} ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return { seconds, checks: run.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l)) };
}

inProcess(cases[0]); // loads and compiles hexref.wasm
const ratio = (a, b) => `${(a / b).toFixed(a / b < 10 ? 1 : 0)}×`;
console.log(`engine: ${which}; variant ${variant}; median of ${reps}; load average (1 min) ${loadavg()[0].toFixed(2)} at the start`);
console.log(`| checks | results | passed | in-process | uci process | uci/in-process |${routes.includes('script') ? ' script processes | script/in-process |' : ''}`);
console.log(`|---|---|---|---|---|---|${routes.includes('script') ? '---|---|' : ''}`);
for (const c of cases) {
  const times = { in: [], uci: [], script: [] };
  let checks = null;
  for (let i = 0; i < reps; i++) {
    for (const route of routes) {
      if (route === 'script' && c.scriptOnce && i > 0) continue;
      const r = route === 'in' ? inProcess(c) : subprocess(c, route);
      checks ??= r.checks;
      if (digest(r.checks) !== digest(checks)) throw new Error(`${c.label}: the ${route} route's checks differ`);
      times[route].push(r.seconds);
    }
  }
  const [t, u] = [median(times.in), median(times.uci)];
  const passed = checks.filter((k) => k.outcome === 'pass').length;
  let row = `| ${c.label} | ${checks.length} | ${passed} | ${t.toFixed(3)} s | ${u.toFixed(3)} s | ${ratio(u, t)} |`;
  if (routes.includes('script')) row += ` ${median(times.script).toFixed(3)} s | ${ratio(median(times.script), t)} |`;
  console.log(row);
}
rmSync(tmp, { recursive: true, force: true });
console.log(`load average (1 min) ${loadavg()[0].toFixed(2)} at the end`);
