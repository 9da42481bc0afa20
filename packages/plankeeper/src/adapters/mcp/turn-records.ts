/**
 * The turn record the rules keep for each session this server answers (rules/turn-record.ts),
 * so that what the model has seen of its plan is tracked one way in every host. On its own
 * the server keeps the records in memory, one per session key. Inside a coding agent whose
 * hooks keep the record in the store beside the plan (`turnRecordsInStore`), it reads and
 * updates that same record by compare-and-set, as the hooks do (hooks/stored-turn-record.ts):
 * a person's change the hooks already showed the model is not told again, and the calls the
 * hooks recorded count as evidence.
 */
import type { EvidenceCall } from '../../engine/evidence.js';
import type { PlanEngine } from '../../engine/plan-engine.js';
import { encodePlanKey, type PlanKey } from '../../engine/plan-key.js';
import type { Decision } from '../../harness/rules/decide.js';
import { readTurnRecord, type TurnRecord } from '../../harness/rules/turn-record.js';
import { decideOnStoredRecord, storedTurnRecord } from '../../hooks/stored-turn-record.js';

/** Sessions remembered in memory; a server that answers more forgets the oldest. */
const MAX_KEYS = 100;

export class TurnRecords {
  private readonly inMemory = new Map<string, TurnRecord>();
  private readonly inStore: boolean;

  constructor(
    private readonly engine: PlanEngine,
    inStore: boolean,
  ) {
    // A store that keeps no turn records (a custom one) has none of the hooks' either.
    const { store } = engine;
    this.inStore =
      inStore && store.getState !== undefined && store.compareAndSetState !== undefined;
  }

  /** `key`'s record as it is now. */
  async read(key: PlanKey): Promise<TurnRecord> {
    if (this.inStore) return storedTurnRecord(this.engine, key);
    return this.inMemory.get(encodePlanKey(key)) ?? readTurnRecord(undefined);
  }

  /** The calls that succeeded in `key`'s turn, as its hooks recorded them. */
  async successes(key: PlanKey): Promise<readonly EvidenceCall[]> {
    return this.inStore ? ((await this.read(key)).successes ?? []) : [];
  }

  /** Runs `decide` on `key`'s record and keeps the record it returns; resolves to the decision. */
  async decide(key: PlanKey, decide: (record: TurnRecord) => Decision): Promise<Decision> {
    if (this.inStore) return decideOnStoredRecord(this.engine, key, decide);
    const name = encodePlanKey(key);
    const decision = decide(await this.read(key));
    if (decision.next) {
      this.inMemory.delete(name);
      this.inMemory.set(name, decision.next);
      if (this.inMemory.size > MAX_KEYS) this.inMemory.delete(this.inMemory.keys().next().value!);
    }
    return decision;
  }
}
