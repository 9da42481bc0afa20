/**
 * MCP behaviour hints for each plan tool, so clients can tell reads (safe to auto-approve)
 * from writes. Every plan tool acts only on plankeeper's own plan store: a closed world.
 */
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

const read: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

export const PLAN_TOOL_ANNOTATIONS: Readonly<Record<string, ToolAnnotations>> = {
  todo_write: {
    title: 'Write todo list',
    readOnlyHint: false,
    destructiveHint: true,
    // Items sent without ids become new items, so a repeated write is not a no-op.
    idempotentHint: false,
    openWorldHint: false,
  },
  todo_read: { title: 'Read todo list', ...read },
  todos_add: {
    title: 'Add todos',
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
  todos_complete: {
    title: 'Complete todos',
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  todos_remove: {
    title: 'Remove todos',
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
  todos_get_remaining: { title: 'Remaining todos', ...read },
  todos_get_all: { title: 'All todos', ...read },
};
