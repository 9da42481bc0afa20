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
      // A model that re-sends an unchanged list is usually unsure it was stored; showing
      // it the list ends that loop, and costs tokens only when it happens.
      const unchanged = facts.unchanged && snapshot.items.length > 0;
      const lines = [
        snapshot.items.length === 0
          ? results.cleared
          : unchanged
            ? results.unchanged(progressOf(snapshot.items))
            : results.written(progressOf(snapshot.items)),
      ];
      if (facts.dropped.length > 0) lines.push(results.dropped(facts.dropped, quoteText));
      if ((kit.echoPlan || unchanged) && snapshot.items.length > 0)
        lines.push(kit.render(snapshot));
      return {
        ok: true,
        text: lines.join('\n'),
        data: { items: snapshot.items, version: snapshot.version, ...facts },
        title: progressTitle(name, snapshot),
      };
    },
  };
}
