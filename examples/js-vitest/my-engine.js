// The engine under test: one function, the perft divide of a position.
//
// This one stands in for yours. It answers with hexref's own counts, so
// every check passes; replace the body of divide() with a call of your
// engine (set up the HexFEN, play the moves, count) and keep its signature.
import { Position } from 'hexref';

export const VARIANT = 'glinski';

// { move text: leaves below it to depth - 1 } of the position `fen` after
// `moves` (an array of move texts, [] for none); depth >= 1. A Map, perftree
// text, or a Promise of either (an async engine) is fine too.
export function divide(fen, moves, depth) {
  const position = new Position(VARIANT, { fen });
  try {
    return Object.fromEntries(position.play(moves).divide(depth));
  } finally {
    position.free();
  }
}
