/**
 * The plan section a host builds before every model call (PlanHarness), and what it makes
 * the model see. What the model has seen is the turn record's `shownVersion` and `shownAt`,
 * as in every host (rules/turn-record.ts); this class holds only what is pending: the
 * section offered for the call under way, and a whole list the model wrote itself.
 *
 * Building a section changes nothing the next section depends on: it only notes what the
 * model will have seen, and that counts once the host reports what the model did with the
 * input (a tool outcome, the end of a tool round, an answer, the next turn). So a call
 * that is retried, or a section built twice, shows the same text each time.
 */
import type { PlanSnapshot } from '../engine/plan-engine.js';
import type { TurnRecord } from './rules/turn-record.js';

/**
 * A plan as seen: version and write time. The time guards against a plan deleted and
 * written again, whose version starts over. Undefined: the model has seen no plan.
 */
export interface Shown {
  shownVersion: number;
  shownAt: number;
}

export class SeenPlan {
  /** What the record's `shown` becomes once the model has answered the input of the last section built. */
  private offered: { seen: Shown | undefined } | undefined;
  /** Version of the plan the model wrote whole itself, until a section has accounted for it. */
  private selfWritten: number | undefined;
  private wholeWritesThisRound = 0;
  private offeredAny = false;

  /**
   * Whether the host builds sections, so the record says what the model saw. A host that
   * never does leaves the record at "seen nothing", which says nothing of what it saw.
   */
  get tracks(): boolean {
    return this.offeredAny;
  }

  static shownOf(snapshot: PlanSnapshot): Shown {
    return { shownVersion: snapshot.version, shownAt: snapshot.updatedAt ?? 0 };
  }

  static same(a: Shown | undefined, b: Shown | undefined): boolean {
    return a?.shownVersion === b?.shownVersion && a?.shownAt === b?.shownAt;
  }

  /** What the model has seen of `snapshot`, counting its own whole-list write of this version. */
  seenFor(snapshot: PlanSnapshot, record: TurnRecord): Shown | undefined {
    if (this.selfWritten === snapshot.version) return SeenPlan.shownOf(snapshot);
    // Only a section records a write time: without one the model has seen no plan.
    return record.shownAt === undefined
      ? undefined
      : { shownVersion: record.shownVersion, shownAt: record.shownAt };
  }

  /** The record's fields for `seen`. */
  static inRecord(record: TurnRecord, seen: Shown | undefined): TurnRecord {
    const { shownAt: _, ...rest } = record;
    return seen === undefined ? { ...rest, shownVersion: 0 } : { ...rest, ...seen };
  }

  /** Whether the model wrote this very plan whole in its last tool round. */
  wroteItself(snapshot: PlanSnapshot): boolean {
    return this.selfWritten === snapshot.version;
  }

  /** Notes what the model will have seen once it answers the input being built (undefined: no plan). */
  offer(seen: Shown | undefined): void {
    this.offered = { seen };
    this.offeredAny = true;
  }

  /**
   * The model answered its last input: what that input showed now counts as seen. Returns
   * `record` with it (the same record when no section was offered).
   */
  answered(record: TurnRecord): TurnRecord {
    const offered = this.offered;
    if (!offered) return record;
    this.offered = undefined;
    this.selfWritten = undefined;
    return SeenPlan.inRecord(record, offered.seen);
  }

  /** The model's own `todo_write` stored `version`. */
  wroteWhole(version: number): void {
    // Two whole-list writes in one round: only one survived, and the model cannot know
    // which, so it must see the stored list.
    this.selfWritten = this.wholeWritesThisRound++ === 0 ? version : undefined;
  }

  endRound(): void {
    this.wholeWritesThisRound = 0;
  }

  /** As if the model had never seen the plan, nor written it: `record` without it. */
  forget(record: TurnRecord): TurnRecord {
    this.offered = undefined;
    this.selfWritten = undefined;
    return SeenPlan.inRecord(record, undefined);
  }
}
