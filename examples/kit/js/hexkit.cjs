'use strict';
// hexkit.cjs - the adapter kit for engines written in JavaScript (docs/adapters.md).
//
// The engine's author writes ONE function, divide(query), and calls
// serve({name, divide}). The kit does the rest of docs/protocol.md:
//   script (default):  engine DEPTH HEXFEN [MOVES]   (HEXREF_VARIANT, HEXREF_PROFILE)
//   uci:               engine --uci   (uci / isready / setoption / position / go perft / quit)
// and reads the HexFEN into a plain structure (parse), so the engine only has
// to copy it into its own board.
//
// query = {variant, profile, fen, position, moves, depth}
//   position = parse(variant, fen): {variant, cells: {name: piece letter},
//     side: 'w'|'b', rights: [{letter, side, rook}], ep: null | {cells: [...], victim},
//     halfmove, fullmove}
//   moves = move texts to play on the position first (may be empty)
// divide returns [[moveText, count], ...] (or a Map); throw an Error to answer
// 'error MESSAGE' (a position or a move the engine rejects). Whatever is
// thrown, the engine answers 'error ...' and keeps serving.
//
// An engine with no perft of its own needs no divide: divideFromMoves({setup,
// legalMoves, play}) makes one from its move generator. An engine that sets
// up no position but its own initial one uses divideFromHistory({newGame,
// legalMoves, play}) and is run with `hexref verify --history`: every query
// is then "startpos" plus the moves (query.startpos is true). An engine that knows
// checkmate and stalemate adds status(query) -> 'checkmate' | 'stalemate' |
// 'check' | 'ongoing' to what it serves, and hexref checks the fixtures'
// status expectations too (docs/protocol.md, "Optional: statuses").

// Geometry (docs/conventions.md): which (x, y) exist, file letters, rank number.
const GLINSKI_GEOMETRY = {
  files: 'abcdefghikl',
  exists: (x, y) => x >= 0 && x <= 10 && y >= 0 && y <= 10 && x - y >= -5 && x - y <= 5,
  rank: (x, y) => y + 1 - Math.max(0, x - 5),
};
const VARIANTS = {
  shafran: {
    files: 'abcdefghi',
    exists: (x, y) => x >= 0 && x <= 8 && y >= 0 && y <= 9 && x - y >= -5 && x - y <= 4,
    rank: (x, y) => y + 1,
    start: 'kqbnr/bppppp/np5/bp6/rp6P/p6PR/6PB/5PN/PPPPPB/RNBQK w AIai - 0 1',
  },
  brusky: {
    files: 'abcdefghijkl',
    exists: (x, y) => x >= 0 && x <= 11 && y >= 0 && y <= 7 && x - y >= -4 && x - y <= 8,
    rank: (x, y) => y + 1,
    start: 'rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w AIdl - 0 1',
    victimAlways: true,
  },
  glinski: Object.assign({
    start: 'b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1',
  }, GLINSKI_GEOMETRY),
  mccooey: Object.assign({
    start: 'b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1',
  }, GLINSKI_GEOMETRY),
};

const geometryCache = {};

// {cells: [{x, y, name}], byName, byXY, ranks: [[names of rank N in file order]]}
function geometry(variant) {
  if (geometryCache[variant]) return geometryCache[variant];
  const v = VARIANTS[variant];
  if (!v) throw new Error(`unknown variant '${variant}' (shafran, brusky, glinski, mccooey)`);
  const cells = [], byName = {}, byXY = {}, ranks = [];
  for (let x = 0; x < 16; x++) {
    for (let y = 0; y < 16; y++) {
      if (!v.exists(x, y)) continue;
      const cell = {x, y, rank: v.rank(x, y), name: v.files[x] + v.rank(x, y)};
      cells.push(cell);
      byName[cell.name] = cell;
      byXY[x + ',' + y] = cell;
      (ranks[cell.rank] = ranks[cell.rank] || []).push(cell.name); // x ascending
    }
  }
  geometryCache[variant] = {cells, byName, byXY, ranks: ranks.slice(1).reverse()};
  return geometryCache[variant];
}

// --- the engine's own coordinates ------------------------------------------

const OFFSETS = ['odd-r', 'even-r', 'odd-q', 'even-q'];
const floorDiv = (a, b) => Math.floor(a / b);

