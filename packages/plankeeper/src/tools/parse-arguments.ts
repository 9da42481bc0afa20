/**
 * Strict parsing of the argument string a model produced. `JSON.parse` alone would
 * report "Unexpected non-whitespace character" for `{...}{...}`; we find where the first
 * value ends so the model is told exactly that something followed it.
 */
import type { PlanIssue } from '../engine/plan-issue.js';

export type ParsedArguments = { ok: true; value: unknown } | { ok: false; issue: PlanIssue };

/** Accepts an object, or a string holding exactly one JSON object. `undefined`/`''` mean `{}`. */
export function parseArguments(raw: unknown): ParsedArguments {
  if (raw === undefined) return { ok: true, value: {} };
  if (typeof raw !== 'string') return { ok: true, value: raw };
  if (raw.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch (error) {
    return { ok: false, issue: describeParseFailure(raw, error) };
  }
}

/** Tells trailing data after a complete value apart from JSON that is broken. */
function describeParseFailure(raw: string, error: unknown): PlanIssue {
  const end = endOfFirstValue(raw);
  if (end < raw.length && raw.slice(end).trim() !== '') {
    try {
      JSON.parse(raw.slice(0, end));
      return { code: 'trailing_data', path: [], position: end };
    } catch {
      // The head is broken too: report that instead.
    }
  }
  const position = /position (\d+)/.exec(String(error))?.[1];
  return {
    code: 'invalid_json',
    path: [],
    ...(position !== undefined && { position: Number(position) }),
  };
}

/**
 * Index just past the first JSON value in `text` (or text.length when it never closes).
 * Only brackets outside strings count; the real parse is left to JSON.parse.
 */
function endOfFirstValue(text: string): number {
  let index = 0;
  while (index < text.length && /\s/.test(text[index]!)) index++;
  const first = text[index];
  if (first !== '{' && first !== '[' && first !== '"') {
    const match = /^[^\s{}[\]",]*/.exec(text.slice(index));
    return index + (match?.[0].length ?? 0);
  }
  let depth = 0;
  let inString = false;
  for (; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') {
        inString = false;
        if (depth === 0) return index + 1;
      }
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return text.length;
}

/** The JSON type name of a value, for messages ("array", "null", ...). */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
