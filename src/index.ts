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

// plankeeper's own agent loop and the scripted model (real model clients: plankeeper/models).
export { Agent, type AgentOptions } from './agent/agent.js';
export type { AgentEvent, AgentObserver } from './agent/agent-events.js';
export { AgentSession, type CompletionRunResult } from './agent/agent-session.js';
export { executeTool, type ToolOutcome } from './agent/execute-tool.js';
export type { PlanningOptions } from './agent/planning-options.js';
export type { RunResult } from './agent/run-result.js';
export type { AfterToolHook, BeforeToolHook, HookContext, ToolHooks } from './agent/tool-hooks.js';
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
// Harness: the discipline around the plan, for any agent loop.
export { createCompletionLoop, type LoopDecision } from './harness/completion-loop.js';
export { isHonestPartial } from './harness/goal-check.js';
export { defaultInstructions } from './harness/instructions.js';
export { Nudge, type NudgeOptions } from './harness/nudge.js';
export {
  type Bounce,
  type HarnessOptions,
  type InjectionOptions,
  PlanHarness,
  type PlanHarnessOptions,
  type PlanSectionOutput,
} from './harness/plan-harness.js';
export {
  buildPlanSection,
  isLeftover,
  type PlanSectionBuilder,
  type UnchangedPlanForm,
} from './harness/plan-section.js';
export {
  type PlanSetup,
  type PlanSetupOptions,
  planToolsFor,
  setUpPlan,
} from './harness/plan-setup.js';
export { getLocale, LOCALE_IDS, type Locale, type LocaleId } from './locale/index.js';
export type * from './models/model-client.js';
export {
  ScriptExhaustedError,
  ScriptedModel,
  type ScriptedToolCall,
  type ScriptStep,
} from './models/scripted-model.js';
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
