/**
 * Which plan a LangChain invocation works on. The key comes from the host — a fixed key,
 * a function of the invocation's config and context, or by default the checkpointer's
 * `thread_id` — and never from tool arguments.
 */
import { ConfigurationError } from '../../engine/errors.js';
import type { PlanKey } from '../../engine/plan-key.js';

/** What a key function can read of an invocation. */
export interface PlanKeySource<Context = unknown> {
  /** `config.configurable` of the invocation, e.g. `thread_id`. */
  configurable?: { thread_id?: string; [name: string]: unknown } | undefined;
  /**
   * The invocation's `context`. LangChain passes a middleware only the fields its
   * `contextSchema` declares, so declare the ones the key is built from.
   */
  context?: Context | undefined;
}

/** A fixed key, or a function of the invocation; a string result is the session name. */
export type PlanKeyOption<Context = unknown> =
  | PlanKey
  | ((source: PlanKeySource<Context>) => PlanKey | string);

export function resolvePlanKey<Context>(
  option: PlanKeyOption<Context> | undefined,
  agent: string,
  source: PlanKeySource<Context>,
): PlanKey {
  if (option !== undefined && typeof option !== 'function') return option;
  const resolved = option ? option(source) : source.configurable?.thread_id;
  if (typeof resolved === 'object' && resolved !== null) return resolved;
  if (typeof resolved === 'string' && resolved !== '') return { agent, session: resolved };
  throw new ConfigurationError(
    option
      ? `planMiddleware: the key function returned ${JSON.stringify(resolved)}; return a plan key or a non-empty session name.`
      : 'planMiddleware needs a plan key: pass `key` (a key or a function of the invocation), or invoke the agent with `configurable.thread_id`.',
  );
}
