/**
 * How other agent frameworks show a todo list to the model, reproduced from their
 * sources so the token benchmark can put plankeeper's plan section next to them. Each
 * function returns exactly the text the framework adds to the model's input after one
 * update of the list. What each one carries (ids, statuses, progress) is in
 * ANCHOR_INFORMATION.
 */

/** An item as the benchmarks feed every format. */
export interface AnchorItem {
  content: string;
  /** Present-continuous wording, which Claude Code's schema requires. */
  activeForm: string;
  status: 'pending' | 'in_progress' | 'completed';
}

/**
 * Microsoft Agent Framework, `TodoProvider.FormatTodoListMessage`
 * (dotnet/src/Microsoft.Agents.AI/Harness/Todo/TodoProvider.cs): a synthetic user
 * message injected at the start of each agent invocation; items have an int id, a
 * title, an optional description and only `IsComplete`.
 */
export function agentFrameworkMessage(items: readonly AnchorItem[]): string {
  if (items.length === 0) return '### Current todo list\n- none yet';
  const lines = items.map(
    (item, index) =>
      `- ${index + 1} [${item.status === 'completed' ? 'done' : 'open'}] ${item.content}`,
  );
  return `### Current todo list\n${lines.join('\n')}`;
}

/**
 * Claude Code, TodoWrite: the tool result, then the system-reminder that lists the
 * todos as JSON (as recorded in a Claude Code session trace; the tool's input schema
 * is `{content, status, activeForm}` per item, no ids).
 */
export function claudeCodeTodoWriteResult(items: readonly AnchorItem[]): string {
  const todos = items.map(({ content, status, activeForm }) => ({ content, status, activeForm }));
  return [
    'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable',
    '',
    '<system-reminder>',
    'Your todo list has changed. DO NOT mention this explicitly to the user. Here are the latest contents of your todo list:',
    '',
    `${JSON.stringify(todos)}. Continue on with the tasks at hand if applicable.`,
    '</system-reminder>',
  ].join('\n');
}

/**
 * LangChain JS, `todoListMiddleware` (langchain/dist/agents/middleware/todoListMiddleware.js):
 * the `write_todos` tool message `Updated todo list to ${JSON.stringify(todos)}`, items
 * `{content, status}`.
 */
export function langChainWriteTodosMessage(items: readonly AnchorItem[]): string {
  return `Updated todo list to ${JSON.stringify(items.map(({ content, status }) => ({ content, status })))}`;
}

/**
 * Gemini CLI, `write_todos` (packages/core/src/tools/write-todos.ts): the llmContent of
 * the result, one numbered line per item, `{description, status}` per item.
 */
export function geminiWriteTodosResult(items: readonly AnchorItem[]): string {
  if (items.length === 0) return 'Successfully cleared the todo list.';
  const lines = items.map((item, index) => `${index + 1}. [${item.status}] ${item.content}`);
  return `Successfully updated the todo list. The current list is now:\n${lines.join('\n')}`;
}

/**
 * Codex, `update_plan` (codex-rs/core/src/tools/handlers/plan.rs): the plan lives only
 * in the call's arguments, `{plan: [{step, status}]}`, which stay in the conversation;
 * the tool answers "Plan updated".
 */
export function codexUpdatePlan(items: readonly AnchorItem[]): {
  arguments: string;
  result: string;
} {
  return {
    arguments: JSON.stringify({
      plan: items.map(({ content, status }) => ({ step: content, status })),
    }),
    result: 'Plan updated',
  };
}

/** What each format tells the model, for the "equal information" notes. */
export const ANCHOR_INFORMATION = {
  plankeeper: {
    ids: 'stable (#N)',
    statuses: 'pending, in_progress, completed, cancelled',
    progress: true,
  },
  agentFramework: { ids: 'stable (N)', statuses: 'open, done', progress: false },
  claudeCode: {
    ids: 'none',
    statuses: 'pending, in_progress, completed',
    progress: false,
    extra: 'activeForm (a second wording of every item)',
  },
  langChain: { ids: 'none', statuses: 'pending, in_progress, completed', progress: false },
  gemini: {
    ids: 'positions (1., 2., … shift when items move)',
    statuses: 'pending, in_progress, completed, cancelled',
    progress: false,
  },
  codex: { ids: 'none', statuses: 'pending, in_progress, completed', progress: false },
} as const;
