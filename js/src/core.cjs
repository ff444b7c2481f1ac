'use strict';
// hexref for JavaScript: the reference rules of hexagonal chess, compiled
// to WebAssembly (hexref.wasm, the C library rules/ and the harness's
// in-process check, built by ci/js-package) and wrapped in idiomatic calls.
// This file is the CommonJS entry point and the rules API; the checks of an
// engine function are check.cjs's, re-exported here. index.mjs re-exports
// it all for `import`. The API is docs/js.md.

const fs = require('node:fs');
const path = require('node:path');

const HX_MAX_MOVES = 1024;
const HX_FEN_MAX = 256;
const HX_MOVE_TEXT_MAX = 8;
const DIVIDE_ENTRY_SIZE = 16; // hx_divide_entry: char move[8]; uint64_t count
const UINT64_MAX = (1n << 64n) - 1n;
const STATUS_NAMES = ['ongoing', 'check', 'checkmate', 'stalemate'];

const W = require('./wasm.cjs');
const { HX_ERROR_SIZE, packageDir, bytes, readString, withStrings, withBuffer, checked } = W;

let wasm = null; // the instance's exports, once loaded (wasm.cjs)
function load() { return (wasm = W.load()); }

// The rules object of variant/profile (immutable, lives as long as the module).
function findRules(variant, profile) {
  load();
  const rules = withStrings([variant, profile ?? 'std'], (v, p) =>
    withBuffer(HX_ERROR_SIZE, (err) => {
      bytes()[err] = 0;
      const r = wasm.hx_rules_find(v, p, err);
      if (!r) throw new Error(readString(err, HX_ERROR_SIZE));
      return r;
    }));
  return rules;
}

// ---- Variants and profiles -------------------------------------------------

function variants() {
  load();
  const names = [];
  for (let i = 0; i < wasm.hx_variant_count(); i++) names.push(readString(wasm.hx_variant_name(i)));
  return names;
}

function profiles(variant) {
  findRules(variant, 'std'); // an unknown variant throws, with the C message
  return withStrings([variant], (v) => {
    const names = [];
    for (let i = 0; i < wasm.hx_profile_count(v); i++) names.push(readString(wasm.hx_profile_name(v, i)));
    return names;
  });
}

// ---- Positions -------------------------------------------------------------

// Positions not freed explicitly are freed when collected.
const finalizer = new FinalizationRegistry((ptr) => { if (wasm) wasm.hx_position_free(ptr); });
const disposeSymbol = Symbol.dispose ?? Symbol.for('nodejs.dispose');

function checkDepth(pos, depth, min) {
  const max = wasm.hx_perft_max_depth(pos);
  if (!Number.isInteger(depth) || depth < min || depth > max)
    throw new RangeError(`hexref: depth ${depth} is not an integer from ${min} to ${max}`);
}

function fenOf(ptr) {
  return withBuffer(HX_FEN_MAX, (out) => {
    wasm.hx_position_fen(ptr, out);
    return readString(out, HX_FEN_MAX);
  });
}

// play()'s scratch position, one per rules object, kept: a new one would
// cost a zeroed history of HX_MAX_PLIES entries each call, which calloc in
// WebAssembly clears byte by byte (the larger part of a cheap engine's
// time under verify).
const trials = new Map();
function trialFor(rules) {
  let trial = trials.get(rules);
  if (!trial) {
    trial = wasm.hx_position_new(rules);
    if (!trial) throw new Error('hexref: out of memory');
    trials.set(rules, trial);
  }
  return trial;
}

function isSeparator(ch) { return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === ','; }

class Position {
  #ptr = 0;

  // new Position(variant, { profile = 'std', fen }): the position of fen
  // (a HexFEN), or the profile's initial position without one.
  constructor(variant, { profile = 'std', fen = null } = {}) {
    const rules = findRules(variant, profile);
    const ptr = wasm.hx_position_new(rules);
    if (!ptr) throw new Error('hexref: out of memory');
    try {
      withStrings([fen], (f) => checked((err) => wasm.hx_position_set_fen(ptr, f, err)));
    } catch (e) {
      wasm.hx_position_free(ptr);
      throw e;
    }
    this.#ptr = ptr;
    finalizer.register(this, ptr, this);
  }

  static initial(variant, profile = 'std') { return new Position(variant, { profile }); }
  static fromFen(variant, fen, profile = 'std') { return new Position(variant, { profile, fen }); }

  #live() {
    if (!this.#ptr) throw new Error('hexref: this Position has been freed');
    return this.#ptr;
  }

