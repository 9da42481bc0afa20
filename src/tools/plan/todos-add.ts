import type { PlanIssue } from '../../engine/plan-issue.js';
import { toJsonSchema } from '../schemas.js';
import type { ToolDefinition } from '../tool.js';
import { validateInput } from '../validate-input.js';
import { type PlanToolKit, progressTitle } from './plan-tool-kit.js';

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
  const name = 'todos_add';
  const schema = kit.schemas[name];
  return {
    name,
    description: kit.locale.tools[name],
    inputSchema: toJsonSchema(schema),
    async execute(args, context) {
      const key = kit.keyOf(context);
      const input = validateInput(schema, args, titleAsContent);
      if (!input.ok) {
        return kit.rejectInput(name, key, input, (value) =>
          kit.engine.add(key, value.todos, { dryRun: true }),
        );
      }
      const outcome = await kit.engine.add(key, input.value.todos, kit.meta(name, context));
      if (!outcome.ok) return kit.reject(name, outcome.issues, outcome.snapshot);
      const { snapshot, facts } = outcome;
      const lines = [kit.locale.results.added(facts.added.map((item) => item.id))];
      if (kit.echoPlan) lines.push(kit.render(snapshot));
      return {
        ok: true,
        text: lines.join('\n'),
        data: { items: snapshot.items, version: snapshot.version, added: facts.added },
        title: progressTitle(name, snapshot),
      };
    },
  };
}
