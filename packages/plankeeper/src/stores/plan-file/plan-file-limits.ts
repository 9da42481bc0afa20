/**
 * How large a plan file may grow. Reading and writing one take time and memory in
 * proportion to its size; past these limits the file is refused, never half-read, so a
 * backlog pasted by mistake cannot stall every agent sharing the plan.
 */
import { relative } from 'node:path';
import { PlanFileError } from './plan-file-error.js';

/** Bytes a plan file may hold: 1 MiB, about four times a file of 10,000 short items. */
export const PLAN_FILE_MAX_BYTES = 1024 * 1024;

/** Items a plan file may hold. */
export const PLAN_FILE_MAX_ITEMS = 10_000;

/** Refuses a file of `bytes` bytes when that is over {@link PLAN_FILE_MAX_BYTES}. */
export function checkPlanFileBytes(path: string, bytes: number): void {
  if (bytes <= PLAN_FILE_MAX_BYTES) return;
  throw new PlanFileError({
    code: 'too-many-bytes',
    file: shown(path),
    bytes,
    limit: PLAN_FILE_MAX_BYTES,
  });
}

/** Refuses a file of `items` items when that is over {@link PLAN_FILE_MAX_ITEMS}. */
export function checkPlanFileItems(path: string, items: number): void {
  if (items <= PLAN_FILE_MAX_ITEMS) return;
  throw new PlanFileError({
    code: 'too-many-items',
    file: shown(path),
    items,
    limit: PLAN_FILE_MAX_ITEMS,
  });
}

/** The file as the person named it: relative to where they are, when it is below it. */
export function shown(path: string): string {
  const near = relative(process.cwd(), path);
  return near !== '' && !near.startsWith('..') ? near : path;
}
