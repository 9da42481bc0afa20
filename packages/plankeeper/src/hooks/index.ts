/**
 * `plankeeper/hooks`: answering a host's hook events, for hosts that see the discipline's
 * events one at a time (a coding agent's hooks, each a short process of its own; an MCP
 * server's hook tool; the Claude Agent SDK's callbacks). One path for all of them: the
 * event keyed by the host (`KeyedEvent`), decided in the store by compare-and-set
 * (`answerInStore`, `decideInStore`) under a deadline that fails open (`failOpen`), the
 * tool-use keys that tell an MCP call's plan (`ToolUseKeys`), and Claude Code's hook wire
 * format, which Claude Code, Codex and the Claude Agent SDK speak.
 *
 * The entry stays light: a hook process loads it on every tool call, so it brings no schema
 * library, MCP SDK or framework (light-import.test.ts). The rules themselves, the engine and
 * the locale come from `plankeeper/harness`.
 *
 * @example
 * import { answerInStore, asksTheRules, failOpen } from 'plankeeper/hooks';
 * const answer = await failOpen(
 *   async () => (asksTheRules(keyed.event, options) ? answerInStore(engine, keyed, options) : NOTHING),
 *   { neutral: NOTHING, onError: (error) => console.warn(error) },
 * );
 */

export {
  processRecordKey,
  type StateKey,
  type StateRecordKind,
  toolUseRecordKey,
  turnRecordKey,
} from '../engine/store/state-keys.js';
// For a host that names the plan tools as they are (Pi): which calls are plankeeper's.
export { ALL_PLAN_TOOL_NAMES } from '../tools/plan-tool-names.js';
export {
  answerInStore,
  asksTheRules,
  type HookAnswerOptions,
  sessionPlan,
} from './answer-in-store.js';
export { withChecks } from './checks-at-answer.js';
export {
  CLAUDE_CODE_OUTPUT,
  CLAUDE_HOOK_EVENTS,
  CLAUDE_TOOL_PREFIX,
  type ClaudeHookEventName,
  type ClaudeHookOutput,
  type ClaudeHookOutputOptions,
  claudeHookEvent,
  claudeHookOutput,
  claudePlanKey,
  hookText,
} from './claude-hook-format.js';
export { decideInStore } from './decide-in-store.js';
export {
  type FailOpenOptions,
  failOpen,
  HOOK_DEADLINE_MS,
  type Untimed,
} from './fail-open.js';
export { HOOK_LOCK_WAIT_MS, hookEngine, hookStore } from './hook-lock-wait.js';
export {
  isPlanToolName,
  isPlanWriteToolName,
  toolDoneEvent,
  toolStartEvent,
} from './hook-tool-events.js';
export type { KeyedEvent } from './keyed-event.js';
export {
  memoryToolUseRecords,
  storedToolUseRecords,
  TOOL_USE_META,
  TOOL_USE_RECORD_TTL_MS,
  type ToolUseCall,
  ToolUseKeys,
  type ToolUseKeysOptions,
  type ToolUseRecords,
  toolUseRecord,
} from './tool-use-keys.js';
