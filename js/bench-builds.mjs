// bench-builds.mjs - perft through several builds of the npm package against
// the native CLI (default kernel), wall-clock time of the call, for comparing
// builds of hexref.wasm (docs/performance.md, "What was tried"). Each variant:
// REPS rounds, each one native run then each package once, interleaved;
// medians; one warm-up perft of every build first (V8's tier-up).
// Usage: node js/bench-builds.mjs HEXREF_CLI DEPTH REPS PACKAGE_DIR...
//   PACKAGE_DIR: an unpacked package (build-js/package after ci/js-package,
//   or a copy with another hexref.wasm in it)
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
const [cli, depthArg, repsArg, ...pkgs] = process.argv.slice(2);
const depth = Number(depthArg), reps = Number(repsArg);
const req = createRequire(import.meta.url);
const libs = pkgs.map(p => req(path.resolve(p, 'src/core.cjs')));
const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function tw(h, v) { const pos = h.Position.initial(v); const s = process.hrtime.bigint(); const n = pos.perft(depth); const t = Number(process.hrtime.bigint() - s) / 1e9; pos.free(); return [n, t]; }
function tn(v) { const r = spawnSync(cli, ['perft', '-v', v, '--threads', '1', String(depth)], { encoding: 'utf8' }); return [BigInt(r.stdout.trim().split('\n').pop()), Number(/time ([0-9.]+) s/.exec(r.stderr)[1])]; }
for (const h of libs) for (const v of h.variants()) tw(h, v); // warm-up: tier-up
console.log('variant native ' + pkgs.map(p => path.basename(path.dirname(p)) + '/' + path.basename(p)).join(' ') + ' (ratios to native)');
for (const v of libs[0].variants()) {
  const nat = [], ws = libs.map(() => []);
  for (let i = 0; i < reps; i++) {
    const [nn, nt] = tn(v); nat.push(nt);
    libs.forEach((h, j) => { const [n, t] = tw(h, v); if (n !== nn) throw new Error('count'); ws[j].push(t); });
  }
  const m = median(nat);
  console.log(v.padEnd(8), m.toFixed(3), ws.map(w => `${median(w).toFixed(3)} (${(median(w) / m).toFixed(2)})`).join('  '));
}
