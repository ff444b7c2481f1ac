// bench.mjs - perft through the npm package against the native CLI, single
// thread, each variant's initial position; median of 3 runs each, the two
// interleaved so that both see the same machine load (docs/performance.md).
// Usage: node js/bench.mjs PACKAGE_DIR HEXREF_CLI [DEPTH]
//   PACKAGE_DIR: an unpacked package (build-js/package after ci/js-package)
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { loadavg } from 'node:os';

const [packageDir, cli, depthArg = '5'] = process.argv.slice(2);
if (!packageDir || !cli) {
  console.error('usage: node js/bench.mjs PACKAGE_DIR HEXREF_CLI [DEPTH]');
  process.exit(2);
}
const depth = Number(depthArg);
const hexref = createRequire(import.meta.url)(path.resolve(packageDir, 'src/core.cjs'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function timeWasm(variant) {
  const pos = hexref.Position.initial(variant);
  const start = process.hrtime.bigint();
  const nodes = pos.perft(depth);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  pos.free();
  return { nodes, seconds };
}

// The CLI's own timing line ("time S s, N nodes/s" on stderr) leaves out
// process start-up; its count is the last line of stdout.
function timeNative(variant, env) {
  const run = spawnSync(cli, ['perft', '-v', variant, '--threads', '1', String(depth)],
                        { encoding: 'utf8', env: { ...process.env, ...env } });
  if (run.status !== 0) throw new Error(`${cli} perft -v ${variant} ${depth}: ${run.stderr}`);
  const seconds = Number(/time ([0-9.]+) s/.exec(run.stderr)[1]);
  return { nodes: BigInt(run.stdout.trim().split('\n').pop()), seconds };
}

console.log(`perft ${depth}, initial positions, median of 3 (seconds); ratio = wasm / native; load average (1 min) ${loadavg()[0].toFixed(2)} at the start`);
console.log('variant   nodes        wasm    native  ratio  native-plain  ratio');
const nodesOf = {};
for (const variant of hexref.variants()) {
  const wasm = [], native = [], plain = [];
  for (let i = 0; i < 3; i++) {
    const w = timeWasm(variant), n = timeNative(variant, {}), p = timeNative(variant, { HEXREF_KERNEL: 'x86-64' });
    if (w.nodes !== n.nodes || w.nodes !== p.nodes) throw new Error(`${variant}: wasm ${w.nodes}, native ${n.nodes}`);
    nodesOf[variant] = w.nodes;
    wasm.push(w.seconds); native.push(n.seconds); plain.push(p.seconds);
  }
  const [w, n, p] = [median(wasm), median(native), median(plain)];
  console.log(`${variant.padEnd(9)} ${String(nodesOf[variant]).padEnd(12)} ` +
              `${w.toFixed(3)}  ${n.toFixed(3)}  ${(w / n).toFixed(2)}   ${p.toFixed(3)}        ${(w / p).toFixed(2)}`);
}
console.log(`load average (1 min) ${loadavg()[0].toFixed(2)} at the end`);
