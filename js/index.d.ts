// Types of the npm package hexref (docs/js.md).

/** The package's version (the project's). */
export const version: string;

/** The variants: "shafran", "brusky", "glinski", "mccooey". */
export function variants(): string[];

/** The rule profiles of a variant, "std" first. Throws on an unknown variant. */
export function profiles(variant: string): string[];

/** 'ongoing', 'check', 'checkmate' or 'stalemate'. */
export type Status = 'ongoing' | 'check' | 'checkmate' | 'stalemate';

export interface PositionOptions {
  /** The rule profile; "std" if omitted. */
  profile?: string;
  /** A HexFEN; the profile's initial position if omitted or null. */
  fen?: string | null;
}

/** A position with its history, under one variant and profile. */
export class Position {
  constructor(variant: string, options?: PositionOptions);
  static initial(variant: string, profile?: string): Position;
  static fromFen(variant: string, fen: string, profile?: string): Position;
  readonly variant: string;
  readonly profile: string;
  readonly sideToMove: 'white' | 'black';
  /** A copy with the same rules, position and history. */
  clone(): Position;
  /** The HexFEN. */
  fen(): string;
  /** The legal moves as hexref prints them, sorted. */
  legalMoves(): string[];
  /** Plays the moves, all or none; throws an Error naming an illegal move and the position. */
  play(moves: string | readonly string[]): this;
  status(): Status;
  /** Leaves of the legal move tree to depth (BigInt: deep counts pass 2^53). */
  perft(depth: number): bigint;
  /** Each legal move with the leaves below it to depth - 1, in move-text order. */
  divide(depth: number): Map<string, bigint>;
  /** Frees the position now; it cannot be used after. At run time the
   * class also has [Symbol.dispose] (the same as free) where Node defines
   * Symbol.dispose; it is not declared here, as TypeScript before 5.2 has
   * no such symbol. */
  free(): void;
}

/** The directory holding fixtures/VARIANT/*.fix and perft-suites/*.epd. */
export function dataDir(): string;
/** The conformance fixture files, of one variant or of all. */
export function fixtureFiles(variant?: string): string[];
/** The perft suite files (EPD), of one variant or of all. */
export function perftSuites(variant?: string): string[];

declare const hexref: {
  version: typeof version;
  variants: typeof variants;
  profiles: typeof profiles;
  Position: typeof Position;
  dataDir: typeof dataDir;
  fixtureFiles: typeof fixtureFiles;
  perftSuites: typeof perftSuites;
};
export default hexref;
