/**
 * Encoding of harness states (see the store contract). Every store, the memory store
 * included, keeps a state as its JSON text, so a state reads back the same from each of
 * them. Encoding refuses what JSON would change or lose, since that is a caller's bug.
 */
import { ConfigurationError, PlanRecordError } from '../errors.js';

/** The state as JSON text; throws a ConfigurationError when it is not a plain JSON object. */
export function encodeState(state: unknown): string {
  if (!isPlainObject(state)) {
    throw new ConfigurationError(
      `A harness state must be a plain object of JSON values, got ${describe(state)}.`,
    );
  }
  checkValue(state, 'state', new Set());
  return JSON.stringify(state);
}

/** Reads a stored state back; a state that is not a JSON object fails loudly with its key. */
export function decodeState(keyName: string, text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new PlanRecordError(keyName, 'its harness state is not valid JSON (corrupt state).');
  }
  return checkStoredState(keyName, value);
}

/** Validates an already-parsed state (stores with a JSON column hand us objects). */
export function checkStoredState(keyName: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PlanRecordError(keyName, 'its harness state is not an object (corrupt state).');
  }
  return value as Record<string, unknown>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Throws for anything `JSON.stringify` would drop, turn into null or change (a Date, a Map). */
function checkValue(value: unknown, path: string, seen: Set<object>): void {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return;
    case 'number':
      if (Number.isFinite(value)) return;
      break;
    case 'object': {
      if (value === null) return;
      if (seen.has(value)) {
        throw new ConfigurationError(`A harness state must not contain a cycle (at ${path}).`);
      }
      seen.add(value);
      if (Array.isArray(value)) {
        value.forEach((item, index) => {
          if (item === undefined) fail(`${path}[${index}]`, item);
          checkValue(item, `${path}[${index}]`, seen);
        });
      } else if (isPlainObject(value)) {
        for (const [name, item] of Object.entries(value)) {
          // Left out, as JSON.stringify does: an optional property that is not set.
          if (item !== undefined) checkValue(item, `${path}.${name}`, seen);
        }
      } else break;
      seen.delete(value);
      return;
    }
  }
  fail(path, value);
}

function fail(path: string, value: unknown): never {
  throw new ConfigurationError(
    `A harness state holds only JSON values (null, booleans, finite numbers, strings, arrays and plain objects); ${path} is ${describe(value)}.`,
  );
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') {
    const name = Object.getPrototypeOf(value)?.constructor?.name;
    return name && name !== 'Object' ? `a ${name}` : 'an object';
  }
  if (typeof value === 'number') return String(value);
  return `a ${typeof value}`;
}
