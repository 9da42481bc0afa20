/**
 * Sub-agent roll-up for hosts whose hooks say when a sub-agent starts and stops (Claude
 * Code, the Claude Agent SDK and Codex SubagentStart/SubagentStop, OpenCode's sub-agent
 * sessions). A sub-agent's events are keyed to the scope [agent id] under its parent's
 * plan. When it starts, it is linked to the item the parent has in progress (the agent tells
 * no item, and the one in progress is what the parent is delegating); when it stops for
 * good, how it ended is recorded on that item, and the parent's next tool call shows the
 * changed list with one line on it (see harness/rules/decide.ts).
 */
import type { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import type { HostAnswer } from '../harness/rules/events.js';
import { endSubAgent } from '../harness/sub-agent-rollup.js';
import type { KeyedEvent } from './keyed-event.js';

/** The parent's key and the sub-agent's scope name, for a key one scope below a plan. */
function splitSubAgent(key: PlanKey): { parent: PlanKey; scope: string } | undefined {
  const scope = key.scope ?? [];
  const name = scope.at(-1);
  if (name === undefined) return undefined;
  const rest = scope.slice(0, -1);
  return {
    parent: { agent: key.agent, session: key.session, ...(rest.length > 0 && { scope: rest }) },
    scope: name,
  };
}

/** Links a starting sub-agent to its parent's item in progress; nothing when there is none. */
async function linkStarted(engine: PlanEngine, key: PlanKey): Promise<void> {
  const subAgent = splitSubAgent(key);
  if (!subAgent) return;
  const current = (await engine.snapshot(subAgent.parent)).items.find(
    (item) => item.status === 'in_progress',
  );
  if (!current || current.subAgent?.scope === subAgent.scope) return;
  await engine.setSubAgent(subAgent.parent, current.id, { scope: subAgent.scope });
}

/** Records how a stopping sub-agent ended on the parent's item linked to it, if any. */
async function reportStopped(engine: PlanEngine, key: PlanKey): Promise<void> {
  const subAgent = splitSubAgent(key);
  if (!subAgent) return;
  const item = (await engine.snapshot(subAgent.parent)).items.find(
    (candidate) => candidate.subAgent?.scope === subAgent.scope,
  );
  if (!item) return;
  await endSubAgent(engine, { parent: subAgent.parent, item: item.id, scope: subAgent.scope, key });
}

/**
 * The roll-up side of one hook call, after its answer is decided: a stop the hook blocks
 * is no end, since the sub-agent goes on.
 */
export async function rollUpSubAgent(
  engine: PlanEngine,
  { key, event }: KeyedEvent,
  answer: HostAnswer,
): Promise<void> {
  if (event.kind === 'subagent-start') await linkStarted(engine, key);
  else if (event.kind === 'subagent-stop' && answer.kind !== 'bounce') {
    await reportStopped(engine, key);
  }
}
