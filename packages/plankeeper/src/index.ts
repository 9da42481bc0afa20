/**
 * plankeeper: plan-keeping for LLM agents. The root import is the framework-neutral core:
 * the plan engine and its in-memory store, the plan tools, the harness that keeps a model
 * on plan, and a small agent loop. Everything with a driver or a framework is a subpath:
 * `plankeeper/stores` (SQLite, Redis, PostgreSQL), `plankeeper/mcp`, `plankeeper/ai-sdk`,
 * `plankeeper/langchain`, `plankeeper/openai-agents`; building blocks for your own tools,
 * harness or store are in `plankeeper/tools`, `plankeeper/harness` and `plankeeper/test`.
 *
 * @example
 * import { PlanEngine, createPlanTools } from 'plankeeper';
 * const engine = new PlanEngine();
 * const tools = createPlanTools({ engine, preset: 'both', locale: 'en' });
 */

// plankeeper's own agent loop (model clients: @plankeeper/cli/models; scripted: plankeeper/test).
export { Agent, type AgentOptions } from './agent/agent.js';
export type { AgentEvent, AgentObserver } from './agent/agent-events.js';
export { AgentSession, type CompletionRunResult } from './agent/agent-session.js';
export type * from './agent/model-client.js';
export type { PlanningOptions } from './agent/planning-options.js';
export type { RunResult } from './agent/run-result.js';
export type { AfterToolHook, BeforeToolHook, HookContext, ToolHooks } from './agent/tool-hooks.js';
// The plan engine: items, validation, ids, the store interface and the memory store.
export {
  ConfigurationError,
  PlanConflictError,
  PlankeeperError,
  PlanRecordError,
} from './engine/errors.js';
// The evidence rule's types; the verifiers themselves are in `plankeeper/harness`.
export type { CompletionEvidence, EvidenceCall, EvidenceMode } from './engine/evidence.js';
export { DEFAULT_LIMITS, type PlanLimits } from './engine/limits.js';
export type { AddItemInput } from './engine/operations/add-items.js';
export type { CompleteItemInput } from './engine/operations/complete-items.js';
export type {
  BlockerInput,
  DependencyFacts,
  DependencyMode,
} from './engine/operations/dependencies.js';
export type {
  PersonEdit,
  PersonEditProblem,
  PersonTextField,
} from './engine/operations/person-edit.js';
export type { DropPolicy, WriteItemInput } from './engine/operations/write-plan.js';
export {
  type OperationMeta,
  type OperationOutcome,
  type PersonEditOutcome,
  PlanEngine,
  type PlanEngineOptions,
  type PlanSnapshot,
} from './engine/plan-engine.js';
export type { PlanIssue, PlanIssueCode } from './engine/plan-issue.js';
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
export {
  isLeftoverRecord,
  isOpen,
  isStalePlan,
  type PlanProgress,
  type PlanRecord,
  progressOf,
  TODO_STATUSES,
  type TodoItem,
  type TodoStatus,
} from './engine/todo-item.js';
// The harness: the discipline around the plan, for any agent loop.
export { createCompletionLoop, type LoopDecision } from './harness/completion-loop.js';
export { defaultInstructions } from './harness/instructions.js';
export {
  type Bounce,
  type HarnessOptions,
  type InjectionOptions,
  PlanHarness,
  type PlanHarnessOptions,
  type PlanSectionOutput,
  type ToolCallOutcome,
  type WrappedToolCall,
} from './harness/plan-harness.js';
export type { PlanSectionBuilder, UnchangedPlanForm } from './harness/plan-section.js';
export {
  type PlanSetup,
  type PlanSetupOptions,
  planToolsFor,
  setUpPlan,
} from './harness/plan-setup.js';
export type { Discipline } from './harness/rules/presets.js';
export type { CompletionVerifier, VerifierContext, VerifierSpec } from './harness/verifiers.js';
export { getLocale, LOCALE_IDS, type Locale, type LocaleId } from './locale/index.js';
// The plan tools, framework-neutral.
export {
  ALL_PLAN_TOOL_NAMES,
  createPlanTools,
  PLAN_TOOL_NAMES,
  PLAN_WRITE_TOOL_NAMES,
  type PlanToolPreset,
  type PlanToolsOptions,
} from './tools/plan-tools.js';
export type { ToolContext, ToolDefinition, ToolResult } from './tools/tool.js';
