/** Reads and validates a script file, reporting problems by field with what to write instead. */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import { type Script, scriptSchema } from './script-format.js';

export function loadScript(file: string): Script {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(
      `--script: cannot read ${JSON.stringify(file)} (${code ?? 'error'}).`,
      EXIT.usage,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file}: not valid JSON: ${(error as Error).message}`, EXIT.usage);
  }
  const parsed = scriptSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new CliError(`${file}: ${describe(value, parsed.error.issues)}`, EXIT.usage);
}

function describe(value: unknown, issues: readonly z.core.$ZodIssue[]): string {
  const root = value as Record<string, unknown>;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'a script is a JSON object: {"task": "...", "steps": [...]} or {"turns": [{"task": "...", "steps": [...]}]}.';
  }
  if (!('task' in root) && !('turns' in root)) {
    return 'missing "task" (with "steps") or "turns". A script is {"task": "...", "steps": [...]} or {"turns": [{"task": "...", "steps": [...]}]}.';
  }
  // The union reports one branch per shape; show the deepest, most specific problems.
  const flat = issues.flatMap((issue) =>
    issue.code === 'invalid_union'
      ? issue.errors.flat().map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }))
      : [issue],
  );
  const deepest = Math.max(...flat.map((issue) => issue.path.length));
  const lines = flat
    .filter((issue) => issue.path.length === deepest)
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(script)'}: ${issue.message}`);
  const stepHint = flat.some((issue) => issue.path.includes('steps'))
    ? ' Each step is {"tool": NAME, "args": {...} or "raw JSON"}, {"tools": [...]} or {"final": "text"}.'
    : '';
  return `${[...new Set(lines)].join('; ')}.${stepHint}`;
}
