/**
 * The plan tools for a host, as framework-neutral definitions.
 *
 * @example
 * const engine = new PlanEngine();
 * const tools = createPlanTools({ engine, tools: 'whole-list' });
 * const write = tools.find((tool) => tool.name === 'todo_write')!;
 * await write.execute('{"todos":[{"content":"Find the policy","status":"in_progress"}]}', {
 *   key: { agent: 'support', session: 'user-42' },
 * });
 */
import type { DependencyMode } from '../engine/operations/dependencies.js';
import type { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import { getLocale, type Locale, type LocaleId } from '../locale/index.js';
import { createPlanToolKit } from './plan/plan-tool-kit.js';
import { readAllTool } from './plan/todo-read.js';
import { todoWriteTool } from './plan/todo-write.js';
import { todosAddTool } from './plan/todos-add.js';
import { todosCompleteTool } from './plan/todos-complete.js';
import { todosGetRemainingTool } from './plan/todos-get-remaining.js';
import { todosRemoveTool } from './plan/todos-remove.js';
import type { ToolDefinition } from './tool.js';
import { type ToolFamilyOption, toolFamilyOf } from './tool-family.js';

export {
  ALL_PLAN_TOOL_NAMES,
  PLAN_TOOL_NAMES,
  PLAN_WRITE_TOOL_NAMES,
} from './plan-tool-names.js';
export type { PlanToolFamily, PlanToolPreset } from './tool-family.js';

export interface PlanToolsOptions extends ToolFamilyOption {
  engine: PlanEngine;
  locale?: Locale | LocaleId;
  /** Append the updated list to write results. Default true. */
  echoPlan?: boolean;
  /** Plan key for calls whose context has none. */
  defaultKey?: PlanKey;
  /** How `blockedBy` constrains order for these tools' writes. Default: the engine's. */
  dependencies?: DependencyMode;
}

export function createPlanTools(options: PlanToolsOptions): ToolDefinition[] {
  const locale = typeof options.locale === 'object' ? options.locale : getLocale(options.locale);
  const kit = createPlanToolKit({
    engine: options.engine,
    locale,
    ...(options.echoPlan !== undefined && { echoPlan: options.echoPlan }),
    ...(options.defaultKey && { defaultKey: options.defaultKey }),
    ...(options.dependencies && { dependencies: options.dependencies }),
  });
  const family = toolFamilyOf(options, 'whole-list');
  const wholeList = [todoWriteTool(kit), readAllTool(kit, 'todo_read')];
  const granular = [
    todosAddTool(kit),
    todosCompleteTool(kit),
    todosRemoveTool(kit),
    todosGetRemainingTool(kit),
    readAllTool(kit, 'todos_get_all'),
  ];
  if (family === 'whole-list') return wholeList;
  if (family === 'granular') return granular;
  return [...wholeList, ...granular];
}
