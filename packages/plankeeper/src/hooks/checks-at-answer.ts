/**
 * The person's checks for hosts that answer hook events in the store (checks-before-done in
 * the rules): the workspace's fingerprint joins a prompt, and when the model answers the
 * gate runs if the rules say a run is due — outside the fail-open deadline, since a test
 * suite takes longer than any hook answer may.
 */
import type { CheckGate } from '../checks/check-gate.js';
import type { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import { checksDue } from '../harness/rules/checks-before-done.js';
import type { HostEvent } from '../harness/rules/events.js';
import type { Untimed } from './fail-open.js';
import { storedTurnRecord } from './stored-turn-record.js';

/** `event` with what the gate found: the workspace at a prompt, the workspace and a run at a stop. */
export async function withChecks(
  engine: PlanEngine,
  key: PlanKey,
  event: HostEvent,
  gate: CheckGate,
  untimed: Untimed = (fn) => fn(),
): Promise<HostEvent> {
  if (event.kind === 'prompt') return { ...event, workspace: await gate.state() };
  if (event.kind !== 'stop') return event;
  const workspace = await gate.state();
  const record = await storedTurnRecord(engine, key);
  if (!checksDue(record, workspace)) return { ...event, checks: { workspace } };
  const run = await untimed(() => gate.run());
  return { ...event, checks: { workspace, run } };
}
