import type { ToolDefinition } from '../tool.js';
import { dependencyLines } from './dependency-lines.js';
import type { PlanToolKit } from './plan-tool-kit.js';
import { planWriteTool } from './plan-write-tool.js';

export function todosRemoveTool(kit: PlanToolKit): ToolDefinition {
  return planWriteTool(kit, {
    name: 'todos_remove',
    apply: (key, value, meta) => kit.engine.remove(key, value.ids, meta),
    describe: (_snapshot, facts) => ({
      lines: [
        kit.locale.results.removed(facts.removed.map((item) => item.id)),
        ...dependencyLines(kit.locale, facts),
      ],
      data: { ...facts },
    }),
  });
}