// Axial (q, r) to an offset layout (odd-r: odd rows shoved right, ...), and back.
function offsetFromAxial([q, r], kind) {
  if (kind === 'odd-r' || kind === 'even-r') return [q + floorDiv(r - (kind === 'odd-r' ? r & 1 : -(r & 1)), 2), r];
  return [q, r + floorDiv(q - (kind === 'odd-q' ? q & 1 : -(q & 1)), 2)];
}
function axialFromOffset([col, row], kind) {
  if (kind === 'odd-r' || kind === 'even-r') return [col - floorDiv(row - (kind === 'odd-r' ? row & 1 : -(row & 1)), 2), row];
  return [col, row - floorDiv(col - (kind === 'odd-q' ? col & 1 : -(col & 1)), 2)];
}

// The engine's coordinates of every cell, from a few it gives: samples maps
// three or more cell names (not on one line) to the engine's [a, b] for each,
// in any axial system (any orientation, origin or handedness), or in an
// offset layout (offset: one of OFFSETS). Returns {toEngine(name) -> [a, b],
// fromEngine([a, b]) -> name or null}. Throws when no map fits every sample,
// so a wrong guess of the engine's layout shows at once, not deep in a perft.
function coordinates(variant, samples, offset) {
  if (offset != null && !OFFSETS.includes(offset)) throw new Error(`offset '${offset}' is not one of ${OFFSETS.join(', ')}`);
  const g = geometry(variant);
  const points = Object.entries(samples).map(([name, pair]) => {
    const cell = g.byName[name];
    if (!cell) throw new Error(`${name} is not a cell of ${variant}`);
    return [[cell.x, cell.y], offset ? axialFromOffset(pair, offset) : pair.slice()];
  });
  const area = (a, b, c) => (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
  let base = null;
  for (let i = 0; i < points.length && !base; i++)
    for (let j = i + 1; j < points.length && !base; j++)
      for (let k = j + 1; k < points.length && !base; k++)
        if (area(points[i][0], points[j][0], points[k][0])) base = [points[i], points[j], points[k]];
  if (!base) throw new Error('the samples need three cells that are not on one line');
  const [[p0, e0], [p1, e1], [p2, e2]] = base;
  const det = area(p0, p1, p2);
  const coef = [0, 1].map(axis => {  // engine = a*x + b*y + c, per axis
    const d1 = e1[axis] - e0[axis], d2 = e2[axis] - e0[axis];
    const a = (d1 * (p2[1] - p0[1]) - d2 * (p1[1] - p0[1])) / det;
    const b = (d2 * (p1[0] - p0[0]) - d1 * (p2[0] - p0[0])) / det;
    const c = e0[axis] - a * p0[0] - b * p0[1];
    if (![a, b, c].every(Number.isInteger)) throw new Error("no whole-number map from hexref's cells fits the samples");
    return [a, b, c];
  });
  if (Math.abs(coef[0][0] * coef[1][1] - coef[0][1] * coef[1][0]) !== 1)
    throw new Error('the samples do not map the board one to one (not a hex lattice map)');
  const axial = (x, y) => coef.map(([a, b, c]) => a * x + b * y + c);
  for (const [[x, y], pair] of points)
    if (axial(x, y).join() !== pair.join()) throw new Error('the samples disagree: no one map fits them all');
  const to = new Map(), back = new Map();
  for (const cell of g.cells) {
    const pair = offset ? offsetFromAxial(axial(cell.x, cell.y), offset) : axial(cell.x, cell.y);
    to.set(cell.name, pair);
    back.set(pair.join(), cell.name);
  }
  return {toEngine: name => to.get(name), fromEngine: pair => back.get(pair.join()) || null};
}

// --- hexchess.club's FEN ------------------------------------------------------

// The HexFEN of a hexchess.club FEN (@bedard/hexchess, Gliński only): the same
// placement, side, e.p. cell and clocks, without the castling field (Gliński
// has none), so the kit adds '-'. Throws for a FEN that is not one.
function fromHexchessClub(fen) {
  const fields = fen.trim().split(/\s+/);
  if (fields.length !== 5)
    throw new Error(`a hexchess.club FEN has 5 fields (placement side e.p. halfmove fullmove), not ${fields.length}: '${fen}'`);
  return format(parse('glinski', [...fields.slice(0, 2), '-', ...fields.slice(2)].join(' ')));
}

// A Gliński HexFEN as hexchess.club writes it: without the castling field.
function toHexchessClub(hexfen) {
  const fields = format(parse('glinski', hexfen)).split(' ');
  return [...fields.slice(0, 2), ...fields.slice(3)].join(' ');
}

// --- the e.p. state in the engine's own terms -------------------------------

// The multi-step that made ep ({cells, victim}, as parse gives it): [from, to],
// for an engine that keeps the last move instead of the crossed cells.
function epLastMove(variant, ep) {
  const g = geometry(variant);
  const first = g.byName[ep.cells[0]], next = g.byName[ep.cells.length > 1 ? ep.cells[1] : ep.victim];
  const start = g.byXY[`${2 * first.x - next.x},${2 * first.y - next.y}`];
  if (!start) throw new Error(`e.p. cells ${ep.cells} and victim ${ep.victim} are not one pawn step`);
  return [start.name, ep.victim];
}

// The e.p. state ({cells, victim}, for format) a pawn's multi-step from frm to
// to leaves: the cells it crossed, and itself as the victim.
function epFromMove(variant, frm, to) {
  const g = geometry(variant), a = g.byName[frm], b = g.byName[to];
  const steps = Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y));
  if (steps < 2 || (b.x - a.x) % steps || (b.y - a.y) % steps) throw new Error(`${frm}-${to} is not a straight multi-step`);
  const dx = (b.x - a.x) / steps, dy = (b.y - a.y) / steps, cells = [];
  for (let i = 1; i < steps; i++) cells.push(g.byXY[`${a.x + i * dx},${a.y + i * dy}`].name);
  return {cells, victim: to};
}

