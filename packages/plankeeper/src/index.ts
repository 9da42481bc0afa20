/**
 * plankeeper: plan-keeping for LLM agents. The root import is what a library user needs:
 * the plan engine and its in-memory store, the plan tools, the harness that keeps a model
 * on plan, a small agent loop, the errors to catch and the languages. Everything with a
 * driver or a framework is a subpath: `plankeeper/stores` (SQLite, Redis, PostgreSQL, and
 * the types a store author implements), `plankeeper/mcp`, `plankeeper/ai-sdk`,
 * `plankeeper/langchain`, `plankeeper/openai-agents`; building blocks for your own tools,
 * harness or agent loop are in `plankeeper/tools`, `plankeeper/harness` and
 * `plankeeper/agent`; test helpers in `plankeeper/test`.
 *
 * @example
 * import { PlanEngine, createPlanTools } from 'plankeeper';
 * const engine = new PlanEngine();
 * const tools = createPlanTools({ engine, tools: 'both', locale: 'en' });
 */

// plankeeper's own agent loop (model clients: @plankeeper/cli/models; scripted: plankeeper/test;
// hooks, events and session results: plankeeper/agent).
export { Agent, type AgentOptions } from './agent/agent.js';
export type { AgentEvent, AgentObserver } from './agent/agent-events.js';
export { AgentSession } from './agent/agent-session.js';
export type {
  ChatMessage,
  InjectionKind,
  ModelClient,
  ModelRequest,
  ModelResponse,
  ModelToolSpec,
  ModelUsage,
  ToolCall,
} from './agent/model-client.js';
export type { PlanningOptions } from './agent/planning-options.js';
export type { RunResult } from './agent/run-result.js';
export type { ToolHooks } from './agent/tool-hooks.js';
// The plan engine: items, keys and the memory store (store-author types: plankeeper/stores).
export {
  ConfigurationError,
  PlanConflictError,
  PlankeeperError,
  PlanRecordError,
} from './engine/errors.js';
export type { EvidenceMode } from './engine/evidence.js';
export { DEFAULT_LIMITS } from './engine/limits.js';
export type { DependencyMode } from './engine/operations/dependencies.js';
export {
  type OperationOutcome,
  PlanEngine,
  type PlanEngineOptions,
  type PlanSnapshot,
} from './engine/plan-engine.js';
export {
  childKey,
  decodePlanKey,
  encodePlanKey,
  type PlanKey,
  subAgentKey,
} from './engine/plan-key.js';
export { renderPlan, STATUS_MARKERS } from './engine/render.js';
export { MemoryPlanStore } from './engine/store/memory-store.js';
export type { PlanStore } from './engine/store/plan-store.js';
export {
  isLeftoverRecord,
  isOpen,
  isStalePlan,
  progressOf,
  TODO_STATUSES,
  type TodoItem,
  type TodoStatus,
} from './engine/todo-item.js';
// The harness: the discipline around the plan, for any agent loop (its parts: plankeeper/harness).
export { createCompletionLoop } from './harness/completion-loop.js';
export { defaultInstructions } from './harness/instructions.js';
export { PlanHarness, type PlanHarnessOptions } from './harness/plan-harness.js';
export {
  type PlanSetup,
  type PlanSetupOptions,
  planToolsFor,
  setUpPlan,
} from './harness/plan-setup.js';
export type { Discipline } from './harness/rules/presets.js';
export { getLocale, LOCALE_IDS, type Locale, type LocaleId } from './locale/index.js';
// The plan tools, framework-neutral (building blocks for your own tools: plankeeper/tools).
export {
  ALL_PLAN_TOOL_NAMES,
  createPlanTools,
  PLAN_TOOL_NAMES,
  type PlanToolFamily,
  type PlanToolPreset,
  type PlanToolsOptions,
} from './tools/plan-tools.js';
export type { ToolContext, ToolDefinition, ToolResult } from './tools/tool.js';
