/**
 * Tools of the eval's fake environments: a zod schema for the arguments, a function
 * that answers with deterministic text. Bad arguments come back as a corrective result,
 * as they do for every built-in tool.
 */

import type { ToolDefinition } from 'plankeeper';
import { toJsonSchema, validateInput } from 'plankeeper/tools';
import type { z } from 'zod';
import { rejectArguments } from '../../builtin-tools/rejection.js';

/** A tool's answer: text for the model, and whether the call did what was asked. */
export type ToolAnswer = string | { ok: false; text: string };

export function defineTool<Schema extends z.ZodType>(
  name: string,
  description: string,
  schema: Schema,
  run: (input: z.output<Schema>) => ToolAnswer,
): ToolDefinition {
  return {
    name,
    description,
    inputSchema: toJsonSchema(schema),
    async execute(args) {
      const input = validateInput(schema, args);
      if (!input.ok) return rejectArguments(name, input.issues, args);
      const answer = run(input.value);
      const ok = typeof answer === 'string';
      const text = typeof answer === 'string' ? answer : answer.text;
      return { ok, text, data: {}, title: `${name}: ${ok ? 'ok' : 'failed'}` };
    },
  };
}