function cellAt(variant, x, y) {
  const cell = geometry(variant).byXY[x + ',' + y];
  return cell ? cell.name : null;
}

function moveText(from, to, promotion) {
  return from + to + (promotion ? promotion.toLowerCase() : '');
}

function fail(fen, what) {
  throw new Error(`bad HexFEN '${fen}': ${what}`);
}

function parsePlacement(variant, fen, text) {
  const ranks = geometry(variant).ranks, rows = text.split('/'), cells = {};
  if (rows.length !== ranks.length) fail(fen, `${rows.length} ranks, ${variant} has ${ranks.length}`);
  rows.forEach((row, i) => {
    const names = ranks[i], rankNo = ranks.length - i;
    let k = 0;
    for (const token of row.match(/[0-9]+|./g) || []) {
      if (/^[0-9]/.test(token)) { k += Number(token); continue; }
      if (!/^[KQRBNPkqrbnp]$/.test(token)) fail(fen, `rank ${rankNo}: unknown piece '${token}'`);
      if (k >= names.length) fail(fen, `rank ${rankNo} has more than ${names.length} cells`);
      cells[names[k++]] = token;
    }
    if (k !== names.length) fail(fen, `rank ${rankNo} has ${k} cells, not ${names.length}`);
  });
  return cells;
}

// The rook home cell of each castling letter: the rook of that side in that
// file in the variant's initial position.
function rookHome(variant, letter) {
  const side = letter === letter.toUpperCase() ? 'w' : 'b';
  const start = parsePlacement(variant, VARIANTS[variant].start, VARIANTS[variant].start.split(' ')[0]);
  const rook = side === 'w' ? 'R' : 'r';
  const home = Object.keys(start).find(name => start[name] === rook && name[0] === letter.toLowerCase());
  return home ? {letter, side, rook: home} : null;
}

// The victim a HexFEN leaves implicit: the cell after the last crossed cell,
// straight on along the file in the mover's direction.
function defaultVictim(variant, crossed, mover) {
  const last = geometry(variant).byName[crossed[crossed.length - 1]];
  return cellAt(variant, last.x, last.y + (mover === 'w' ? 1 : -1));
}

