/**
 * The `plankeeper run --script` file format (the contract in DESIGN.md):
 * `{"task", "steps", "options"?}` for one user turn, or `{"turns": [{"task", "steps"}...],
 * "options"?}` for a conversation. Each step is one model turn: a tool call (`args` an
 * object or a raw JSON string), several parallel tool calls, or a final answer.
 */
import { z } from 'zod';

const toolCall = z.strictObject({ tool: z.string().min(1), args: z.unknown().optional() });
const step = z.union([
  toolCall,
  z.strictObject({ tools: z.array(toolCall).min(1) }),
  z.strictObject({ final: z.string() }),
]);
const turn = z.strictObject({ task: z.string().min(1), steps: z.array(step) });

const injection = z.union([
  z.literal(false),
  z.strictObject({
    placement: z.enum(['tail', 'history']).optional(),
    whenUnchanged: z.enum(['full', 'focus', 'ids', 'omit']).optional(),
    whenJustWritten: z.enum(['full', 'focus', 'ids', 'omit']).optional(),
  }),
]);

/** One check command of `verify`; `cwd` is relative to the script's folder. */
const checkCommand = z.strictObject({
  command: z.string().trim().min(1),
  cwd: z.string().min(1).optional(),
  timeoutMs: z.number().positive().optional(),
  maxRefusals: z.number().int().min(0).optional(),
});
const checkEntry = z.union([z.string().trim().min(1), checkCommand]);
const verify = z.union([checkEntry, z.array(checkEntry).min(1)], {
  error:
    'write a command ("npm test"), {"command": "npm test", "cwd"?, "timeoutMs"?, "maxRefusals"?}, or a list of them',
});

export const scriptOptionsSchema = z.strictObject({
  locale: z.enum(['en', 'zh']).optional(),
  /** Renamed `locale` in 0.3; still read this release, with a deprecation warning. */
  lang: z.enum(['en', 'zh']).optional(),
  /** false runs the agent without planning at all. */
  planning: z.boolean().optional(),
  /** Which plan tools the model gets: `whole-list`, `granular` or `both`. */
  tools: z.enum(['whole-list', 'granular', 'both']).optional(),
  /** Renamed `tools` in 0.3; still read this release, with a deprecation warning. */
  preset: z.enum(['whole-list', 'granular', 'both']).optional(),
  maxSteps: z.number().int().min(1).optional(),
  system: z.string().optional(),
  instructions: z.union([z.string(), z.literal(false)]).optional(),
  /** A guard preset; the options below win over it. */
  discipline: z.enum(['light', 'standard', 'strict']).optional(),
  injection: injection.optional(),
  nudge: z
    .union([
      z.literal(false),
      z.strictObject({
        after: z.number().int().min(1).optional(),
        onlyWhileOpen: z.boolean().optional(),
      }),
    ])
    .optional(),
  finishCheck: z.boolean().optional(),
  goalCheck: z.boolean().optional(),
  echoPlan: z.boolean().optional(),
  dropPolicy: z.enum(['report', 'reject']).optional(),
  dependencies: z.enum(['off', 'warn', 'enforce']).optional(),
  /** The evidence rule: a completion needs a successful non-plan call since the item started. */
  evidence: z.enum(['off', 'warn', 'enforce']).optional(),
  /**
   * The person's check command(s): run when an item tagged [verify] or the last open item is
   * completed, and when the model answers after the workspace changed (checks before done).
   */
  verify: verify.optional(),
  /**
   * Plan approval: every tool but the plan tools is held until a person approves the plan.
   * `"required"` asks once per plan; `again: "on-change"` asks again when its steps change;
   * `allow` names tools that run meanwhile. No person approves during a script run.
   */
  approval: z
    .union(
      [
        z.literal(false),
        z.literal('required'),
        z.strictObject({
          again: z.enum(['once', 'on-change', 'never']).optional(),
          allow: z.array(z.string().min(1)).optional(),
        }),
      ],
      {
        error:
          'write "required", false, or {"again": "once" | "on-change", "allow": ["tool name", ...]}',
      },
    )
    .optional(),
  maxItems: z.number().int().min(1).optional(),
  maxContentLength: z.number().int().min(1).optional(),
  /** Folder for knowledge_search, relative to the script; default: the bundled after-sales base. */
  knowledge: z.string().optional(),
});

export const scriptSchema = z.union([
  z.strictObject({
    task: z.string().min(1),
    steps: z.array(step),
    options: scriptOptionsSchema.optional(),
  }),
  z.strictObject({ turns: z.array(turn).min(1), options: scriptOptionsSchema.optional() }),
]);

export type Script = z.output<typeof scriptSchema>;
export type ScriptOptions = z.output<typeof scriptOptionsSchema>;
export type ScriptTurn = z.output<typeof turn>;

/** Every script as a list of turns. */
export function turnsOf(script: Script): ScriptTurn[] {
  return 'turns' in script ? script.turns : [{ task: script.task, steps: script.steps }];
}
