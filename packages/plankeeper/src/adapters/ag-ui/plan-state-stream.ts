/**
 * A plan streamed as AG-UI state: a STATE_SNAPSHOT first (the front end's own state kept
 * beside plankeeper's keys), then a STATE_DELTA per change, the JSON Patch from the state
 * last sent. Applied in order, the deltas rebuild the plan exactly.
 */
import { type BaseEvent, EventType } from '@ag-ui/core';
import type { PlanKey } from '../../engine/plan-key.js';
import type { TodoItem } from '../../engine/todo-item.js';
import { type JsonValue, jsonPatch } from './json-patch.js';
import { planAgUiState } from './plan-state.js';

type Plan = { items: readonly TodoItem[]; version: number };

export class PlanStateStream {
  private last: JsonValue = {};

  constructor(private readonly key: PlanKey) {}

  /** The whole state: `base` (the front end's) with plankeeper's keys set from `plan`. */
  snapshot(plan: Plan, base: Record<string, unknown> = {}): BaseEvent {
    const state = { ...base, ...planAgUiState(this.key, plan) } as unknown as JsonValue;
    this.last = state;
    return { type: EventType.STATE_SNAPSHOT, snapshot: state } as BaseEvent;
  }

  /** The change since the state last sent, or undefined when `plan` shows nothing new. */
  delta(plan: Plan): BaseEvent | undefined {
    const previous = this.last as Record<string, JsonValue>;
    const next = { ...previous, ...planAgUiState(this.key, plan) } as unknown as JsonValue;
    const delta = jsonPatch(this.last, next);
    if (delta.length === 0) return undefined;
    this.last = next;
    return { type: EventType.STATE_DELTA, delta } as BaseEvent;
  }
}
