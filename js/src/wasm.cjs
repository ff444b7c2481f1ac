'use strict';
// wasm.cjs - hexref.wasm, loaded once from the package's own file, and the
// helpers that move strings and buffers in and out of its memory. Shared by
// the rules API (core.cjs) and the checks (check.cjs). The module's imports
// are the WASI calls of its C runtime (wasi.cjs) and hexref.engine, the
// call into the engine function of a running check (setEngineHost).

const fs = require('node:fs');
const path = require('node:path');
const { wasiImports } = require('./wasi.cjs');

const HX_ERROR_SIZE = 256;
const packageDir = path.join(__dirname, '..');

let wasm = null; // the instance's exports, once loaded
// check.cjs's handler of hexref.engine: (run, fenPtr, movesPtr, depth, replyPtr).
let engineHost = () => {};

function setEngineHost(fn) { engineHost = fn; }

function load() {
  if (wasm) return wasm;
  const bytes = fs.readFileSync(path.join(packageDir, 'hexref.wasm'));
  const module = new WebAssembly.Module(bytes);
  let instance = null;
  const wasi = wasiImports(() => instance.exports.memory);
  const own = { engine: (...args) => engineHost(...args) };
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    if (imp.kind !== 'function') continue;
    const table = imp.module === 'hexref' ? own : wasi;
    imports[imp.module] ??= {};
    imports[imp.module][imp.name] = table[imp.name] ?? wasi.__unknown;
  }
  instance = new WebAssembly.Instance(module, imports);
  if (instance.exports._initialize) instance.exports._initialize(); // reactor start
  wasm = instance.exports;
  return wasm;
}

// ---- Memory helpers (views are made anew: the memory may have grown) -------

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function bytes() { return new Uint8Array(wasm.memory.buffer); }

function readString(ptr, max = Infinity) {
  if (!ptr) return null;
  const mem = bytes();
  let end = ptr;
  while (end < mem.length && end - ptr < max && mem[end] !== 0) end++;
  return decoder.decode(mem.subarray(ptr, end));
}

// Runs body(ptrs...) with each string copied into wasm memory as a
// NUL-terminated string (null stays NULL), and frees them after.
function withStrings(strings, body) {
  const ptrs = [];
  try {
    for (const s of strings) {
      if (s === null || s === undefined) { ptrs.push(0); continue; }
      const data = encoder.encode(String(s));
      const p = wasm.hx_js_alloc(data.length + 1);
      if (!p) throw new Error('hexref: out of memory');
      ptrs.push(p);
      bytes().set(data, p);
      bytes()[p + data.length] = 0;
    }
    return body(...ptrs);
  } finally {
    for (const p of ptrs) if (p) wasm.hx_js_free(p);
  }
}

// Runs body(ptr) with a scratch buffer of n bytes.
function withBuffer(n, body) {
  const p = wasm.hx_js_alloc(n);
  if (!p) throw new Error('hexref: out of memory');
  try { return body(p); } finally { wasm.hx_js_free(p); }
}

// Runs body(errPtr) with an hx_error, cleared first.
function withError(body) {
  return withBuffer(HX_ERROR_SIZE, (err) => {
    bytes()[err] = 0;
    return body(err);
  });
}

// Runs body(errPtr); a -1 return becomes an Error with the C message.
function checked(body) {
  return withError((err) => {
    const rc = body(err);
    if (rc === -1) throw new Error(readString(err, HX_ERROR_SIZE));
    return rc;
  });
}

module.exports = {
  HX_ERROR_SIZE, packageDir, load, exports: () => wasm, setEngineHost,
  bytes, readString, withStrings, withBuffer, withError, checked,
};
