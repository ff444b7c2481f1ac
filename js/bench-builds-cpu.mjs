// bench-builds-cpu.mjs - as bench-builds.mjs, in CPU seconds, which the
// machine's load moves less than wall-clock time: the wasm's by
// process.cpuUsage() around the call, the native CLI's by /usr/bin/time
// (user + system, 0.01 s resolution) less that of its `perft 1` (start-up);
// also the native plain kernel (HEXREF_KERNEL=x86-64) (docs/performance.md).
// Usage: node js/bench-builds-cpu.mjs HEXREF_CLI DEPTH REPS PACKAGE_DIR...
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
const [cli, depthArg, repsArg, ...pkgs] = process.argv.slice(2);
const depth = Number(depthArg), reps = Number(repsArg);
const req = createRequire(import.meta.url);
const libs = pkgs.map(p => req(path.resolve(p, 'src/core.cjs')));
const median = xs => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function tw(h, v) { const pos = h.Position.initial(v); const c = process.cpuUsage(); const n = pos.perft(depth); const d = process.cpuUsage(c); pos.free(); return [n, (d.user + d.system) / 1e6]; }
function tn(v, d, env = {}) { const r = spawnSync('/usr/bin/time', ['-f', '%U %S', cli, 'perft', '-v', v, '--threads', '1', String(d)], { encoding: 'utf8', env: { ...process.env, ...env } }); const t = r.stderr.trim().split('\n').pop().split(' ').map(Number); return [BigInt(r.stdout.trim().split('\n').pop()), t[0] + t[1]]; }
for (const h of libs) for (const v of h.variants()) tw(h, v);
console.log(`cpu seconds, median of ${reps}; load ${loadavg()[0].toFixed(2)}`);
console.log('variant native native-plain ' + pkgs.map(p => path.basename(path.dirname(p))).join(' ') + ' (ratios to native)');
for (const v of libs[0].variants()) {
  const nat = [], pl = [], st = [], ws = libs.map(() => []);
  for (let i = 0; i < reps; i++) {
    const [nn, nt] = tn(v, depth); nat.push(nt); st.push(tn(v, 1)[1]); pl.push(tn(v, depth, { HEXREF_KERNEL: 'x86-64' })[1]);
    libs.forEach((h, j) => { const [n, t] = tw(h, v); if (n !== nn) throw new Error('count'); ws[j].push(t); });
  }
  const s = median(st), m = median(nat) - s, p = median(pl) - s;
  console.log(v.padEnd(8), m.toFixed(3), `${p.toFixed(3)} (${(p / m).toFixed(2)})`, ws.map(w => `${median(w).toFixed(3)} (${(median(w) / m).toFixed(2)})`).join('  '), 'startup', s.toFixed(3));
}
console.log(`load ${loadavg()[0].toFixed(2)}`);