function parse(variant, fen) {
  const fields = String(fen).trim().split(/ +/);
  if (fields.length !== 6 && fields.length !== 4) fail(fen, `${fields.length} fields, expected 6`);
  const [placement, side, castling, ep, halfmove = '0', fullmove = '1'] = fields;
  const cells = parsePlacement(variant, fen, placement);
  if (side !== 'w' && side !== 'b') fail(fen, `side '${side}' is not w or b`);
  const rights = castling === '-' ? [] : castling.split('').map(letter => {
    const right = rookHome(variant, letter);
    if (!right) fail(fen, `castling letter '${letter}' names no rook home cell`);
    return right;
  });
  let enPassant = null;
  if (ep !== '-') {
    const [crossedText, victimText] = ep.split(':');
    const crossed = crossedText.split(','), byName = geometry(variant).byName;
    for (const name of crossed.concat(victimText ? [victimText] : [])) {
      if (!byName[name]) fail(fen, `e.p. field names '${name}', which is not a cell`);
    }
    const mover = side === 'w' ? 'b' : 'w';
    enPassant = {cells: crossed, victim: victimText || defaultVictim(variant, crossed, mover)};
  }
  if (!/^[0-9]+$/.test(halfmove) || !/^[0-9]+$/.test(fullmove)) fail(fen, 'clocks are not numbers');
  return {variant, cells, side, rights, ep: enPassant,
          halfmove: Number(halfmove), fullmove: Number(fullmove)};
}

// The HexFEN of a structure parse() returned (canonical: victim printed only
// where docs/conventions.md prints it).
function format(position) {
  const v = VARIANTS[position.variant];
  const rows = geometry(position.variant).ranks.map(names => {
    let row = '', empty = 0;
    for (const name of names) {
      const piece = position.cells[name];
      if (!piece) { empty++; continue; }
      row += (empty ? String(empty) : '') + piece;
      empty = 0;
    }
    return row + (empty ? String(empty) : '');
  });
  const letters = position.rights.map(r => r.letter);
  const castling = letters.filter(l => l === l.toUpperCase()).sort().join('') +
                   letters.filter(l => l !== l.toUpperCase()).sort().join('');
  let ep = '-';
  if (position.ep) {
    const mover = position.side === 'w' ? 'b' : 'w';
    const implicit = defaultVictim(position.variant, position.ep.cells, mover);
    ep = position.ep.cells.join(',') +
         (v.victimAlways || position.ep.victim !== implicit ? ':' + position.ep.victim : '');
  }
  return [rows.join('/'), position.side, castling || '-', ep, position.halfmove, position.fullmove].join(' ');
}

// --- a divide from the engine's own moves --------------------------------

// A divide(query) for an engine that has legal moves but no perft:
// setup(query) -> the engine's state for query.fen (or query.position);
// legalMoves(state) -> the legal moves, each a move text (moveText) or a
// [moveText, engineMove] pair; play(state, engineMove) -> the state after it
// (a new state: the kit never undoes). The query's moves are played first,
// by their texts; one the engine does not list is an error.
function divideFromMoves({setup, legalMoves, play}) {
  const listed = state => Array.from(legalMoves(state), m => (typeof m === 'string' ? [m, m] : m));
  const perft = (state, depth) => {
    if (depth === 0) return 1;
    const moves = listed(state);
    if (depth === 1) return moves.length;
    return moves.reduce((sum, [, move]) => sum + perft(play(state, move), depth - 1), 0);
  };
  return query => {
    let state = setup(query);
    for (const text of query.moves) {
      const found = listed(state).find(([t]) => t === text);
      if (!found) throw new Error(`move ${text} is not legal here`);
      state = play(state, found[1]);
    }
    return listed(state).map(([text, move]) => [text, perft(play(state, move), query.depth - 1)]);
  };
}

// divideFromMoves for an engine reached only by playing moves from its
// initial position: newGame(query) gives its state at the start. hexref run
// with --history asks it only so; any other position is refused with an
// error line naming --history.
function divideFromHistory({newGame, legalMoves, play}) {
  const setup = query => {
    if (!query.startpos) {
      throw new Error('this engine starts only from its initial position; run hexref verify with --history');
    }
    return newGame(query);
  };
  return divideFromMoves({setup, legalMoves, play});
}

// --- the protocols ------------------------------------------------------

const STATUSES = ['checkmate', 'stalemate', 'check', 'ongoing'];

// One 'error ...' line for whatever the engine threw: an Error's message,
// with its name when it is not a plain Error.
function errorLine(err) {
  const text = err instanceof Error ? (err.name && err.name !== 'Error' ? `${err.name}: ${err.message}` : err.message)
                                    : String(err);
  return `error ${text.split(/\s+/).join(' ')}\n`;
}

