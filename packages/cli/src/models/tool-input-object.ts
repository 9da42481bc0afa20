/**
 * Anthropic wants a past tool call's `input` as an object, but our history may hold the raw
 * argument string the model wrote, malformed or not. Replaying history must never fail, so
 * this is lenient: a clean object is kept, `{...}{...}` keeps its first object, and anything
 * else becomes `{}` (the tool result that follows already told the model what was wrong).
 */
import type { ToolCall } from 'plankeeper';

export function toolInputObject(args: ToolCall['arguments']): Record<string, unknown> {
  if (typeof args !== 'string') return args;
  return asObject(tryParse(args)) ?? asObject(tryParse(firstObjectText(args))) ?? {};
}

function tryParse(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The text of the first balanced `{...}` (brackets inside strings ignored), if it closes. */
function firstObjectText(text: string): string | undefined {
  const start = text.indexOf('{');
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return text.slice(start, index + 1);
    }
  }
  return undefined;
}
