/**
 * The request id of a stdio frame too large to parse, read from its first or last bytes,
 * so the error answers the request the client is waiting on instead of `id: null` (which
 * would leave that request hanging until it times out).
 *
 * Clients put the id at one end: the TypeScript SDK writes `{...request, jsonrpc, id}`
 * (id last), the Python SDK `{jsonrpc, id, method, params}` (id first). Only a key of the
 * outer object matches: at the start nothing is nested yet, and at the end the id value
 * must be followed by exactly one closing brace, the outer object's.
 */
export type FrameId = string | number | null;

const ID_VALUE = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`;
const LEADING_ID = new RegExp(
  String.raw`^\s*\{(?:\s*"jsonrpc"\s*:\s*"2\.0"\s*,)?\s*"id"\s*:\s*${ID_VALUE}\s*[,}]`,
);
const TRAILING_ID = new RegExp(String.raw`[,{]\s*"id"\s*:\s*${ID_VALUE}\s*\}\s*$`);

/** `head` and `tail`: the frame's first and last few hundred bytes, as text. */
export function frameId(head: string, tail: string): FrameId {
  const match = LEADING_ID.exec(head) ?? TRAILING_ID.exec(tail);
  if (!match) return null;
  try {
    const id = JSON.parse(match[1]!) as unknown;
    return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id))
      ? id
      : null;
  } catch {
    return null;
  }
}