function answer(divide, query, sep) {
  let lines = divide(query);
  lines = Array.from(lines instanceof Map ? lines.entries() : lines)
    .map(([move, count]) => [String(move), Number(count)])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const total = lines.reduce((sum, [, count]) => sum + count, 0);
  return lines.map(([move, count]) => `${move}${sep} ${count}\n`).join('') + '\n' +
         (sep ? `Nodes searched: ${total}\n` : `${total}\n`);
}

// fen null or 'startpos': the initial position (the variant's std one as a
// HexFEN; an engine of another profile's array starts from its own).
function makeQuery(variant, profile, fen, moves, depth) {
  if (!(depth >= 1)) throw new Error(`depth '${depth}' is not a number >= 1`);
  const startpos = !fen || fen === 'startpos';
  const at = startpos ? VARIANTS[variant] && VARIANTS[variant].start : fen;
  return {variant, profile, fen: at, position: parse(variant, at), moves, depth, startpos};
}

function runScript(engine, args) {
  if (args.length < 2 || args.length > 3) {
    process.stderr.write('usage: engine DEPTH HEXFEN [MOVES]   (or: engine --uci)\n');
    return 2;
  }
  const variant = process.env.HEXREF_VARIANT, profile = process.env.HEXREF_PROFILE || 'std';
  let text;
  try {
    const moves = args[2] ? args[2].split(' ').filter(Boolean) : [];
    text = answer(engine.divide, makeQuery(variant, profile, args[1], moves, Number(args[0])), '');
  } catch (err) {
    process.stdout.write(errorLine(err));
    return 1;
  }
  process.stdout.write(text);
  return 0;
}

function runUci(engine) {
  const options = {UCI_Variant: 'shafran', HexrefProfile: 'std'};
  let fen = null, moves = [];
  const handle = line => {
    const words = line.trim().split(/\s+/);
    switch (words[0]) {
      case 'uci':
        return `id name ${engine.name || 'hexkit engine'}\n` +
               'option name UCI_Variant type string default shafran\n' +
               'option name HexrefProfile type string default std\n' +
               (engine.status ? 'option name HexrefStatus type check default true\n' : '') + 'uciok\n';
      case 'isready': return 'readyok\n';
      case 'setoption': {
        const at = words.indexOf('value');
        if (words[1] === 'name' && at > 2) options[words.slice(2, at).join(' ')] = words.slice(at + 1).join(' ');
        return '';
      }
      case 'position': {
        const cut = words.includes('moves') ? words.indexOf('moves') : words.length;
        fen = words[1] === 'fen' ? words.slice(2, cut).join(' ') : null;
        moves = words.slice(cut + 1);
        return '';
      }
      case 'go':
        if (words[1] !== 'perft') return 'error only go perft N is supported\n';
        try {
          return answer(engine.divide,
                        makeQuery(options.UCI_Variant, options.HexrefProfile, fen, moves, Number(words[2])), ':');
        } catch (err) {
          return errorLine(err);
        }
      case 'status':
        if (!engine.status) return '';
        try {
          const status = engine.status(makeQuery(options.UCI_Variant, options.HexrefProfile, fen, moves, 1));
          if (!STATUSES.includes(status)) throw new Error(`status '${status}' is not one of ${STATUSES.join(', ')}`);
          return `status ${status}\n`;
        } catch (err) {
          return errorLine(err);
        }
      default: return '';
    }
  };
  let pending = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', chunk => {
    pending += chunk;
    let at;
    while ((at = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, at);
      pending = pending.slice(at + 1);
      if (line.trim() === 'quit') process.exit(0);
      const out = handle(line);
      if (out) process.stdout.write(out);
    }
  });
  process.stdin.on('end', () => process.exit(0));
}

// Serves the engine over the protocol argv asks for; the exit code is the
// script protocol's (docs/protocol.md).
function serve(engine) {
  const args = process.argv.slice(2);
  if (args[0] === '--uci') return runUci(engine);
  process.exitCode = runScript(engine, args);
}

module.exports = {VARIANTS, STATUSES, OFFSETS, geometry, cellAt, coordinates, offsetFromAxial, epLastMove, epFromMove,
                  fromHexchessClub, toHexchessClub, moveText, parse, format, divideFromMoves,
                  divideFromHistory, serve};
