/**
 * The successful tool calls a coding agent's hooks recorded in the turn's record, for the
 * MCP server's evidence rule (the server sees only plan tool calls).
 */
import type { PlanEngine, PlanKey } from 'plankeeper';
import { type EvidenceCall, readTurnRecord } from 'plankeeper/harness';

/** The successes the hooks recorded for `key`, oldest first. */
export async function recordedSuccesses(engine: PlanEngine, key: PlanKey): Promise<EvidenceCall[]> {
  try {
    return readTurnRecord((await engine.turnState(key))?.state).successes ?? [];
  } catch {
    // A store that keeps no turn records has none of the hooks' either.
    return [];
  }
}
