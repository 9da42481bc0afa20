/**
 * Reading `RunAgentInput.state.plankeeper` from a front end. It comes from a browser, so it
 * is checked whole before anything is done with it: its size first (before it is walked),
 * then its shape. A state without a `plankeeper` part is no edit (a front end's first run).
 */
import { z } from 'zod';
import { TODO_STATUSES } from '../../engine/todo-item.js';
import type { AgUiTexts } from './ag-ui-texts.js';
import { PLAN_STATE_KEY } from './plan-state.js';

/** Default cap on the JSON size of `state.plankeeper`: many times a full plan. */
export const DEFAULT_MAX_STATE_BYTES = 64 * 1024;

const text = z.string().max(10_000);

const sentItem = z.strictObject({
  id: z.union([z.string().max(20), z.number().int().nonnegative()]).optional(),
  content: text,
  status: z.enum(TODO_STATUSES).optional(),
  description: text.optional(),
  note: text.optional(),
  owner: text.optional(),
  blockedBy: z.array(z.string().max(20)).max(200).optional(),
});

const sentState = z.strictObject({
  planKey: z.strictObject({
    agent: z.string().max(1000),
    session: z.string().max(1000),
    scope: z.array(z.string().max(1000)).max(50).optional(),
  }),
  version: z.number().int().nonnegative(),
  items: z.array(sentItem).max(1000),
});

export type SentItem = z.infer<typeof sentItem>;
export type SentPlanState = z.infer<typeof sentState>;

export type StateReading =
  | { ok: true; state: SentPlanState | undefined }
  | { ok: false; error: string };

/** The front end's `state.plankeeper`, undefined when it sent none, or why it is refused. */
export function readSentState(state: unknown, texts: AgUiTexts, maxBytes: number): StateReading {
  if (state === undefined || state === null) return { ok: true, state: undefined };
  if (typeof state !== 'object' || Array.isArray(state))
    return { ok: false, error: texts.badState('state', texts.expected('object')) };
  const part = (state as Record<string, unknown>)[PLAN_STATE_KEY];
  if (part === undefined) return { ok: true, state: undefined };
  const bytes = utf8Length(JSON.stringify(part) ?? '');
  if (bytes > maxBytes) return { ok: false, error: texts.tooLarge(bytes, maxBytes) };
  const parsed = sentState.safeParse(part);
  if (parsed.success) return { ok: true, state: parsed.data };
  const issue = parsed.error.issues[0]!;
  const where = [`state.${PLAN_STATE_KEY}`, ...issue.path.map(String)].join('.');
  return { ok: false, error: texts.badState(where, issueDetail(issue, texts)) };
}

/** The problem in the person's language; types and values as JSON names them. */
function issueDetail(issue: z.core.$ZodIssue, texts: AgUiTexts): string {
  switch (issue.code) {
    case 'invalid_type':
      return texts.expected(issue.expected);
    case 'unrecognized_keys':
      return texts.unknownFields(issue.keys);
    case 'invalid_value':
      return texts.expected(issue.values.map((value) => JSON.stringify(value)).join(' | '));
    case 'too_big':
      return texts.over(Number(issue.maximum));
    default:
      return issue.code;
  }
}

/** The UTF-8 size of `text`, without Node's Buffer: this entry runs in browsers and edges too. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
