import { toJsonSchema } from '../schemas.js';
import type { ToolDefinition } from '../tool.js';
import { validateInput } from '../validate-input.js';
import { type PlanToolKit, progressTitle } from './plan-tool-kit.js';

/** `todo_read` and `todos_get_all`: the same read under the two families' names. */
export function readAllTool(kit: PlanToolKit, name: 'todo_read' | 'todos_get_all'): ToolDefinition {
  const schema = kit.schemas[name];
  return {
    name,
    description: kit.locale.tools[name],
    inputSchema: toJsonSchema(schema),
    async execute(args, context) {
      const key = kit.keyOf(context);
      const input = validateInput(schema, args);
      if (!input.ok) return kit.reject(name, input.issues);
      const snapshot = await kit.engine.snapshot(key);
      return {
        ok: true,
        text: kit.render(snapshot),
        data: { items: snapshot.items, version: snapshot.version },
        title: progressTitle(name, snapshot),
      };
    },
  };
}
