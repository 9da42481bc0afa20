import { quoteText } from '../../engine/render.js';
import { progressOf } from '../../engine/todo-item.js';
import type { ToolDefinition } from '../tool.js';
import { dependencyLines } from './dependency-lines.js';
import type { PlanToolKit } from './plan-tool-kit.js';
import { planWriteTool } from './plan-write-tool.js';

export function todoWriteTool(kit: PlanToolKit): ToolDefinition {
  const { results } = kit.locale;
  return planWriteTool(kit, {
    name: 'todo_write',
    apply: (key, value, meta) => kit.engine.write(key, value.todos, meta),
    describe(snapshot, facts) {
      const empty = snapshot.items.length === 0;
      // A model that re-sends an unchanged list is usually unsure it was stored; showing
      // it the list ends that loop, and costs tokens only when it happens.
      const unchanged = facts.unchanged && !empty;
      const progress = progressOf(snapshot.items);
      const lines = [
        empty
          ? results.cleared
          : unchanged
            ? results.unchanged(progress)
            : results.written(progress),
      ];
      // An explicit clear drops nothing by mistake; the engine reports no drops for it.
      if (facts.dropped.length > 0) lines.push(results.dropped(facts.dropped, quoteText));
      lines.push(...dependencyLines(kit.locale, facts));
      if (facts.busy) lines.push(kit.locale.shared.busy(facts.busy));
      // The stored list is not the one sent: the model must see what it is now.
      const kept = facts.kept !== undefined && facts.kept.length > 0;
      if (kept) lines.push(kit.locale.person.kept(facts.kept!));
      return { lines, data: { ...facts }, echo: (kit.echoPlan || unchanged || kept) && !empty };
    },
  });
}
