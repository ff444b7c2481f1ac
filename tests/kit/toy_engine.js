#!/usr/bin/env node
'use strict';
// toy_engine.js HEXREF [--uci] - the JavaScript twin of toy_engine.py: an
// engine with legal moves and no perft, served by the kit's divideFromMoves,
// its "move generator" `hexref moves` and its status `hexref show`. TOY_FAULT
// plants the same bugs: drop:MOVE, raise:MOVE (a TypeError once MOVE has
// been played), status:WORD. TOY_HISTORY=1: an engine that sets up no
// position, started only from its own initial position (divideFromHistory).
const path = require('path');
const {execFileSync} = require('child_process');
const kit = require(path.join(__dirname, '..', '..', 'examples', 'kit', 'js', 'hexkit.cjs'));

const hexref = process.argv.splice(2, 1)[0];
const [fault, arg] = (process.env.TOY_FAULT || ':').split(':');
const run = args => execFileSync(hexref, args, {encoding: 'utf8'});
const history = process.env.TOY_HISTORY === '1';
const at = fen => (fen ? ['--fen', fen] : []);
const generator = {
  legalMoves: s => {
    if (fault === 'raise' && s.played.includes(arg)) throw new TypeError(`no such square ${arg}`);
    return run(['moves', '-v', s.variant, '-p', s.profile, ...at(s.fen), '--moves', s.played.join(' ')])
      .split(/\s+/).filter(m => m && !(fault === 'drop' && m === arg));
  },
  play: (s, move) => Object.assign({}, s, {played: s.played.concat([move])}),
};

const engine = {
  name: 'toy',
  divide: history
    ? kit.divideFromHistory(Object.assign({newGame: q => ({variant: q.variant, profile: q.profile, played: []})},
                                          generator))
    : kit.divideFromMoves(Object.assign({setup: q => ({variant: q.variant, profile: q.profile, fen: q.fen, played: []})},
                                        generator)),
  status: q => {
    if (fault === 'status') return arg;
    const shown = run(['show', '-v', q.variant, '-p', q.profile, ...at(history ? null : q.fen), '--moves', q.moves.join(' ')]);
    return shown.split('\n').find(l => l.startsWith('status:')).split(/\s+/)[1].replace(/;$/, '');
  },
};
kit.serve(engine);
