/**
 * plankeeper's own `Agent` as an AG-UI host: each run is one turn of the thread's session,
 * its plan kept in the engine under `{agent: name, session: threadId}`. With `approval`
 * on, a call held for the plan's approval interrupts the run instead of going back to the
 * model; the person's answer comes with the next run.
 */
import { Agent, type AgentOptions } from '../../agent/agent.js';
import type { ModelClient } from '../../agent/model-client.js';
import type { PlanningOptions } from '../../agent/planning-options.js';
import { PlankeeperError } from '../../engine/errors.js';
import { PlanEngine } from '../../engine/plan-engine.js';
import { approvalRules } from '../../harness/approval.js';
import type { AgUiHost, AgUiHostRun } from './ag-ui-host.js';

export interface AgentHostOptions extends Omit<AgentOptions, 'planning'> {
  planning?: PlanningOptions;
}

/** An AG-UI host that runs `new Agent(options)`, one turn per run. */
export function agentHost(options: AgentHostOptions): AgUiHost {
  const engine = options.planning?.engine ?? new PlanEngine();
  const name = options.name ?? 'agent';
  return {
    engine,
    keyFor: (threadId) => ({ agent: name, session: threadId }),
    async run(task, run) {
      const agent = new Agent({
        ...options,
        model: stopsWhenAborted(options.model, run.signal),
        planning: { ...options.planning, engine, approval: interrupting(options.planning, run) },
        observer: (event) => {
          options.observer?.(event);
          run.observer(event);
        },
      });
      return agent.session(run.threadId).send(task, { signal: run.signal });
    },
  };
}

/** The approval rule with the host's `approve` asked first; a "not now" interrupts the run. */
function interrupting(planning: PlanningOptions | undefined, run: AgUiHostRun) {
  const rules = approvalRules(planning?.approval);
  if (!rules) return false as const;
  return {
    ...rules,
    approve: async (...args: Parameters<NonNullable<typeof rules.approve>>) => {
      const answer = await rules.approve?.(...args);
      if (!answer) run.interrupt(args[1].tool);
      return answer;
    },
  };
}

/** A model that answers no more once the run was interrupted: the turn ends there. */
function stopsWhenAborted(model: ModelClient, signal: AbortSignal): ModelClient {
  return {
    name: model.name,
    generate: async (request) => {
      if (signal.aborted) throw new PlankeeperError('The run was interrupted.');
      return model.generate(request);
    },
  };
}
