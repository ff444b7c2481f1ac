'use strict';
// test_hexkit.js SOURCE_DIR - the JavaScript adapter kit (examples/kit/js):
// every HexFEN of the suites and fixtures (tests/kit/hexfens.py) parses and
// prints back unchanged, the structure holds what the HexFEN says, bad
// HexFENs are rejected, and the Python kit reads each one the same way.
const path = require('path');
const {execFileSync} = require('child_process');
const source = path.resolve(process.argv[2]);
const hexkit = require(path.join(source, 'examples', 'kit', 'js', 'hexkit.cjs'));

const failures = [];
const check = (condition, what) => { if (!condition) failures.push(what); };

const lines = execFileSync('python3', [path.join(source, 'tests', 'kit', 'hexfens.py'), source],
                           {encoding: 'utf8'}).trim().split('\n');
check(lines.length > 500, `only ${lines.length} HexFENs found`);
const parsed = [];
for (const line of lines) {
  const [variant, fen] = line.split('\t');
  const position = hexkit.parse(variant, fen);
  check(hexkit.format(position) === fen, `${fen}: round trip gives ${hexkit.format(position)}`);
  parsed.push(position);
}

// The Python kit reads every HexFEN into the same structure.
const python = execFileSync('python3', ['-c', `
import json, sys
sys.path.insert(0, ${JSON.stringify(path.join(source, 'examples', 'kit', 'python'))})
import hexkit
for line in sys.stdin:
    variant, fen = line.rstrip("\\n").split("\\t")
    print(json.dumps(hexkit.parse(variant, fen), sort_keys=True))
`], {input: lines.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 28}).trim().split('\n');
const canonical = value => JSON.stringify(value, Object.keys(value).sort());
parsed.forEach((position, i) => {
  const other = JSON.parse(python[i]);
  const same = JSON.stringify(Object.entries(position.cells).sort()) === JSON.stringify(Object.entries(other.cells).sort()) &&
    JSON.stringify(position.rights) === JSON.stringify(other.rights.map(r => ({letter: r.letter, side: r.side, rook: r.rook}))) &&
    JSON.stringify(position.ep) === JSON.stringify(other.ep && {cells: other.ep.cells, victim: other.ep.victim}) &&
    position.side === other.side && position.halfmove === other.halfmove && position.fullmove === other.fullmove;
  check(same, `${lines[i]}: the kits differ (${canonical(position)} / ${python[i]})`);
});

// The e.p. state as the move that made it, and back, for every HexFEN with one.
let epMoves = 0;
parsed.forEach((position, i) => {
  if (!position.ep) return;
  epMoves++;
  const again = hexkit.epFromMove(position.variant, ...hexkit.epLastMove(position.variant, position.ep));
  check(JSON.stringify(again) === JSON.stringify(position.ep), `${lines[i]}: e.p. as a move and back gives ${JSON.stringify(again)}`);
});
// hexchess.club's FEN: every Gliński HexFEN without castling, and back.
parsed.forEach((position, i) => {
  if (position.variant !== 'glinski') return;
  const fen = lines[i].split('\t')[1], club = hexkit.toHexchessClub(fen);
  check(club.split(' ').length === 5 && hexkit.fromHexchessClub(club) === fen, `${fen}: hexchess.club FEN ${club} does not come back`);
});
try {
  hexkit.fromHexchessClub(hexkit.VARIANTS.glinski.start);
  check(false, 'fromHexchessClub accepted a HexFEN (6 fields)');
} catch (err) {
  check(err.message.includes('5 fields'), `fromHexchessClub: ${err.message}`);
}
check(epMoves > 50, `only ${epMoves} HexFENs with an e.p. state`);
for (const [variant, from, to] of [['glinski', 'f5', 'g6'], ['glinski', 'f5', 'f5'], ['brusky', 'e2', 'g3']]) {
  try {
    hexkit.epFromMove(variant, from, to);
    check(false, `epFromMove accepted ${from}-${to}`);
  } catch (err) {
    check(err.message.includes('not a straight multi-step'), `epFromMove ${from}-${to}: ${err.message}`);
  }
}

