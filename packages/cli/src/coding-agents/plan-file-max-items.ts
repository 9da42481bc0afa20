/**
 * `--max-items N` beside `--plan-file`: a team's backlog file may hold more than the 20
 * items a model's own plan is held to. One reading for `todos`, `mcp`, `hook` and `setup`,
 * each problem said in one line naming the allowed range.
 */
import { groupDigits, PLAN_FILE_MAX_ITEMS } from 'plankeeper/stores/plan-file';
import type { Checked } from './setup/check-values.js';

export const MAX_ITEMS_HELP = `most items the plan file may hold, 1 to ${groupDigits(PLAN_FILE_MAX_ITEMS)} (default: 20)`;

/** Said when `--max-items` comes without a plan file to apply it to. */
export const MAX_ITEMS_WITHOUT_PLAN_FILE = '--max-items applies only with --plan-file PATH.';

/** `--max-items`'s count: a whole number from 1 to the plan file's own limit. */
export function checkMaxItems(value: string): Checked<number> {
  const text = value.trim();
  const number = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  if (number >= 1 && number <= PLAN_FILE_MAX_ITEMS) return number;
  return {
    problem: `--max-items must be a whole number from 1 to ${groupDigits(PLAN_FILE_MAX_ITEMS)}, not ${JSON.stringify(value)}.`,
  };
}

/** The engine's limits for `maxItems` (absent: the engine's default). */
export function maxItemsLimits(maxItems: number | undefined): { limits?: { maxItems: number } } {
  return maxItems === undefined ? {} : { limits: { maxItems } };
}
