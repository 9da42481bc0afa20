/**
 * `plankeeper/ag-ui`: the plan in AG-UI web front ends (CopilotKit and others). A run streams
 * the plan as shared state under `state.plankeeper` (`{planKey, version, items}`) and a
 * step list under `state.steps`: a STATE_SNAPSHOT, then STATE_DELTA JSON Patches as the plan
 * changes. What a person edits in the front end comes back in the next run's
 * `RunAgentInput.state` and goes into the plan as the person's change, which a model's
 * stale write cannot undo. A plan waiting for approval ends the run with an interrupt; the
 * next run's `resume` answers it. `@ag-ui/core` is an optional peer.
 *
 * @example
 * import { agentHost, agUiEvents } from 'plankeeper/ag-ui';
 * const host = agentHost({ model, planning: { approval: 'required' } });
 * for await (const event of agUiEvents(runAgentInput, host)) response.write(encoder.encodeSSE(event));
 */

export { type AgUiEventsOptions, agUiEvents } from './ag-ui-events.js';
export type { AgUiHost, AgUiHostRun } from './ag-ui-host.js';
export { type AgentHostOptions, agentHost } from './agent-host.js';
export { APPROVAL_REASON } from './approval-interrupt.js';
export { type JsonPatchOperation, jsonPatch } from './json-patch.js';
export {
  PLAN_STATE_KEY,
  type PlanAgUiState,
  type PlanState,
  type PlanStateItem,
  type PlanStep,
  planAgUiState,
} from './plan-state.js';
export { PlanStateStream } from './plan-state-stream.js';
export { DEFAULT_MAX_STATE_BYTES } from './state-input.js';
