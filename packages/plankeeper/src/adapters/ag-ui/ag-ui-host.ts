/**
 * What `agUiEvents` needs of a host: where the plan is kept and how one turn runs. The
 * host reports the turn as plankeeper's own loop does (AgentEvent), so any loop that can
 * say what it does can be streamed; `agentHost` is this for plankeeper's `Agent`.
 */
import type { AgentObserver } from '../../agent/agent-events.js';
import type { PlanEngine } from '../../engine/plan-engine.js';
import type { PlanKey } from '../../engine/plan-key.js';

export interface AgUiHostRun {
  /** The AG-UI thread: one plan per thread. */
  threadId: string;
  /** Where the host reports the turn; `plan-updated` becomes a STATE_DELTA. */
  observer: AgentObserver;
  /** Aborted once the run ends early (an approval interrupt): stop calling the model. */
  signal: AbortSignal;
  /**
   * Says that the plan waits for a person's approval before `tool` can run; the call is
   * held (reported `tool-blocked`) and the run finishes with an interrupt.
   */
  interrupt(tool: string): void;
}

export interface AgUiHost {
  engine: PlanEngine;
  /** The plan key of a thread; it comes from the host, never from the front end. */
  keyFor(threadId: string): PlanKey;
  /** One turn on `task`; resolves when it ends. */
  run(task: string, run: AgUiHostRun): Promise<{ answer: string | null; error: string | null }>;
}
