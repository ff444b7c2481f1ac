'use strict';
// check.cjs - verify and identify of an engine that is a JavaScript
// function, run by the C harness inside hexref.wasm (hexref_check.h's
// hx_check_verify and hx_check_identify): the same comparison, bisection,
// fixture runner and result values as `hexref verify --format json`.
// JavaScript only calls the function, turns its answer into a reply
// (answer.cjs) and parses the JSON Lines the runner returns.
//
// An async engine meets the synchronous C runner through "pending"
// answers: a query whose promise has not settled is answered "pending",
// the run's result is thrown away, the promises are awaited, and the run
// is made again with the answers cached, until a run has none pending.

const W = require('./wasm.cjs');
const { setOverlay, restoreOverlay } = require('./wasi.cjs');
const { errorText, divideReply, isThenable } = require('./answer.cjs');
const { formatCheck } = require('./report.cjs');
const { options: verifyOptions, identifyOptions } = require('./check_options.cjs');

const PENDING = { kind: 'pending', text: 'the engine has not answered yet' };
const runs = new Map(); // run id (the C side's ctx) -> handler(fen, moves, depth) => reply
let nextRun = 1;

// hexref.engine, the import check_host.c calls: the run's handler answers,
// and the answer goes back through the reply handle. Nothing may throw into
// C: a reply that cannot be given is the harness's "no answer" finding.
W.setEngineHost((run, fenPtr, movesPtr, depth, replyPtr) => {
  let reply;
  try {
    reply = runs.get(run)(W.readString(fenPtr) ?? '', W.readString(movesPtr) ?? '', depth);
  } catch (e) {
    reply = { kind: 'error', text: `hexref could not call the engine: ${errorText(e)}` };
  }
  try {
    const wasm = W.exports();
    W.withStrings([reply.kind, reply.text], (kind, text) => (reply.kind === 'text'
      ? wasm.hx_check_reply_text(replyPtr, text) : wasm.hx_check_reply_failure(replyPtr, kind, text)));
  } catch { /* left unanswered */ }
});

// One run of the C runner ('hx_check_verify' or 'hx_check_identify').
function runOnce(which, text, handler, overlay) {
  const wasm = W.load();
  const run = nextRun++;
  runs.set(run, handler);
  const before = setOverlay(overlay);
  try {
    return W.withStrings([text], (opts) => W.withBuffer(8, (ints) => W.withError((err) => {
      const out = wasm[which](opts, wasm.hx_js_check_engine(), run, ints, ints + 4, err);
      if (!out) throw new Error(`hexref: ${W.readString(err, W.HX_ERROR_SIZE)}`);
      try {
        const view = new DataView(wasm.memory.buffer);
        return { json: W.readString(out), failed: view.getInt32(ints, true), pending: view.getInt32(ints + 4, true) };
      } finally {
        wasm.hx_check_free(out);
      }
    })));
  } finally {
    runs.delete(run);
    restoreOverlay(before);
  }
}

const splitMoves = (text) => (text ? text.split(' ') : []);

// The answer of a promise, or of the time limit (seconds; 0: none).
function settle(promise, seconds) {
  const answer = Promise.resolve(promise).then(divideReply, (e) => ({ kind: 'error', text: errorText(e) }));
  if (!seconds) return answer;
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout',
      text: `the engine function did not answer within ${seconds} s` }), seconds * 1000);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

// Runs the check to its end: the result of a run with no pending answer,
// at once when every answer came synchronously, else a Promise of it.
// async false: a promise from the engine is an error (verifySync).
function drive(which, text, engine, { overlay, async, timeout }) {
  if (typeof engine !== 'function') throw new TypeError('hexref: the engine must be a function (fen, moves, depth) => divide');
  const cache = new Map(); // "fen\nmoves\ndepth" -> reply, across the rounds
  const round = () => {
    const waiting = new Map();
    const handler = (fen, moves, depth) => {
      const key = `${fen}\n${moves}\n${depth}`;
      if (cache.has(key)) return cache.get(key);
      if (waiting.has(key)) return PENDING;
      let answer;
      try {
        answer = engine(fen, splitMoves(moves), depth);
      } catch (e) {
        return settled(key, { kind: 'error', text: errorText(e) });
      }
      if (!isThenable(answer)) return settled(key, divideReply(answer));
      if (!async) {
        Promise.resolve(answer).catch(() => {}); // not left unhandled
        return { kind: 'error', text: 'the engine returned a Promise: check an async engine with verify() or identify(), not their Sync forms' };
      }
      waiting.set(key, settle(answer, timeout));
      return PENDING;
    };
    // async: every answer is kept for the later rounds, which then call
    // the engine only for what it has not answered yet
    const settled = (key, reply) => (async && cache.set(key, reply), reply);
    const out = runOnce(which, text, handler, overlay);
    if (!out.pending) return out;
    if (!waiting.size) throw new Error('hexref: the runner counted pending answers that no engine call gave (a bug of hexref)');
    return Promise.all([...waiting].map(async ([key, p]) => cache.set(key, await p))).then(round);
  };
  return round();
}

// The harness writes each byte of a text outside ASCII as its own \u00XX
// (harness/print_json.c: engine text is not trusted to be UTF-8), so a
// fixture's "§" arrives as "\u00c2\u00a7": such a string, when its bytes
// are UTF-8, is decoded back to its characters.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
function utf8(value) {
  if (typeof value === 'string') {
    if (!/[\u0080-\u00ff]/.test(value) || /[^\u0000-\u00ff]/.test(value)) return value;
    try { return strictUtf8.decode(Buffer.from(value, 'latin1')); } catch { return value; }
  }
  if (Array.isArray(value)) return value.map(utf8);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, utf8(v)]));
  return value;
}

// The checks of one run, as `hexref verify --format json` writes them.
class CheckResult {
  constructor({ json, failed }) {
    this.json = json;
    this.checks = json.split('\n').filter((line) => line.trim()).map((line) => utf8(JSON.parse(line)));
    this.failed = failed;
    this.passed = this.checks.filter((c) => c.outcome === 'pass').length;
  }
  get ok() { return this.failed === 0; }
  get failures() { return this.checks.filter((c) => c.outcome === 'fail' || c.outcome === 'error'); }
  get headline() { return `${this.passed} passed, ${this.failed} failed`; }
  // Each failed check described (formatCheck), then the headline.
  report() { return [...this.failures.map(formatCheck), this.headline].join('\n\n'); }
}

class IdentifyResult extends CheckResult {
  // The profile the engine matches or comes closest to.
  get profile() { return this.checks.length ? this.checks[0].profile : null; }
  get matches() { return this.ok && this.checks.length > 0; }
}

function start(which, engine, options, async, Result = CheckResult) {
  const o = which === 'hx_check_verify' ? verifyOptions(options, engine) : identifyOptions(options, engine);
  const out = drive(which, o.text, engine, { async, timeout: o.timeout, overlay: o.overlay });
  return isThenable(out) ? out.then((r) => new Result(r)) : new Result(out);
}

const verifySync = (engine, options) => start('hx_check_verify', engine, options, false, CheckResult);
const verify = async (engine, options) => start('hx_check_verify', engine, options, true, CheckResult);
const identifySync = (engine, options) => start('hx_check_identify', engine, options, false, IdentifyResult);
const identify = async (engine, options) => start('hx_check_identify', engine, options, true, IdentifyResult);

module.exports = { verify, verifySync, identify, identifySync, formatCheck, _start: start };
