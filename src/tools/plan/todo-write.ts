import { quoteText } from '../../engine/render.js';
import { progressOf } from '../../engine/todo-item.js';
import { toJsonSchema } from '../schemas.js';
import type { ToolDefinition } from '../tool.js';
import { validateInput } from '../validate-input.js';
import { type PlanToolKit, progressTitle } from './plan-tool-kit.js';

export function todoWriteTool(kit: PlanToolKit): ToolDefinition {
  const name = 'todo_write';
  const schema = kit.schemas.todo_write;
  return {
    name,
    description: kit.locale.tools.todo_write,
    inputSchema: toJsonSchema(schema),
    async execute(args, context) {
      const key = kit.keyOf(context);
      const input = validateInput(schema, args);
      if (!input.ok) {
        return kit.rejectInput(name, key, input, (value) =>
          kit.engine.write(key, value.todos, { dryRun: true }),
        );
      }
      const outcome = await kit.engine.write(key, input.value.todos, kit.meta(name, context));
      if (!outcome.ok) return kit.reject(name, outcome.issues, outcome.snapshot);
      const { snapshot, facts } = outcome;
      const { results } = kit.locale;
      const lines = [
        snapshot.items.length === 0 ? results.cleared : results.written(progressOf(snapshot.items)),
      ];
      if (facts.dropped.length > 0) lines.push(results.dropped(facts.dropped, quoteText));
      if (kit.echoPlan && snapshot.items.length > 0) lines.push(kit.render(snapshot));
      return {
        ok: true,
        text: lines.join('\n'),
        data: { items: snapshot.items, version: snapshot.version, ...facts },
        title: progressTitle(name, snapshot),
      };
    },
  };
}
