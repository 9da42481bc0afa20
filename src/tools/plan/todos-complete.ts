import { toJsonSchema } from '../schemas.js';
import type { ToolDefinition } from '../tool.js';
import { validateInput } from '../validate-input.js';
import { type PlanToolKit, progressTitle } from './plan-tool-kit.js';

export function todosCompleteTool(kit: PlanToolKit): ToolDefinition {
  const name = 'todos_complete';
  const schema = kit.schemas[name];
  return {
    name,
    description: kit.locale.tools[name],
    inputSchema: toJsonSchema(schema),
    async execute(args, context) {
      const key = kit.keyOf(context);
      const input = validateInput(schema, args);
      if (!input.ok) {
        return kit.rejectInput(name, key, input, (value) =>
          kit.engine.complete(key, value.items, { dryRun: true }),
        );
      }
      const outcome = await kit.engine.complete(key, input.value.items, kit.meta(name, context));
      if (!outcome.ok) return kit.reject(name, outcome.issues, outcome.snapshot);
      const { snapshot, facts } = outcome;
      const lines = [
        kit.locale.results.completed(
          facts.completed.map((item) => item.id),
          facts.alreadyCompleted,
        ),
      ];
      if (kit.echoPlan) lines.push(kit.render(snapshot));
      return {
        ok: true,
        text: lines.join('\n'),
        data: { items: snapshot.items, version: snapshot.version, ...facts },
        title: progressTitle(name, snapshot),
      };
    },
  };
}
