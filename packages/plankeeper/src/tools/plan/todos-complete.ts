import type { ToolDefinition } from '../tool.js';
import { dependencyLines } from './dependency-lines.js';
import type { PlanToolKit } from './plan-tool-kit.js';
import { planWriteTool } from './plan-write-tool.js';

export function todosCompleteTool(kit: PlanToolKit): ToolDefinition {
  return planWriteTool(kit, {
    name: 'todos_complete',
    apply: (key, value, meta) => kit.engine.complete(key, value.items, meta),
    describe: (_snapshot, facts) => ({
      lines: [
        kit.locale.results.completed(
          facts.completed.map((item) => item.id),
          facts.alreadyCompleted,
        ),
        ...dependencyLines(kit.locale, facts),
      ],
      data: { ...facts },
    }),
  });
}
