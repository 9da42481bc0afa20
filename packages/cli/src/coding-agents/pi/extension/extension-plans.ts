/**
 * Where the Pi extension keeps plans, decided once per Pi process from the options setup
 * wrote (the hook's flags: `--store`, `--plan-file`, `--list`, `--lang`, `--approval`,
 * `--discipline`, `--verify` …): the project's store as every agent's hooks open it
 * (project-store.ts), the plan file over it, and the plan of each Pi session.
 */
import { resolve } from 'node:path';
import type { PlanKey } from 'plankeeper';
import { PlanEngine } from 'plankeeper/harness';
import { sessionPlan } from 'plankeeper/hooks';
import { openStore } from 'plankeeper/stores';
import { type HookArgs, parseHookArgs } from '../../hook/hook-args.js';
import { planFileList, withPlanFile } from '../../plan-file-list.js';
import { maxItemsLimits } from '../../plan-file-max-items.js';
import { agentStoreUrl } from '../../project-store.js';
import { EVIDENCE_FLAG } from './extension-flags.js';
import { parentSession, sessionKey } from './parent-session.js';

export interface ExtensionPlans {
  engine: PlanEngine;
  options: HookArgs;
  /** The evidence rule for completions (`--evidence`); absent: the preset's. */
  evidence?: 'warn' | 'enforce';
  /** The plan file's absolute path, with `--plan-file`. */
  planFile?: string;
  /** The store's URL, as opened. */
  storeUrl: string;
  /**
   * A Pi session's plan: its own (one scope below the `pi` that started this one), or the
   * shared list's with the session as its owner.
   */
  planOf(session: string): { key: PlanKey; owner?: string };
  close(): Promise<void>;
}

/** `options` as `plankeeper hook pi <event>` takes them after the event; a bad one throws. */
export async function openExtensionPlans(
  options: readonly string[],
  projectDir: string,
  env: NodeJS.ProcessEnv,
): Promise<ExtensionPlans> {
  const { evidence, rest } = evidenceOf(options);
  const parsed = parseHookArgs(['pi', 'extension', ...rest]);
  const parent = parentSession(env, process.pid);
  const url = agentStoreUrl(parsed.store, env, projectDir);
  const planFile = parsed.planFile === undefined ? undefined : resolve(projectDir, parsed.planFile);
  const opened = await openStore(url);
  const store = planFile === undefined ? opened : await withPlanFile(opened, planFile);
  const list = planFile === undefined ? parsed.list : planFileList(planFile);
  return {
    engine: new PlanEngine({ store, ...maxItemsLimits(parsed.maxItems) }),
    options: parsed,
    ...(evidence && { evidence }),
    storeUrl: url,
    ...(planFile !== undefined && { planFile }),
    planOf(session) {
      const own = sessionKey(session, parent);
      const { planKey, owner } = sessionPlan(own, list);
      return { key: planKey ?? own, ...(owner !== undefined && { owner }) };
    },
    close: () => store.close(),
  };
}

/** `--evidence L` taken out of `options`; any other value of it is refused. */
function evidenceOf(options: readonly string[]): {
  evidence?: 'warn' | 'enforce';
  rest: string[];
} {
  const at = options.indexOf(EVIDENCE_FLAG);
  if (at < 0) return { rest: [...options] };
  const value = options[at + 1];
  if (value !== 'warn' && value !== 'enforce') {
    throw new Error(`${EVIDENCE_FLAG} takes warn or enforce, not ${JSON.stringify(value)}`);
  }
  return { evidence: value, rest: [...options.slice(0, at), ...options.slice(at + 2)] };
}
