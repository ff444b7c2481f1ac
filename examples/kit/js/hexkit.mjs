// hexkit.mjs - the adapter kit as an ES module: the same code as
// hexkit.cjs (one implementation), for `import` in a "type": "module"
// package, where a .js file would be read as ESM and its `require` fail.
import kit from './hexkit.cjs';

export const { VARIANTS, STATUSES, OFFSETS, geometry, cellAt, coordinates, offsetFromAxial, epLastMove, epFromMove,
  fromHexchessClub, toHexchessClub,
  moveText, parse, format,
  divideFromMoves, divideFromHistory, serve } = kit;
export default kit;
