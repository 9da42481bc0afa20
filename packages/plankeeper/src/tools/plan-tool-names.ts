/**
 * The plan tools' names, apart from their schemas: hosts that only need to recognise a plan
 * tool (a coding agent's hook, the harness) read them here without loading zod.
 */

export const PLAN_TOOL_NAMES = {
  'whole-list': ['todo_write', 'todo_read'],
  granular: ['todos_add', 'todos_complete', 'todos_remove', 'todos_get_remaining', 'todos_get_all'],
} as const;

/** Every plan tool name, for hosts that treat plan tools specially (nudges, UIs). */
export const ALL_PLAN_TOOL_NAMES: readonly string[] = [
  ...PLAN_TOOL_NAMES['whole-list'],
  ...PLAN_TOOL_NAMES.granular,
];

/** Tools whose success counts as updating the plan. */
export const PLAN_WRITE_TOOL_NAMES: readonly string[] = [
  'todo_write',
  'todos_add',
  'todos_complete',
  'todos_remove',
];
