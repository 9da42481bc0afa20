/**
 * plankeeper's own `Agent` as an AG-UI host: one `AgentSession` per thread, kept across runs,
 * so the conversation goes on and the harness knows which plan the model last saw (a person's
 * edit then reaches the model as a change it did not write). Each run is one turn, its plan
 * under `{agent: name, session: threadId}`. With `approval` on, a call held for the plan's
 * approval interrupts the run instead of going back to the model; the person's answer comes
 * with the next run.
 */
import { Agent, type AgentOptions } from '../../agent/agent.js';
import type { AgentSession } from '../../agent/agent-session.js';
import type { ModelClient } from '../../agent/model-client.js';
import type { PlanningOptions } from '../../agent/planning-options.js';
import { PlankeeperError } from '../../engine/errors.js';
import { PlanEngine } from '../../engine/plan-engine.js';
import { approvalRules } from '../../harness/approval.js';
import type { AgUiHost, AgUiHostRun } from './ag-ui-host.js';

export interface AgentHostOptions extends Omit<AgentOptions, 'planning'> {
  planning?: PlanningOptions;
  /** Threads whose sessions are kept in memory (the oldest is let go first). Default 100. */
  maxThreads?: number;
}

/** A thread's session, and the run it is in now (its observer, signal and interrupt). */
interface Thread {
  session: AgentSession;
  current: { run?: AgUiHostRun };
}

/** An AG-UI host that runs `new Agent(options)`, one session per thread, one turn per run. */
export function agentHost(options: AgentHostOptions): AgUiHost {
  const engine = options.planning?.engine ?? new PlanEngine();
  const name = options.name ?? 'agent';
  const threads = new Map<string, Thread>();
  const threadOf = (threadId: string): Thread => {
    const kept = threads.get(threadId);
    if (kept) {
      // Most recently used last, so the first one is the one to let go.
      threads.delete(threadId);
      threads.set(threadId, kept);
      return kept;
    }
    const thread = newThread(options, engine, threadId);
    threads.set(threadId, thread);
    if (threads.size > (options.maxThreads ?? 100)) threads.delete(threads.keys().next().value!);
    return thread;
  };
  return {
    engine,
    keyFor: (threadId) => ({ agent: name, session: threadId }),
    async run(task, run) {
      const thread = threadOf(run.threadId);
      thread.current.run = run;
      try {
        return await thread.session.send(task, { signal: run.signal });
      } finally {
        thread.current.run = undefined;
      }
    },
  };
}

function newThread(options: AgentHostOptions, engine: PlanEngine, threadId: string): Thread {
  const current: Thread['current'] = {};
  const agent = new Agent({
    ...options,
    model: stopsWhenAborted(options.model, current),
    planning: { ...options.planning, engine, approval: interrupting(options.planning, current) },
    observer: (event) => {
      options.observer?.(event);
      current.run?.observer(event);
    },
  });
  return { session: agent.session(threadId), current };
}

/** The approval rule with the host's `approve` asked first; a "not now" interrupts the run. */
function interrupting(planning: PlanningOptions | undefined, current: Thread['current']) {
  const rules = approvalRules(planning?.approval);
  if (!rules) return false as const;
  return {
    ...rules,
    approve: async (...args: Parameters<NonNullable<typeof rules.approve>>) => {
      const answer = await rules.approve?.(...args);
      if (!answer) current.run?.interrupt(args[1].tool);
      return answer;
    },
  };
}

/** A model that answers no more once the run was interrupted: the turn ends there. */
function stopsWhenAborted(model: ModelClient, current: Thread['current']): ModelClient {
  return {
    name: model.name,
    generate: async (request) => {
      if (current.run?.signal.aborted) throw new PlankeeperError('The run was interrupted.');
      return model.generate(request);
    },
  };
}
