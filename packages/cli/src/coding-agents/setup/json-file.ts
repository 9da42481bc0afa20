/**
 * JSON config files as the user keeps them (comments and trailing commas allowed): parsed
 * with a one-line error naming the file; json-edit.ts edits their text in place.
 */
import type { ParseError } from 'jsonc-parser';
import { jsonc } from './jsonc.js';
import { SetupConfigError } from './types.js';

export type JsonObject = Record<string, unknown>;

export interface JsonDoc {
  value: JsonObject;
  indent: string | number;
  finalNewline: boolean;
}

export function parseJsonDoc(path: string, text: string | undefined): JsonDoc {
  if (text === undefined || text.trim() === '') {
    return { value: {}, indent: 2, finalNewline: true };
  }
  // JSON with comments and trailing commas, as Gemini CLI and OpenCode read it.
  const errors: ParseError[] = [];
  const value: unknown = jsonc().parse(text, errors, { allowTrailingComma: true });
  const error = errors[0];
  if (error) {
    const line = text.slice(0, error.offset).split('\n').length;
    const reason = `${jsonc().printParseErrorCode(error.error)} at line ${line}`;
    throw new SetupConfigError(
      path,
      `not valid JSON (${reason}); fix or move the file, then run setup again`,
    );
  }
  if (!isObject(value)) {
    throw new SetupConfigError(
      path,
      'must hold a JSON object ({...}); fix or move the file, then run setup again',
    );
  }
  // The user's layout: their indentation, or none for a file kept on one line.
  const indented = /\n([ \t]+)"/.exec(text);
  const oneLine = !text.trim().includes('\n');
  return {
    value,
    indent: indented
      ? indented[1]!.startsWith('\t')
        ? '\t'
        : indented[1]!.length
      : oneLine
        ? 0
        : 2,
    finalNewline: text.endsWith('\n'),
  };
}

export function printJsonDoc(doc: JsonDoc): string {
  return `${JSON.stringify(doc.value, null, doc.indent)}${doc.finalNewline ? '\n' : ''}`;
}

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `parent[key]` as an object, created when absent; a non-object there is the user's error. */
export function objectAt(path: string, parent: JsonObject, key: string, where: string): JsonObject {
  const current = parent[key];
  if (current === undefined) {
    const created: JsonObject = {};
    parent[key] = created;
    return created;
  }
  if (!isObject(current)) {
    throw new SetupConfigError(path, `"${where}" must be an object; fix it, then run setup again`);
  }
  return current;
}

export function arrayAt(path: string, parent: JsonObject, key: string, where: string): unknown[] {
  const current = parent[key];
  if (current === undefined) {
    const created: unknown[] = [];
    parent[key] = created;
    return created;
  }
  if (!Array.isArray(current)) {
    throw new SetupConfigError(path, `"${where}" must be an array; fix it, then run setup again`);
  }
  return current;
}

/** Deletes `parent[key]` when it is an empty object or array (what setup's removal left). */
export function dropIfEmpty(parent: JsonObject, key: string): void {
  const value = parent[key];
  if (
    Array.isArray(value) ? value.length === 0 : isObject(value) && Object.keys(value).length === 0
  ) {
    delete parent[key];
  }
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
