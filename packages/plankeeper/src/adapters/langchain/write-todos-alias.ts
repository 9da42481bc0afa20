/**
 * LangChain's todoListMiddleware gives the model `write_todos {todos: [{content, status}]}`.
 * That input is a valid `todo_write` input (same field names, statuses a subset of ours),
 * so the alias runs `todo_write` itself: same validation, same corrections. It is not bound
 * to the model — LangChain's tool node lets a `wrapToolCall` middleware supply the tool
 * for a name it does not know, so a call is answered instead of "not a valid tool".
 */
import { ConfigurationError } from '../../engine/errors.js';
import type { ToolDefinition } from '../../tools/tool.js';

const WRITE_TODOS = 'write_todos';

export function addWriteTodosAlias(planTools: Map<string, ToolDefinition>): void {
  const todoWrite = planTools.get('todo_write');
  if (!todoWrite) {
    throw new ConfigurationError(
      `writeTodosAlias runs write_todos as todo_write, which tools "granular" does not have: use tools "whole-list" or "both".`,
    );
  }
  planTools.set(WRITE_TODOS, todoWrite);
}
