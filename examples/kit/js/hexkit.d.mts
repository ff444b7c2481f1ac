// Types of the adapter kit's ES module (hexkit.mjs): the declarations of
// hexkit.cjs, which it re-exports, so there is one set of types to keep.
export * from './hexkit.cjs';
import * as kit from './hexkit.cjs';
export default kit;
