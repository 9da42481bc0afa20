/**
 * plankeeper's hook callbacks: each SDK hook event becomes one of the rules' host events,
 * answered on the core's one hook path (plankeeper/hooks: answerInStore under failOpen), as
 * Claude Code's `plankeeper hook` is, in-process. They fail open: a store that is down or
 * hangs past the deadline is reported to `onError`, and the agent goes on as if plankeeper
 * were absent.
 */

import type { CheckGate } from '../../checks/check-gate.js';
import type { PlanEngine } from '../../engine/plan-engine.js';
import type { PlanKey } from '../../engine/plan-key.js';
import type { StoredRuleOptions } from '../../harness/stored-discipline.js';
import { answerInStore, asksTheRules } from '../../hooks/answer-in-store.js';
import { failOpen, type Untimed } from '../../hooks/fail-open.js';
import type { ToolUseKeys } from '../../hooks/tool-use-keys.js';
import {
  hookOutputOf,
  hostEventOf,
  PLAN_HOOK_EVENTS,
  type PlanHookEvent,
  planKeyOf,
} from './hook-events.js';
import type {
  HookCallback,
  HookCallbackMatcher,
  HookEvent,
  HookInput,
  SyncHookJSONOutput,
} from './sdk-types.js';

export interface PlanHookContext {
  engine: PlanEngine;
  /** The host's key; undefined: the SDK session's. */
  key: PlanKey | undefined;
  rules: StoredRuleOptions;
  /** Tools that run while the plan waits for approval. */
  allowWhileWaiting: ReadonlySet<string>;
  toolUses: ToolUseKeys;
  onError: (error: unknown, event: string) => void;
  deadlineMs: number;
  /** The person's checks before an answer (option `verify`); none: no checks run. */
  checks?: CheckGate | undefined;
  /** Told a notice for the person besides the Stop output's `systemMessage`. */
  onNotice?: ((text: string) => void) | undefined;
}

export type PlanHooks = Partial<Record<HookEvent, HookCallbackMatcher[]>>;

/** One matcher per event plankeeper answers, for every tool. */
export function planHooks(context: PlanHookContext): PlanHooks {
  return Object.fromEntries(
    PLAN_HOOK_EVENTS.map((event) => [
      event,
      [
        {
          hooks: [planCallback(event, context)],
          ...(event === 'Stop' && context.checks && { timeout: stopTimeout(context) }),
        },
      ],
    ]),
  );
}

/**
 * Seconds the SDK gives the Stop callback when checks run there: the commands' own limits
 * and the callback's deadline, with a margin, so the SDK never cuts a check short.
 */
function stopTimeout({ checks, deadlineMs }: PlanHookContext): number {
  return Math.ceil(((checks?.timeoutMs ?? 0) + deadlineMs) / 1000) + 10;
}

function planCallback(event: PlanHookEvent, context: PlanHookContext): HookCallback {
  return (input: HookInput) =>
    failOpen<SyncHookJSONOutput>((_, untimed) => answer(event, input, context, untimed), {
      deadlineMs: context.deadlineMs,
      neutral: {},
      onError: (error) => context.onError(error, event),
    });
}

async function answer(
  event: PlanHookEvent,
  input: HookInput,
  context: PlanHookContext,
  untimed: Untimed,
): Promise<SyncHookJSONOutput> {
  const key = planKeyOf(input, context.key);
  if (input.hook_event_name === 'PreToolUse') await context.toolUses.note(input.tool_use_id, key);
  const hostEvent = hostEventOf(input);
  if (!hostEvent) return {};
  const options = {
    rules: context.rules,
    allowWhileWaiting: context.allowWhileWaiting,
    // The checks run outside the callback's deadline: a test suite takes longer than 3 s.
    ...(context.checks && { checks: context.checks, untimed }),
  };
  if (!asksTheRules(hostEvent, options)) return {};
  if (input.hook_event_name === 'PostToolUse' || input.hook_event_name === 'PostToolUseFailure')
    await context.toolUses.forget(input.tool_use_id);
  const answered = await answerInStore(context.engine, { key, event: hostEvent }, options);
  if (answered.kind === 'notice') context.onNotice?.(answered.text);
  return hookOutputOf(event, answered);
}
