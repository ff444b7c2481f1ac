// hexref for JavaScript, the ESM entry point: the same module as the
// CommonJS one (core.cjs), so both share one loaded hexref.wasm.
import core from './core.cjs';

export const {
  version, variants, profiles, Position, dataDir, fixtureFiles, perftSuites,
  verify, verifySync, identify, identifySync, fixtureCases, formatCheck,
} = core;
export default core;