  get variant() { return readString(wasm.hx_rules_variant(wasm.hx_position_rules(this.#live()))); }
  get profile() { return readString(wasm.hx_rules_profile(wasm.hx_position_rules(this.#live()))); }
  get sideToMove() { return wasm.hx_position_side(this.#live()) === 0 ? 'white' : 'black'; }

  // A copy with the same rules, position and history.
  clone() {
    const copy = new Position(this.variant, { profile: this.profile });
    wasm.hx_position_copy(copy.#ptr, this.#live());
    return copy;
  }

  fen() { return fenOf(this.#live()); }

  // The legal moves as hexref prints them, sorted (as `hexref moves`).
  legalMoves() {
    return withBuffer(HX_MAX_MOVES * HX_MOVE_TEXT_MAX, (texts) => {
      const n = wasm.hx_legal_move_texts(this.#live(), texts);
      const moves = [];
      for (let i = 0; i < n; i++) moves.push(readString(texts + i * HX_MOVE_TEXT_MAX, HX_MOVE_TEXT_MAX));
      return moves;
    });
  }

  // Plays moves (an array of move texts, or one string of them separated by
  // spaces or commas), all or none: on an illegal move the position is left
  // as it was and the Error names the move and the position it was tried in.
  play(moves) {
    const ptr = this.#live();
    let text;
    if (Array.isArray(moves)) {
      for (const m of moves) {
        if (typeof m !== 'string' || m === '' || [...m].some(isSeparator))
          throw new TypeError(`hexref: play: ${JSON.stringify(m)} is not one move text`);
      }
      text = moves.join(' ');
    } else if (typeof moves === 'string') {
      text = moves;
    } else {
      throw new TypeError('hexref: play takes an array of move texts or a string of them');
    }
    if (!/\S/.test(text)) return this; // nothing to play (an engine's usual query)
    const trial = trialFor(wasm.hx_position_rules(ptr));
    wasm.hx_position_copy(trial, ptr);
    withStrings([text], (t) => withBuffer(HX_ERROR_SIZE, (err) => {
      bytes()[err] = 0;
      if (wasm.hx_play_moves(trial, t, 0, err) !== 0)
        throw new Error(`${readString(err, HX_ERROR_SIZE)} (position ${fenOf(trial)})`);
    }));
    wasm.hx_position_copy(ptr, trial);
    return this;
  }

  // 'ongoing', 'check', 'checkmate' or 'stalemate'.
  status() { return STATUS_NAMES[wasm.hx_position_status(this.#live())]; }

  // The number of leaves of the legal move tree to depth, as a BigInt
  // (deep counts pass 2^53, where a Number would round).
  perft(depth) {
    const ptr = this.#live();
    checkDepth(ptr, depth, 0);
    const n = BigInt.asUintN(64, wasm.hx_perft(ptr, depth));
    if (n === UINT64_MAX) throw new RangeError(`hexref: perft ${depth} does not fit in 64 bits`);
    return n;
  }

  // Each legal move with the leaves below it to depth - 1, as a Map of move
  // text to BigInt count, in move-text order (as `hexref divide`).
  divide(depth) {
    const ptr = this.#live();
    checkDepth(ptr, depth, 1);
    return withBuffer(HX_MAX_MOVES * DIVIDE_ENTRY_SIZE, (out) => {
      const n = wasm.hx_perft_divide(ptr, depth, 0, out);
      const view = new DataView(wasm.memory.buffer);
      const result = new Map();
      for (let i = 0; i < n; i++) {
        const entry = out + i * DIVIDE_ENTRY_SIZE;
        const count = view.getBigUint64(entry + HX_MOVE_TEXT_MAX, true);
        if (count === UINT64_MAX) throw new RangeError(`hexref: divide ${depth} does not fit in 64 bits`);
        result.set(readString(entry, HX_MOVE_TEXT_MAX), count);
      }
      return result;
    });
  }

  // Frees the C position now (also done when the object is collected, and
  // by `using`); the Position cannot be used after.
  free() {
    if (!this.#ptr) return;
    finalizer.unregister(this);
    wasm.hx_position_free(this.#ptr);
    this.#ptr = 0;
  }

  [disposeSymbol]() { this.free(); }
}

// ---- Data shipped in the package -------------------------------------------

// The directory holding fixtures/VARIANT/*.fix and perft-suites/*.epd.
function dataDir() { return path.join(packageDir, 'data'); }

function listFiles(dir, ext) {
  return fs.readdirSync(dir).filter((f) => f.endsWith(ext)).sort().map((f) => path.join(dir, f));
}

// The conformance fixture files (of one variant, or of all).
function fixtureFiles(variant) {
  const root = path.join(dataDir(), 'fixtures');
  const names = variant === undefined ? variants() : (findRules(variant, 'std'), [variant]);
  return names.flatMap((v) => listFiles(path.join(root, v), '.fix'));
}

// The perft suite files (EPD), of one variant or of all.
function perftSuites(variant) {
  if (variant !== undefined) findRules(variant, 'std');
  const files = listFiles(path.join(dataDir(), 'perft-suites'), '.epd');
  return variant === undefined ? files : files.filter((f) => path.basename(f).startsWith(`${variant}-`));
}

const version = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;

module.exports = { version, variants, profiles, Position, dataDir, fixtureFiles, perftSuites };
// The checks of an engine that is a function (check.cjs, fixture_cases.cjs).
const { verify, verifySync, identify, identifySync, formatCheck } = require('./check.cjs');
Object.assign(module.exports, { verify, verifySync, identify, identifySync, formatCheck },
  require('./fixture_cases.cjs'));
