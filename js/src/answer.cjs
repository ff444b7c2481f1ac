'use strict';
// answer.cjs - what an engine function gave, as the reply the C harness
// reads (harness/include/hexref_check.h): { kind: 'text', text } with
// perftree text (docs/protocol.md), or { kind: 'error' | 'timeout', text }
// naming the failure. Nothing here throws: whatever the engine did becomes
// a reply, and the harness's findings judge it as they judge a process.

// "Name: message (at FILE:LINE:COL)", the innermost frame of the stack:
// where the engine failed, in one line.
function errorText(error) {
  if (!(error instanceof Error)) return `the engine threw ${describe(error)}`;
  let text = error.message ? `${error.name}: ${error.message}` : error.name;
  const frame = /\n\s+at (?:.*? \()?(.*?:\d+:\d+)\)?/.exec(error.stack ?? '');
  if (frame) text += ` (at ${frame[1]})`;
  return text;
}

function describe(value) {
  if (value === null) return 'null';
  if (typeof value === 'object') return `an object (${value.constructor?.name ?? 'no prototype'})`;
  return `${typeof value} ${String(value).slice(0, 40)}`;
}

// A node count: a non-negative integer Number or BigInt.
function count(value) {
  if (typeof value === 'bigint') return value >= 0n ? value : null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return null;
}

// The divide (a Map or a plain object of move text -> count, or perftree
// text) as the reply.
function divideReply(answer) {
  if (typeof answer === 'string') {
    if (answer.includes('\0')) return { kind: 'error', text: "the engine's text answer contains a NUL character" };
    return { kind: 'text', text: answer };
  }
  const entries = answer instanceof Map ? [...answer]
    : answer !== null && typeof answer === 'object' && !Array.isArray(answer) ? Object.entries(answer) : null;
  if (!entries) {
    return { kind: 'error',
      text: `the engine returned ${describe(answer)}, not a Map or object of move text to count nor perftree text` };
  }
  let lines = '', total = 0n;
  for (const [move, value] of entries) {
    if (typeof move !== 'string' || move === '' || /[\s\0]/.test(move))
      return { kind: 'error', text: `the engine's divide has a key ${JSON.stringify(move)}, not a move text` };
    const n = count(value);
    if (n === null)
      return { kind: 'error', text: `the engine's divide has ${describe(value)} for ${move}, not a count (an integer >= 0)` };
    lines += `${move} ${n}\n`;
    total += n;
  }
  return { kind: 'text', text: `${lines}\n${total}\n` };
}

function isThenable(value) {
  return value !== null && (typeof value === 'object' || typeof value === 'function') &&
    typeof value.then === 'function';
}

module.exports = { errorText, divideReply, isThenable };
