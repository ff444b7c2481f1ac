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

// ---- Checking an engine that is a function (docs/js.md) ---------------------

/** The divide an engine gives: each legal move's leaf count to depth - 1, as
 * a Map or a plain object (counts: non-negative integer Numbers or BigInts),
 * or perftree text ("MOVE COUNT" lines, a blank line, the total). */
export type Divide = Map<string, number | bigint> | Record<string, number | bigint> | string;

/** The engine: the divide of the position reached by playing moves (move
 * texts, [] for none) on the HexFEN fen, to depth >= 1. Throwing (or a
 * rejected promise) is an error finding, as a crash of a process is. */
export type Engine = (fen: string, moves: string[], depth: number) => Divide;
export type AsyncEngine = (fen: string, moves: string[], depth: number) => Divide | Promise<Divide>;

export interface VerifyOptions {
  /** Required: "shafran", "brusky", "glinski" or "mccooey". */
  variant: string;
  /** The rule profile the engine is checked against; "std" if omitted. */
  profile?: string;
  /** The engine's name in the results (default: the function's name). */
  name?: string;
  /** The root position (a HexFEN; default the initial position) ... */
  fen?: string;
  /** ... and moves played on it first. */
  moves?: string | readonly string[];
  /** The depth of the root and random checks (default: the CLI's). */
  depth?: number;
  /** Check the root position (the default when nothing else is asked). */
  root?: boolean;
  /** This many random positions, from seed (default 1). */
  random?: number;
  seed?: number | bigint;
  /** Perft suites: names of the package's (perftSuites(): "glinski-std"),
   * paths, or true for the package's suite of the variant and profile. */
  suite?: true | string | readonly string[];
  /** The suites' lines of one tier only. */
  tier?: 'quick' | 'deep';
  /** A budget of nodes per check (caps the depth). */
  maxNodes?: number | bigint;
  /** The fixtures: true for the package's of the variant, or fixture files
   * or directories. */
  fixtures?: boolean | string | readonly string[];
  /** Seconds an async engine has for one answer (default 30; null or 0:
   * none). A synchronous engine cannot be interrupted. */
  timeout?: number | null;
}

export interface IdentifyOptions {
  variant: string;
  name?: string;
  /** Default true: the package's fixtures of the variant. */
  fixtures?: true | string | readonly string[];
  timeout?: number | null;
}

/** One check, as `hexref verify --format json` writes it (docs/results.schema.json). */
export interface Check {
  command: string;
  engine: string;
  kind: string;
  outcome: 'pass' | 'fail' | 'error' | 'not_applicable';
  id: string;
  source: string | null;
  variant: string;
  profile: string;
  position: string | null;
  moves: string | null;
  depth: number | null;
  message: string | null;
  /** expected, got, difference, minimal, finding, seconds: see the schema. */
  [field: string]: unknown;
}

/** The checks of one run. */
export interface VerifyResult {
  /** No check failed or erred. */
  readonly ok: boolean;
  readonly passed: number;
  readonly failed: number;
  readonly checks: Check[];
  readonly failures: Check[];
  /** "N passed, M failed". */
  readonly headline: string;
  /** The JSON Lines text itself. */
  readonly json: string;
  /** Each failed check described (formatCheck), then the headline. */
  report(): string;
}

export interface IdentifyResult extends VerifyResult {
  /** The profile the engine matches or comes closest to. */
  readonly profile: string | null;
  /** Every fixture agrees with that profile. */
  readonly matches: boolean;
}

/** Checks a synchronous engine against the reference; throws only for
 * options that cannot run (TypeError for an unknown or ill-typed option). */
export function verifySync(engine: Engine, options: VerifyOptions): VerifyResult;
/** verifySync for an engine that may return promises. */
export function verify(engine: AsyncEngine, options: VerifyOptions): Promise<VerifyResult>;
/** Which profile of the variant does the engine follow? */
export function identifySync(engine: Engine, options: IdentifyOptions): IdentifyResult;
export function identify(engine: AsyncEngine, options: IdentifyOptions): Promise<IdentifyResult>;
/** A failed check in a few lines: what, where, which moves differ, how to reproduce. */
export function formatCheck(check: Check): string;

/** One fixture as a test case. */
export interface FixtureCase {
  /** The fixture's id, e.g. "glinski-ep-white-b1b3". */
  name: string;
  file: string;
  line: number;
  variant: string;
  profile: string;
  /** Runs the fixture through the engine; throws (or, for an engine that
   * returns promises, rejects with) an Error whose message is the finding. */
  check(engine: AsyncEngine): void | Promise<void>;
}

/** The package's fixtures of a variant that apply under the profile, one case each. */
export function fixtureCases(variant: string, options?: { profile?: string; timeout?: number | null }): FixtureCase[];

declare const hexref: {
  version: typeof version;
  variants: typeof variants;
  profiles: typeof profiles;
  Position: typeof Position;
  dataDir: typeof dataDir;
  fixtureFiles: typeof fixtureFiles;
  perftSuites: typeof perftSuites;
  verify: typeof verify;
  verifySync: typeof verifySync;
  identify: typeof identify;
  identifySync: typeof identifySync;
  formatCheck: typeof formatCheck;
  fixtureCases: typeof fixtureCases;
};
export default hexref;
