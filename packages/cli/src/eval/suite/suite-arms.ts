/**
 * The arms a suite compares. `off` is a plain agent with the workspace tools: no plan tools,
 * no guards. `light`, `standard` and `strict` are the discipline presets, resolved where every
 * host resolves them. `checks` is `standard` plus checks before done with the task's own check
 * as the command: it sees the check, as a person who configured their tests would.
 */
import type { PlanningOptions } from 'plankeeper';

export const SUITE_ARMS = ['off', 'light', 'standard', 'strict', 'checks'] as const;

export type SuiteArm = (typeof SUITE_ARMS)[number];

export const DEFAULT_ARMS: readonly SuiteArm[] = ['off', 'standard'];

/** Time the task's check may take inside the `checks` arm before it counts as failed. */
const CHECK_TIMEOUT_MS = 120_000;

export function isSuiteArm(value: string): value is SuiteArm {
  return (SUITE_ARMS as readonly string[]).includes(value);
}

/** The agent's `planning` option for an arm: false is no planning at all. */
export function planningForArm(
  arm: SuiteArm,
  check: { command: string; cwd: string },
): PlanningOptions | false {
  switch (arm) {
    case 'off':
      return false;
    case 'light':
    case 'standard':
    case 'strict':
      return { discipline: arm };
    case 'checks':
      return {
        discipline: 'standard',
        verify: { command: check.command, cwd: check.cwd, timeoutMs: CHECK_TIMEOUT_MS },
      };
  }
}
