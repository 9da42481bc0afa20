/** The shapes of item dependencies (`blockedBy`): modes, inputs, and what a write reports. */
import type { DependencyEntry } from '../plan-issue.js';
import type { TodoItem } from '../todo-item.js';

/**
 * How blockers constrain order. `enforce`: an item cannot become `in_progress` or
 * `completed` while a blocker is open; `warn`: it can, and the result says so; `off`:
 * blockers are only recorded and shown. Unknown blockers and cycles are refused in every mode.
 */
export type DependencyMode = 'off' | 'warn' | 'enforce';

export const DEPENDENCY_MODES: readonly DependencyMode[] = ['off', 'warn', 'enforce'];

/** A blocker as a model writes it: an item id, or the exact content of another entry in the same call. */
export type BlockerInput = string | number;

/** An item that became in_progress or completed while blockers were open (under `warn`). */
export interface OutOfOrder {
  id: string;
  status: 'in_progress' | 'completed';
  open: string[];
}

/** A removed item taken out of the blockers of the items that waited for it. */
export interface DetachedBlocker {
  id: string;
  from: string[];
}

/** What a write did to dependencies, for the model's result; empty lists are left out. */
export interface DependencyFacts {
  outOfOrder?: OutOfOrder[];
  detached?: DetachedBlocker[];
  /** Open items that waited on a blocker that is now removed or cancelled, and wait on nothing open. */
  unblocked?: string[];
}

/** One entry of a call as the resolver sees it. */
export interface BlockerSource {
  /** Where the entry sits in the call's list. */
  index: number;
  /** The id the entry has (or would get) in the resulting plan. */
  id: string;
  content: string;
  blockedBy: readonly BlockerInput[];
}

/** How an operation names an item in an issue: by id when it exists, else by place and content. */
export type EntryLabel = (item: TodoItem) => DependencyEntry;
