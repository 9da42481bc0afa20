import { renderPlan } from '../../engine/render.js';
import { isOpen } from '../../engine/todo-item.js';
import { toJsonSchema } from '../schemas.js';
import type { ToolDefinition } from '../tool.js';
import { validateInput } from '../validate-input.js';
import type { PlanToolKit } from './plan-tool-kit.js';

export function todosGetRemainingTool(kit: PlanToolKit): ToolDefinition {
  const name = 'todos_get_remaining';
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
      const open = snapshot.items.filter(isOpen);
      return {
        ok: true,
        text:
          open.length === 0
            ? kit.locale.results.noneRemaining
            : renderPlan(open, { locale: kit.locale, heading: false }),
        data: { items: open, version: snapshot.version },
        title: `${name}: ${open.length} open`,
      };
    },
  };
}
