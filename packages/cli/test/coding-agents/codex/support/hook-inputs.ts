/**
 * Reading what the recording hooks (hook-recorder.mjs) saved, and comparing it with the
 * recorded fixtures in ../fixtures by shape: the same field names, the same JSON types.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodexWorkspace } from './run-codex.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

export type HookInput = Record<string, unknown> & {
  hook_event_name: string;
  session_id: string;
};

/** The saved hook inputs by event, in the order they fired; empties the directory. */
export function takeHookInputs(ws: CodexWorkspace): Record<string, HookInput[]> {
  const byEvent: Record<string, HookInput[]> = {};
  const files = existsSync(ws.hookDir) ? readdirSync(ws.hookDir) : [];
  const numbered = files
    .map((file) => /^(\w+)\.(\d+)\.json$/.exec(file))
    .filter((match): match is RegExpExecArray => match !== null)
    .sort((a, b) => Number(a[2]) - Number(b[2]));
  for (const [file, event] of numbered) {
    const input = JSON.parse(readFileSync(join(ws.hookDir, file), 'utf8')) as HookInput;
    const list = byEvent[event!] ?? [];
    list.push(input);
    byEvent[event!] = list;
  }
  rmSync(ws.hookDir, { recursive: true, force: true });
  mkdirSync(ws.hookDir, { recursive: true });
  return byEvent;
}

/** A hook input with the run's temp paths replaced by /tmp/HOME, /tmp/PROJECT, /tmp/ROOT. */
export function scrubbed(ws: CodexWorkspace, input: HookInput): HookInput {
  return JSON.parse(ws.scrub(JSON.stringify(input))) as HookInput;
}

/** Field names and JSON types, nested: `{ a: 'string', b: { c: 'number' }, d: 'null' }`. */
export function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'array' : [shapeOf(value[0])];
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shapeOf(inner)]),
    );
  }
  return typeof value;
}

export function readFixture(name: string): HookInput {
  return JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as HookInput;
}

export function writeFixture(name: string, input: HookInput): void {
  mkdirSync(FIXTURES, { recursive: true });
  writeFileSync(join(FIXTURES, `${name}.json`), `${JSON.stringify(input, null, 2)}\n`);
}

/** RECORD_CODEX_FIXTURES=1 rewrites the fixtures from the live run instead of comparing. */
export const RECORDING = process.env.RECORD_CODEX_FIXTURES === '1';
