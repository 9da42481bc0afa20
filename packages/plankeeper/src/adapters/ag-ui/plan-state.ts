/**
 * The plan as AG-UI shared state. plankeeper's part lives under one key, `plankeeper`, so a
 * front end's own state beside it is never touched; `steps` is the same plan as the step
 * list that CopilotKit-style front ends already render.
 */
import type { PlanKey } from '../../engine/plan-key.js';
import type { TodoItem, TodoStatus } from '../../engine/todo-item.js';

/** The key of plankeeper's part of the shared state. */
export const PLAN_STATE_KEY = 'plankeeper';

export interface PlanStateItem {
  id: string;
  content: string;
  status: TodoStatus;
  description?: string;
  note?: string;
  owner?: string;
  blockedBy?: string[];
}

/** `state.plankeeper`: which plan, its version, and its items in order. */
export interface PlanState {
  planKey: PlanKey;
  version: number;
  items: PlanStateItem[];
}

/** `state.steps`: one entry per item, for front ends that render a step list. */
export interface PlanStep {
  description: string;
  status: TodoStatus;
}

/** The shared state plankeeper owns: `{plankeeper, steps}`. */
export interface PlanAgUiState {
  plankeeper: PlanState;
  steps: PlanStep[];
}

/** The state a front end is sent for `plan` at `key`. */
export function planAgUiState(key: PlanKey, plan: { items: readonly TodoItem[]; version: number }) {
  const items = plan.items.map(stateItem);
  return {
    plankeeper: { planKey: { ...key }, version: plan.version, items },
    steps: items.map((item) => ({ description: item.content, status: item.status })),
  } satisfies PlanAgUiState;
}

function stateItem(item: TodoItem): PlanStateItem {
  return {
    id: item.id,
    content: item.content,
    status: item.status,
    ...(item.description !== undefined && { description: item.description }),
    ...(item.note !== undefined && { note: item.note }),
    ...(item.owner !== undefined && { owner: item.owner }),
    ...(item.blockedBy?.length && { blockedBy: [...item.blockedBy] }),
  };
}
