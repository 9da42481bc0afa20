/**
 * The completion loop evaluator for autonomous runs (seed 001's
 * TodoCompletionLoopEvaluator): keep going while the plan has open items, under a hard
 * iteration cap so a model that never converges cannot spin forever.
 */
import { ConfigurationError } from '../engine/errors.js';
import type { PlanSnapshot } from '../engine/plan-engine.js';
import { quoteText } from '../engine/render.js';
import { isOpen } from '../engine/todo-item.js';
import type { Locale } from '../locale/locale.js';

export type LoopDecision =
  | { continue: true; prompt: string }
  | { continue: false; reason: 'plan-complete' | 'no-plan' | 'iteration-cap' };

export interface CompletionLoopOptions {
  /** Most iterations (user turns) an autonomous run may take. Required: there is no safe default. */
  maxIterations: number;
}

export function createCompletionLoop(options: CompletionLoopOptions) {
  if (!Number.isInteger(options.maxIterations) || options.maxIterations < 1) {
    throw new ConfigurationError(
      `maxIterations must be a positive integer, got ${options.maxIterations}.`,
    );
  }
  return {
    maxIterations: options.maxIterations,
    /** Decide after iteration `iteration` (1-based) whether to run another. */
    evaluate(snapshot: PlanSnapshot, iteration: number, locale: Locale): LoopDecision {
      const open = snapshot.items.filter(isOpen);
      if (snapshot.items.length === 0) return { continue: false, reason: 'no-plan' };
      if (open.length === 0) return { continue: false, reason: 'plan-complete' };
      if (iteration >= options.maxIterations) return { continue: false, reason: 'iteration-cap' };
      return { continue: true, prompt: locale.harness.continueWork(open, quoteText) };
    },
  };
}
