import { renderPlan } from '../../engine/render.js';
import { isOpen } from '../../engine/todo-item.js';
import type { ToolDefinition } from '../tool.js';
import { planTool } from './plan-tool.js';
import type { PlanToolKit } from './plan-tool-kit.js';

export function todosGetRemainingTool(kit: PlanToolKit): ToolDefinition {
  const name = 'todos_get_remaining';
  return planTool(kit, name, async (input, key) => {
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
      title: kit.locale.titles.open(name, open.length),
    };
  });
}