const start = hexkit.parse('brusky', hexkit.VARIANTS.brusky.start);
check(start.rights.map(r => r.rook).join(' ') === 'a1 i1 d8 l8', `brusky rights ${JSON.stringify(start.rights)}`);
check(start.cells.f1 === 'K' && start.cells.g8 === 'k', 'brusky kings');
const ep = hexkit.parse('shafran', 'k4/3p2/7/4P3/4p4/3P5/8/7/6/4K w - e8,e7 0 2').ep;
check(JSON.stringify(ep) === '{"cells":["e8","e7"],"victim":"e6"}', `shafran e.p. ${JSON.stringify(ep)}`);
check(hexkit.cellAt('glinski', 6, 1) === 'g1' && hexkit.cellAt('glinski', 9, 10) === 'k7', 'glinski names');
for (const [variant, fen, problem] of [
  ['shafran', 'kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB w - - 0 1', '9 ranks'],
  ['brusky', 'rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBN w - - 0 1', 'rank 1 has 8 cells'],
  ['glinski', 'b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 x - - 0 1', 'side']]) {
  try {
    hexkit.parse(variant, fen);
    check(false, `accepted ${fen}`);
  } catch (err) {
    check(err.message.includes(problem), `${fen}: message '${err.message}' does not say '${problem}'`);
  }
}
failures.slice(0, 20).forEach(f => console.log('FAIL', f));
console.log(`${lines.length} HexFENs, ${failures.length} failures`);
process.exitCode = failures.length ? 1 : 0;

// The lattice maps from hexref's (x, y) to an engine's axial (q, r): the 12
// orientations, each at an origin of its own, and each offset layout of
// each: from three cells the kit finds the engine's pair of every cell of
// every board, and back; samples that fit no map are refused.
const KIT_STEPS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1]];
const AXIAL_STEPS = new Set(['1,0', '0,1', '-1,1', '-1,0', '0,-1', '1,-1']);
const orientations = [];
for (const a of [-1, 0, 1]) for (const b of [-1, 0, 1]) for (const c of [-1, 0, 1]) for (const d of [-1, 0, 1]) {
  const image = new Set(KIT_STEPS.map(([x, y]) => `${a * x + b * y},${c * x + d * y}`));
  if (image.size === 6 && [...image].every(s => AXIAL_STEPS.has(s))) orientations.push([a, b, c, d]);
}
const coordFailures = failures.length;
check(orientations.length === 12, `${orientations.length} lattice orientations, not 12`);
for (const variant of ['shafran', 'brusky', 'glinski', 'mccooey']) {
  const cells = hexkit.geometry(variant).cells;
  for (const [a, b, c, d] of orientations) {
    for (const layout of [null, ...hexkit.OFFSETS]) {
      const truth = (x, y) => {
        const axial = [a * x + b * y - 5, c * x + d * y + 3];
        return layout ? hexkit.offsetFromAxial(axial, layout) : axial;
      };
      const samples = {};
      for (const cell of [cells[0], cells[1], cells[cells.length - 1], cells[Math.floor(cells.length / 3)]])
        samples[cell.name] = truth(cell.x, cell.y);
      const map = hexkit.coordinates(variant, samples, layout);
      const wrong = cells.filter(cell => map.toEngine(cell.name).join() !== truth(cell.x, cell.y).join() ||
                                         map.fromEngine(truth(cell.x, cell.y)) !== cell.name);
      check(!wrong.length, `${variant} ${[a, b, c, d]} ${layout}: ${wrong.length} cells mapped wrong`);
      check(map.fromEngine([99, 99]) === null, `${variant}: an off-board pair has a name`);
    }
  }
}
for (const [samples, why] of [
  [{f1: [0, 5], f2: [0, 4], f3: [0, 3]}, 'not on one line'],
  [{f1: [0, 5], a1: [-5, 5], f11: [0, -5], f6: [1, 1]}, 'disagree'],
  [{f1: [0, 0], a1: [2, 0], f11: [0, 2]}, 'whole-number'],
  [{f1: [0, 0], a1: [-10, 0], f11: [0, -10]}, 'one to one'],
  [{f1: [0, 0], z9: [1, 0], f11: [0, 1]}, 'not a cell']]) {
  try {
    hexkit.coordinates('glinski', samples);
    check(false, `coordinates accepted ${JSON.stringify(samples)}`);
  } catch (err) {
    check(err.message.includes(why), `coordinates: '${err.message}' does not say '${why}'`);
  }
}
failures.slice(coordFailures, coordFailures + 20).forEach(f => console.log('FAIL', f));
console.log(`coordinates: 12 orientations x 5 layouts x 4 boards, ${failures.length - coordFailures} failures`);
process.exitCode = failures.length ? 1 : 0;
