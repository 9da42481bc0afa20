import type { PlanIssue } from '../../engine/plan-issue.js';
import type { ToolDefinition } from '../tool.js';
import type { PlanToolKit } from './plan-tool-kit.js';
import { planWriteTool } from './plan-write-tool.js';

/** Accepts `title` for `content` (the shape seed 001's models were taught). */
function titleAsContent(value: Record<string, unknown>): PlanIssue[] {
  const issues: PlanIssue[] = [];
  if (!Array.isArray(value.todos)) return issues;
  value.todos.forEach((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null || !('title' in entry)) return;
    const item = entry as Record<string, unknown>;
    if (item.content === undefined) item.content = item.title;
    else if (item.content !== item.title)
      issues.push({ code: 'alias_conflict', path: ['todos', index, 'title'] });
    delete item.title;
  });
  return issues;
}

export function todosAddTool(kit: PlanToolKit): ToolDefinition {
  return planWriteTool(kit, {
    name: 'todos_add',
    normalize: titleAsContent,
    apply: (key, value, meta) => kit.engine.add(key, value.todos, meta),
    describe: (_snapshot, facts) => ({
      lines: [kit.locale.results.added(facts.added.map((item) => item.id))],
      data: { added: facts.added },
    }),
  });
}
