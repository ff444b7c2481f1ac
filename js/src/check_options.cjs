'use strict';
// check_options.cjs - verify's and identify's options object as the
// "key=value" lines hx_check_verify and hx_check_identify read
// (harness/include/hexref_check.h). Each option is checked for its type
// here, so a mistake is a TypeError naming the option; what needs the rules
// (a variant, a HexFEN, a move) is the C side's to refuse. Paths are made
// absolute: the WebAssembly side sees the host's files from "/" (wasi.cjs).

const fs = require('node:fs');
const path = require('node:path');
const { packageDir } = require('./wasm.cjs');
const { OVERLAY } = require('./wasi.cjs');

const dataDir = path.join(packageDir, 'data');
const DEFAULT_TIMEOUT = 30; // seconds, as the hexref command's verify

const isInt = (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) || (typeof v === 'bigint' && v >= 0n);
const isText = (v) => typeof v === 'string' && !/[\n\r\0]/.test(v);
const textList = (v) => (typeof v === 'string' ? [v] : Array.isArray(v) && v.every((s) => typeof s === 'string') ? v : null);

function bad(key, value, what) {
  return new TypeError(`hexref: option ${key}: ${typeof value === 'string' ? JSON.stringify(value) : String(value)} is not ${what}`);
}

// A suite: a name of the package's perft-suites ("glinski-std") or a path.
function suitePath(name) {
  const packaged = path.join(dataDir, 'perft-suites', `${name}.epd`);
  return /^[a-z0-9-]+$/.test(name) && fs.existsSync(packaged) ? packaged : path.resolve(name);
}

// fixtures: true (the package's fixtures of the variant), a path or paths.
function fixturePaths(value, variant) {
  if (value === true) return [path.join(dataDir, 'fixtures', variant)];
  const list = textList(value);
  if (!list || !list.length) throw bad('fixtures', value, 'true, a path or an array of paths');
  return list.map((p) => path.resolve(p));
}

function engineName(engine) { return (typeof engine === 'function' && engine.name) || 'function'; }

// Each key's check and its lines; lines(value, all) returns [key, value] pairs.
const VERIFY = {
  variant: [isText, 'a variant name', (v) => [['variant', v]]],
  profile: [isText, 'a profile name', (v) => [['profile', v]]],
  name: [isText, "a line of text (the engine's name)", (v) => [['name', v]]],
  fen: [isText, 'a HexFEN', (v) => [['fen', v]]],
  moves: [(v) => isText(v) || (Array.isArray(v) && v.every((m) => typeof m === 'string' && /^\S+$/.test(m))),
    'a string of moves or an array of move texts', (v) => [['moves', textList(v).join(' ')]]],
  depth: [(v) => isInt(v) && v >= 1, 'a depth (an integer from 1)', (v) => [['depth', v]]],
  root: [(v) => typeof v === 'boolean', 'true or false', (v) => [['root', v ? 1 : 0]]],
  random: [isInt, 'a count of random positions', (v) => [['random', v]]],
  seed: [isInt, 'a seed (an integer >= 0)', (v) => [['seed', v]]],
  suite: [(v) => v === true || (textList(v) ?? []).length > 0, 'true, a suite name or path, or an array of them',
    (v, o) => (v === true ? [`${o.variant}-${o.profile ?? 'std'}`] : textList(v)).map((s) => ['suite', suitePath(s)])],
  tier: [(v) => v === 'quick' || v === 'deep', "'quick' or 'deep'", (v) => [['tier', v]]],
  maxNodes: [isInt, 'a number of nodes', (v) => [['max_nodes', v]]],
  fixtures: [(v) => v === true || v === false || textList(v) !== null, 'true, a path or an array of paths',
    (v, o) => (v === false ? [] : [['fixtures', 1], ...fixturePaths(v, o.variant).map((p) => ['fixture', p])])],
  timeout: [(v) => v === null || (typeof v === 'number' && v >= 0), 'a number of seconds or null', () => []],
};
const IDENTIFY_KEYS = ['variant', 'name', 'fixtures', 'timeout'];

// { text, timeout, overlay } for the C side; keys is the accepted set.
// identify takes fixture=PATH lines only (no fixtures=1, no timeout=).
function build(options, engine, keys, identify) {
  if (options === null || typeof options !== 'object') throw new TypeError('hexref: the options must be an object ({ variant, ... })');
  const o = { timeout: DEFAULT_TIMEOUT, ...(identify ? { fixtures: true } : {}), ...options };
  for (const [key, value] of Object.entries(o)) {
    if (!keys.includes(key)) throw new TypeError(`hexref: unknown option ${key} (known: ${keys.join(', ')})`);
    if (value !== undefined && !VERIFY[key][0](value)) throw bad(key, value, VERIFY[key][1]);
  }
  if (o.variant === undefined) throw new TypeError('hexref: option variant is required');
  let lines = [['name', engineName(engine)]];
  for (const key of keys) if (o[key] !== undefined) lines.push(...VERIFY[key][2](o[key], o));
  const timeout = o.timeout ?? 0;
  if (identify) lines = lines.filter(([key]) => key !== 'fixtures');
  else if (timeout) lines.push(['timeout', timeout]);
  return { text: lines.map(([k, v]) => `${k}=${v}\n`).join(''), timeout, overlay: o[OVERLAY] ?? null };
}

const options = (o, engine) => build(o, engine, Object.keys(VERIFY), false);
const identifyOptions = (o, engine) => build(o, engine, IDENTIFY_KEYS, true);

module.exports = { options, identifyOptions, dataDir };
