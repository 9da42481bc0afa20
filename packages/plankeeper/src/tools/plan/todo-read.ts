import type { ToolDefinition } from '../tool.js';
import { planTool } from './plan-tool.js';
import { type PlanToolKit, progressTitle } from './plan-tool-kit.js';

/** `todo_read` and `todos_get_all`: the same read under the two families' names, notes included. */
export function readAllTool(kit: PlanToolKit, name: 'todo_read' | 'todos_get_all'): ToolDefinition {
  return planTool(kit, name, async (input, key) => {
    if (!input.ok) return kit.reject(name, input.issues);
    const snapshot = await kit.engine.snapshot(key);
    return {
      ok: true,
      // A read the model asks for shows what is stored, completion reasons included; the
      // compact form is for the section injected on every call.
      text: kit.render(snapshot, { notes: true }),
      data: { items: snapshot.items, version: snapshot.version },
      title: progressTitle(kit, name, snapshot),
    };
  });
}
