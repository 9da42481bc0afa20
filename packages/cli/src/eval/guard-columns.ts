/**
 * The guard settings the suite compares. "off" keeps the plan tools and nothing else:
 * no plan section, no echoed list, no reminder, no checks. Each guard column turns one
 * guard on over that baseline; "leftover-marking" is the plan section as shipped and is
 * measured against "injection", the same section with leftover marking taken out.
 * "checks" is checks before done: everything on, plus the person's check command as
 * `verify`, where the environment is a real folder that has one.
 */
import type { PlanningOptions } from 'plankeeper';
import { isOpen, progressOf, renderPlan } from 'plankeeper';
import type { CompletionVerifier, PlanSectionBuilder } from 'plankeeper/harness';

export const GUARD_COLUMNS = [
  'off',
  'injection',
  'leftover-marking',
  'nudge',
  'finish-check',
  'goal-check',
  'evidence',
  'verifier',
  'all',
  'checks',
] as const;

export type GuardColumn = (typeof GUARD_COLUMNS)[number];

/** The column each one's extra cost is measured against. */
export const COST_BASELINE: Record<GuardColumn, GuardColumn | undefined> = {
  off: undefined,
  injection: 'off',
  'leftover-marking': 'injection',
  nudge: 'off',
  'finish-check': 'off',
  'goal-check': 'off',
  evidence: 'off',
  verifier: 'off',
  all: 'off',
  checks: 'all',
};

export const COLUMN_LABELS: Record<GuardColumn, string> = {
  off: 'off',
  injection: 'injection',
  'leftover-marking': 'leftover',
  nudge: 'nudge',
  'finish-check': 'finish',
  'goal-check': 'goal',
  evidence: 'evidence',
  verifier: 'verifier',
  all: 'all on',
  checks: 'checks',
};

/**
 * The built-in plan section without leftover marking: the full list when it changed,
 * the stored ids right after the model's own write, the focus form otherwise, and a plan
 * from an earlier turn shown as if it were current.
 */
export const planSectionWithoutLeftoverMarking: PlanSectionBuilder = ({
  items,
  changed,
  justWritten,
  locale,
}) => {
  if (items.length === 0) return undefined;
  if (changed) return renderPlan(items, { locale });
  const open = items.filter(isOpen);
  const current = open.find((item) => item.status === 'in_progress');
  if (justWritten) {
    if (open.length === 0) return undefined;
    return locale.harness.storedIds(
      current?.id,
      open.filter((item) => item !== current).map((item) => item.id),
    );
  }
  return locale.harness.focus(
    progressOf(items),
    current,
    open.filter((item) => item !== current).map((item) => item.id),
  );
};

const OFF: PlanningOptions = {
  injection: false,
  echoPlan: false,
  nudge: false,
  finishCheck: false,
  goalCheck: false,
};

/**
 * The person's check command as the verifier column runs it: the environment's own check
 * (its test suite) at the final completion or an item tagged [verify], as
 * `plankeeper mcp --verify "npm test"` would; no check, no verifier.
 */
export function checkVerifier(check: EnvironmentCheck): CompletionVerifier {
  return (item, context) => {
    const tagged = `${item.content} ${item.description ?? ''}`.includes('[verify]');
    if (!tagged && context.openAfter > 0) return true;
    const outcome = check();
    return outcome.ok || context.locale.evidence.commandFailed(CHECK_COMMAND, 1, outcome.output);
  };
}

/** The command the eval's check stands for, as the model reads it in a refusal. */
const CHECK_COMMAND = 'npm test';

export type EnvironmentCheck = () => { ok: true } | { ok: false; output: string };

/** The person's check command and the folder it runs in, for the checks column. */
export interface CheckCommandIn {
  command: string;
  cwd: string;
}

/** Time a check may take in the eval before it counts as failed. */
const CHECK_TIMEOUT_MS = 30_000;

/** "evidence" and "verifier" are the rule and the check alone over "off", like every guard column. */
export function planningFor(
  column: GuardColumn,
  check?: EnvironmentCheck,
  verify?: CheckCommandIn,
): PlanningOptions {
  switch (column) {
    case 'off':
      return OFF;
    case 'injection':
      return { ...OFF, injection: { builder: planSectionWithoutLeftoverMarking } };
    case 'leftover-marking':
      return { ...OFF, injection: {} };
    case 'nudge':
      return { ...OFF, nudge: {} };
    case 'finish-check':
      return { ...OFF, finishCheck: true };
    case 'goal-check':
      return { ...OFF, goalCheck: true };
    case 'evidence':
      return { ...OFF, evidence: 'enforce' };
    case 'verifier':
      return { ...OFF, ...(check && { verifiers: [checkVerifier(check)] }) };
    case 'all':
      return {};
    case 'checks':
      return { ...(verify && { verify: { ...verify, timeoutMs: CHECK_TIMEOUT_MS } }) };
  }
}
