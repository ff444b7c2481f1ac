// Types of the adapter kit (hexkit.cjs; hexkit.d.mts re-exports them for hexkit.mjs).

/** A variant's board: which cells exist, their names, the start HexFEN. */
export interface VariantInfo {
  files: string;
  exists(x: number, y: number): boolean;
  rank(x: number, y: number): number;
  start: string;
  victimAlways?: boolean;
}
export interface Cell { x: number; y: number; rank: number; name: string; }
export interface Geometry {
  cells: Cell[];
  byName: Record<string, Cell>;
  byXY: Record<string, Cell>;
  /** cell names rank by rank, the top rank first, each in file order */
  ranks: string[][];
}
export interface CastlingRight { letter: string; side: 'w' | 'b'; rook: string; }
/** A HexFEN read into a plain structure (parse). */
export interface ParsedPosition {
  variant: string;
  /** cell name -> piece letter (upper case White) */
  cells: Record<string, string>;
  side: 'w' | 'b';
  rights: CastlingRight[];
  ep: null | { cells: string[]; victim: string };
  halfmove: number;
  fullmove: number;
}
/** One query of hexref: the divide of `position` after `moves`, to `depth`. */
export interface Query {
  variant: string;
  profile: string;
  fen: string;
  position: ParsedPosition;
  moves: string[];
  depth: number;
  /** The position is the initial one ('startpos', or no HexFEN given). */
  startpos: boolean;
}
export type Divide = Iterable<[string, number | bigint]> | Map<string, number | bigint>;
export type Status = 'checkmate' | 'stalemate' | 'check' | 'ongoing';
export interface Engine {
  name?: string;
  /** The engine's one function; throw an Error to answer 'error MESSAGE'. */
  divide(query: Query): Divide;
  /** Optional: the status of the query's position after its moves. */
  status?(query: Query): Status;
}
/** An engine's move generator, from which divideFromMoves makes a divide. */
export interface MoveGenerator<State, Move> {
  setup(query: Query): State;
  /** Move texts, or [moveText, engineMove] pairs. */
  legalMoves(state: State): Iterable<string | [string, Move]>;
  /** The state after the move (a new state: the kit never undoes). */
  play(state: State, move: Move | string): State;
}

/** The move generator of an engine reached only from its initial position. */
export interface HistoryGenerator<State, Move> {
  newGame(query: Query): State;
  legalMoves(state: State): Iterable<string | [string, Move]>;
  play(state: State, move: Move | string): State;
}

export const VARIANTS: Record<string, VariantInfo>;
export const STATUSES: Status[];
export type Offset = 'odd-r' | 'even-r' | 'odd-q' | 'even-q';
export const OFFSETS: Offset[];
/** The engine's coordinates of every cell, found from a few samples. */
export interface CoordinateMap {
  toEngine(name: string): [number, number];
  fromEngine(pair: [number, number]): string | null;
}
export function coordinates(variant: string, samples: Record<string, [number, number]>, offset?: Offset): CoordinateMap;
/** The HexFEN of a hexchess.club FEN (Gliński; no castling field). */
export function fromHexchessClub(fen: string): string;
/** A Gliński HexFEN as hexchess.club writes it. */
export function toHexchessClub(hexfen: string): string;
/** The multi-step that made an e.p. state: [from, to]. */
export function epLastMove(variant: string, ep: {cells: string[]; victim: string}): [string, string];
/** The e.p. state a pawn's multi-step from..to leaves. */
export function epFromMove(variant: string, from: string, to: string): {cells: string[]; victim: string};
/** Axial (q, r) in an offset layout. */
export function offsetFromAxial(pair: [number, number], kind: Offset): [number, number];
export function geometry(variant: string): Geometry;
export function cellAt(variant: string, x: number, y: number): string | null;
export function moveText(from: string, to: string, promotion?: string): string;
export function parse(variant: string, fen: string): ParsedPosition;
export function format(position: ParsedPosition): string;
/** A divide for an engine with legal moves but no perft of its own. */
export function divideFromMoves<State, Move>(generator: MoveGenerator<State, Move>): (query: Query) => Array<[string, number]>;
/** divideFromMoves for an engine that sets up no position but its initial one
 * (run hexref verify with --history). */
export function divideFromHistory<State, Move>(generator: HistoryGenerator<State, Move>): (query: Query) => Array<[string, number]>;
/** Serves the engine over the protocol argv asks for (script, or --uci). */
export function serve(engine: Engine): void;
