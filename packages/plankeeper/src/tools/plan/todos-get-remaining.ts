import { openBlockersOf, renderPlan } from '../../engine/render.js';
import { isOpen } from '../../engine/todo-item.js';
import type { ToolDefinition } from '../tool.js';
import { planTool } from './plan-tool.js';
import type { PlanToolKit } from './plan-tool-kit.js';

export function todosGetRemainingTool(kit: PlanToolKit): ToolDefinition {
  const name = 'todos_get_remaining';
  return planTool(kit, name, async (input, key) => {
    if (!input.ok) return kit.reject(name, input.issues);
    const snapshot = await kit.engine.snapshot(key);
    // Ready items first: what can be done now is what the model should see first.
    const waiting = openBlockersOf(snapshot.items);
    const open = snapshot.items
      .filter(isOpen)
      .sort((a, b) => Number(waiting.has(a.id)) - Number(waiting.has(b.id)));
    return {
      ok: true,
      text:
        open.length === 0
          ? kit.locale.results.noneRemaining
          : renderPlan(open, { locale: kit.locale, heading: false, markBlocked: true }),
      data: { items: open, version: snapshot.version },
      title: kit.locale.titles.open(name, open.length),
    };
  });
}
