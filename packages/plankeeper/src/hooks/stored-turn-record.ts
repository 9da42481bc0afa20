/**
 * The turn record kept in the store beside a session's plan (harness/rules/turn-record.ts),
 * read and decided on by compare-and-set, for every host that keeps it there: the hooks
 * answering one event at a time, and the MCP server inside a coding agent whose hooks keep
 * it. When another writer wins the race, the pure reducer simply runs again on what it
 * stored, and the decision returned is the one stored.
 */
import type { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import { turnRecordKey } from '../engine/store/state-keys.js';
import type { Decision } from '../harness/rules/decide.js';
import { readTurnRecord, type TurnRecord } from '../harness/rules/turn-record.js';

/** `key`'s turn record as it is stored now (a fresh one when none is). */
export async function storedTurnRecord(engine: PlanEngine, key: PlanKey): Promise<TurnRecord> {
  return readTurnRecord((await engine.turnState(turnRecordKey(key)))?.state);
}

/** Runs `decide` on `key`'s stored record and stores the record it returns, if any. */
export async function decideOnStoredRecord(
  engine: PlanEngine,
  key: PlanKey,
  decide: (record: TurnRecord) => Decision,
): Promise<Decision> {
  let decision: Decision | undefined;
  await engine.updateTurnState(turnRecordKey(key), (current) => {
    decision = decide(readTurnRecord(current));
    return decision.next && { ...decision.next };
  });
  return decision!;
}
