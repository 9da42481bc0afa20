/** Ages and states by the server's clock, so a skewed browser clock marks nothing stale. */
import { isStalePlan } from 'plankeeper';
import { state } from './state.js';
import { texts } from './texts.js';

export type PlanState = 'stale' | 'leftover' | 'done' | 'open' | 'empty';

export function serverNow(): number {
  return Date.now() + state.offset;
}

export function syncClock(body: { now: number; staleAfterMs: number }): void {
  state.offset = body.now - Date.now();
  state.staleAfterMs = body.staleAfterMs;
}

export function ago(at: number): string {
  return texts.ago(Math.max(0, Math.round((serverNow() - at) / 1000)));
}

export function planState(plan: {
  total: number;
  open: number;
  leftover: boolean;
  updatedAt: number;
}): PlanState {
  if (plan.total === 0) return 'empty';
  if (plan.open === 0) return 'done';
  if (plan.leftover) return 'leftover';
  // The one stale rule, the server's own (see the listing), on the server's clock.
  if (isStalePlan(plan, { now: serverNow(), staleAfterMs: state.staleAfterMs })) return 'stale';
  return 'open';
}
