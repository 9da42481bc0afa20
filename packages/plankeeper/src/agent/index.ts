/**
 * `plankeeper/agent`: the agent loop's parts beyond what the root exports (`Agent`,
 * `AgentSession`, the model client interface): the tool hooks one by one, the result of a
 * run that loops until the plan is done, and the loop's options that name the harness's
 * injection.
 *
 * @example
 * import type { BeforeToolHook } from 'plankeeper/agent';
 * const onlyReads: BeforeToolHook = (call) =>
 *   call.name.startsWith('read_') ? undefined : { block: 'Only reading tools here.' };
 */
export { Agent, type AgentOptions } from './agent.js';
export type { AgentEvent, AgentObserver } from './agent-events.js';
export { AgentSession, type CompletionRunResult } from './agent-session.js';
export type * from './model-client.js';
export type { InjectionOptions, PlanningOptions } from './planning-options.js';
export type { RunResult } from './run-result.js';
export type { AfterToolHook, BeforeToolHook, HookContext, ToolHooks } from './tool-hooks.js';
