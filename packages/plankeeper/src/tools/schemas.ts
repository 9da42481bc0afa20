/**
 * Input schemas of the plan tools. The same zod schemas validate arguments and produce
 * the JSON Schema the model is shown, so the two cannot drift apart.
 */
import { z } from 'zod';
import type { PlanLimits } from '../engine/limits.js';
import { TODO_STATUSES } from '../engine/todo-item.js';
import { en } from '../locale/en.js';

const idSchema = z.union([z.string().regex(/^[1-9]\d*$/), z.number().int().min(1)]);

/** Descriptions of fields whose use is not plain from their name. */
export interface FieldDescriptions {
  writeBlockedBy: string;
  addBlockedBy: string;
}

const ENGLISH_FIELDS: FieldDescriptions = {
  writeBlockedBy: en.dependencies.writeField,
  addBlockedBy: en.dependencies.addField,
};

export function createSchemas(limits: PlanLimits, fields: FieldDescriptions = ENGLISH_FIELDS) {
  const text = z.string().max(limits.maxTextLength);
  const content = z.string().max(limits.maxContentLength);
  // An id or another entry's exact content; the engine resolves and checks each one.
  const blockers = (description: string) =>
    z
      .array(z.union([content, z.number().int().min(1)]))
      .max(limits.maxItems)
      .describe(description)
      .optional();
  return {
    todo_write: z.strictObject({
      todos: z
        .array(
          z.strictObject({
            id: idSchema.optional(),
            content,
            status: z.enum(TODO_STATUSES),
            description: text.optional(),
            activeForm: text.optional(),
            note: text.optional(),
            blockedBy: blockers(fields.writeBlockedBy),
          }),
        )
        .max(limits.maxItems),
    }),
    todo_read: z.strictObject({}),
    todos_add: z.strictObject({
      todos: z
        .array(
          z.strictObject({
            content,
            description: text.optional(),
            activeForm: text.optional(),
            blockedBy: blockers(fields.addBlockedBy),
          }),
        )
        .min(1)
        .max(limits.maxItems),
    }),
    todos_complete: z.strictObject({
      // A plan holds at most maxItems items, so a longer list cannot be right; the bound
      // keeps the per-entry work and the rejection short.
      items: z
        .array(z.strictObject({ id: idSchema, reason: text }))
        .min(1)
        .max(limits.maxItems),
    }),
    todos_remove: z.strictObject({ ids: z.array(idSchema).min(1).max(limits.maxItems) }),
    todos_get_remaining: z.strictObject({}),
    todos_get_all: z.strictObject({}),
  };
}

export type PlanToolSchemas = ReturnType<typeof createSchemas>;
export type PlanToolName = keyof PlanToolSchemas;

/** JSON Schema (draft 2020-12) for the model, from the zod schema. */
export function toJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  // zod bounds integers to the safe range; that bound only costs the model tokens.
  return JSON.parse(
    JSON.stringify(json, (name, value) =>
      name === 'maximum' && value === Number.MAX_SAFE_INTEGER ? undefined : value,
    ),
  );
}
