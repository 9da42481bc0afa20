/**
 * plankeeper's hook callbacks: each SDK hook event becomes one of the rules' host events,
 * decided against the store by the same reducer as Claude Code's `plankeeper hook`
 * (decideInStore), in-process. They fail open: a store that is down or hangs past the
 * deadline is reported to `onError`, and the agent goes on as if plankeeper were absent.
 */

import type { PlanEngine } from '../../engine/plan-engine.js';
import type { PlanKey } from '../../engine/plan-key.js';
import { decideInStore, type StoredRuleOptions } from '../../harness/stored-discipline.js';
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
import type { ToolUseKeys } from './tool-use-keys.js';

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
}

export type PlanHooks = Partial<Record<HookEvent, HookCallbackMatcher[]>>;

/** One matcher per event plankeeper answers, for every tool. */
export function planHooks(context: PlanHookContext): PlanHooks {
  return Object.fromEntries(
    PLAN_HOOK_EVENTS.map((event) => [event, [{ hooks: [planCallback(event, context)] }]]),
  );
}

function planCallback(event: PlanHookEvent, context: PlanHookContext): HookCallback {
  return async (input: HookInput) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`gave up after ${context.deadlineMs} ms`)),
          context.deadlineMs,
        );
      });
      return await Promise.race([answer(event, input, context), deadline]);
    } catch (error) {
      context.onError(error, event);
      return {};
    } finally {
      clearTimeout(timer);
    }
  };
}

async function answer(
  event: PlanHookEvent,
  input: HookInput,
  context: PlanHookContext,
): Promise<SyncHookJSONOutput> {
  const key = planKeyOf(input, context.key);
  if (input.hook_event_name === 'PreToolUse') context.toolUses.note(input.tool_use_id, key);
  const hostEvent = hostEventOf(input);
  if (!hostEvent) return {};
  if (hostEvent.kind === 'tool-start') {
    // Without approval a call about to run asks nothing of the plan.
    const { approval } = context.rules;
    if (approval === undefined || context.allowWhileWaiting.has(hostEvent.tool)) return {};
  }
  if (input.hook_event_name === 'PostToolUse' || input.hook_event_name === 'PostToolUseFailure')
    context.toolUses.forget(input.tool_use_id);
  return hookOutputOf(
    event,
    await decideInStore(context.engine, { key, event: hostEvent }, context.rules),
  );
}
