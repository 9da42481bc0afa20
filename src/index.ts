/**
 * plankeeper: plan-keeping for LLM agents. The root import is the framework-neutral
 * core (engine, tools, rendering, in-memory store); stores with drivers, model clients
 * and framework adapters live in their own subpath exports.
 *
 * @example
 * import { PlanEngine, createPlanTools } from 'plankeeper';
 * const engine = new PlanEngine();
 * const tools = createPlanTools({ engine, preset: 'both', locale: 'en' });
 */
export {
  ConfigurationError,
  PlanConflictError,
  PlankeeperError,
  PlanRecordError,
} from './engine/errors.js';
export { DEFAULT_LIMITS, type PlanLimits } from './engine/limits.js';
export type { AddItemInput } from './engine/operations/add-items.js';
export type { CompleteItemInput } from './engine/operations/complete-items.js';
export type { DropPolicy, WriteItemInput } from './engine/operations/write-plan.js';
export {
  type OperationMeta,
  type OperationOutcome,
  PlanEngine,
  type PlanEngineOptions,
  type PlanSnapshot,
} from './engine/plan-engine.js';
export { formatPath, type PlanIssue, type PlanIssueCode } from './engine/plan-issue.js';
export {
  childKey,
  decodePlanKey,
  encodePlanKey,
  keyIsWithin,
  type PlanKey,
} from './engine/plan-key.js';
export {
  quoteText,
  type RenderOptions,
  renderItem,
  renderPlan,
  STATUS_MARKERS,
} from './engine/render.js';
export { MemoryPlanStore, type MemoryStoreOptions } from './engine/store/memory-store.js';
export type * from './engine/store/plan-store.js';
export { checkRecord, decodeRecord, encodeRecord } from './engine/store/record-codec.js';
export {
  copyItems,
  emptyRecord,
  isOpen,
  PLAN_FORMAT,
  type PlanProgress,
  type PlanRecord,
  progressOf,
  TODO_STATUSES,
  type TodoItem,
  type TodoStatus,
} from './engine/todo-item.js';
export { getLocale, LOCALE_IDS, type Locale, type LocaleId } from './locale/index.js';
export { parseArguments } from './tools/parse-arguments.js';
export {
  ALL_PLAN_TOOL_NAMES,
  createPlanTools,
  PLAN_TOOL_NAMES,
  PLAN_WRITE_TOOL_NAMES,
  type PlanToolPreset,
  type PlanToolsOptions,
} from './tools/plan-tools.js';
export { createSchemas, toJsonSchema } from './tools/schemas.js';
export type { ToolContext, ToolDefinition, ToolResult } from './tools/tool.js';
