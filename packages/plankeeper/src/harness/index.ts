/**
 * `plankeeper/harness`: the harness's parts one by one, for hosts that compose their own
 * discipline instead of using `PlanHarness` (which the root exports): the plan section, the
 * leftover test, the change notices, sub-agent roll-up, approval and the verifiers. The rules
 * those parts serve (`decide`, the reducer every host drives, its events, checks and presets)
 * are `plankeeper/rules`.
 *
 * @example
 * import { buildPlanSection } from 'plankeeper/harness';
 * const section = buildPlanSection({ snapshot, locale, turn, changed: true, whenUnchanged: 'focus' });
 *
 * It also carries the engine, the locale and the plan rendering (the same exports as the
 * root's), so a short-lived process such as a coding-agent hook can compose the discipline
 * without loading the root's plan tools (and their zod) or the agent loop.
 *
 * Answering a host's hook events one at a time (deciding in the store, failing open, the
 * Claude hook format) is `plankeeper/hooks`.
 *
 * The completion verifiers live here too (`requireTool`, `requireCitedCall`): pass them as
 * `verifiers` to PlanHarness, the Agent's planning options or an adapter.
 */

export type {
  Completion,
  CompletionCheck,
  CompletionContext,
  CompletionEvidence,
  CompletionGate,
  CompletionRefusal,
  CompletionVerdicts,
  EvidenceCall,
  EvidenceMode,
  EvidenceSource,
} from '../engine/evidence.js';
export { EVIDENCE_MODES, EVIDENCE_SOURCES } from '../engine/evidence.js';
export { PlanEngine, type PlanEngineOptions, type PlanSnapshot } from '../engine/plan-engine.js';
export type { PlanKey } from '../engine/plan-key.js';
export { quoteText, type RenderOptions, renderItem, renderPlan } from '../engine/render.js';
export { isSharedListKey, SHARED_LIST_AGENT, sharedListKey } from '../engine/shared-list.js';
export type { PersonEditInfo, PlanRevision } from '../engine/store/plan-store.js';
export type {
  SubAgentEndInfo,
  SubAgentEnding,
  SubAgentLink,
  SubAgentLinkProblem,
} from '../engine/sub-agent-link.js';
export { isOpen, type TodoItem } from '../engine/todo-item.js';
export { getLocale, type Locale, type LocaleId } from '../locale/index.js';
export {
  type ApprovalAnswer,
  type ApprovalOption,
  type ApprovalRules,
  approvalRules,
} from './approval.js';
export {
  changeNotices,
  describeChangeNotices,
  describePersonChanges,
  personChangeLines,
} from './change-notices.js';
// PlanHarness's option and result types and the leftover and rendering helpers behind the
// plan section: building blocks the root leaves here to stay small.
export type { CompletionLoopOptions, LoopDecision } from './completion-loop.js';
// A host that rebuilds its messages before every model call (a coding agent's extension):
// the plan section and due reminders laid into them the way the framework adapters do.
export { ConversationLedger } from './conversation-ledger.js';
export { harnessedInput, type MessageFormat } from './framework-input.js';
export { isOthersWork, othersLine, withoutOthersWork } from './others-work.js';
export type {
  Bounce,
  HarnessOptions,
  InjectionOptions,
  PlanSectionOutput,
  ToolCallOutcome,
  WrappedToolCall,
} from './plan-harness.js';
export {
  buildPlanSection,
  isLeftover,
  type PlanSectionBuilder,
  type PlanSectionInput,
  type UnchangedPlanForm,
} from './plan-section.js';
export type { ApprovalAgain, ApprovalWait } from './rules/approval-hold.js';
// The rules themselves (the reducer, its events, the checks and the presets): plankeeper/rules.
export { type StoredRuleOptions, storedRules } from './stored-discipline.js';
export {
  describeSubAgentEnds,
  endSubAgent,
  engineReader,
  type PlanItemsReader,
  type StartSubAgentOutcome,
  type SubAgentScope,
  startSubAgent,
  subAgentProgress,
  subAgentSuffix,
} from './sub-agent-rollup.js';
export {
  type CompletionVerifier,
  DEFAULT_VERIFIER_TIMEOUT_MS,
  requireCitedCall,
  requireTool,
  type VerifiedByCheck,
  type VerifierContext,
  type VerifierSpec,
  type VerifierVerdict,
} from './verifiers.js';
