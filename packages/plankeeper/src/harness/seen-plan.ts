/**
 * What the model has already seen of the plan, so an unchanged plan can be shown in its
 * short form. The model has seen a plan when a section showed it, or when it wrote that
 * very list whole with `todo_write` (its own call is in front of it).
 *
 * Building a section changes nothing the next section depends on: it only notes what the
 * model will have seen, and that counts once the host reports what the model did with the
 * input (a tool outcome, the end of a tool round, an answer, the next turn). So a call
 * that is retried, or a section built twice, shows the same text each time.
 */
import type { PlanSnapshot } from '../engine/plan-engine.js';

export class SeenPlan {
  /**
   * Version and write time of the plan the model saw. The time guards against a plan
   * deleted and written again, whose version starts over.
   */
  private seen: string | undefined;
  /** What `seen` becomes once the model has answered the input of the last section built. */
  private offered: { seen: string | undefined } | undefined;
  /** Version of the plan the model wrote whole itself, until a section has accounted for it. */
  private selfWritten: number | undefined;
  private wholeWritesThisRound = 0;

  static stamp(snapshot: PlanSnapshot): string {
    return `${snapshot.version}@${snapshot.updatedAt ?? 0}`;
  }

  /** The plan version of a stamp; 0 for none (the model has seen no plan). */
  static versionOf(stamp: string | undefined): number {
    return stamp === undefined ? 0 : Number.parseInt(stamp, 10);
  }

  /** The stamp the model has seen, counting its own whole-list write of this version. */
  seenFor(snapshot: PlanSnapshot): string | undefined {
    return this.selfWritten === snapshot.version ? SeenPlan.stamp(snapshot) : this.seen;
  }

  /** Whether the model wrote this very plan whole in its last tool round. */
  wroteItself(snapshot: PlanSnapshot): boolean {
    return this.selfWritten === snapshot.version;
  }

  /** Notes what the model will have seen once it answers the input being built. */
  offer(seen: string | undefined): void {
    this.offered = { seen };
  }

  /** The model answered its last input: what that input showed now counts as seen. */
  answered(): void {
    if (!this.offered) return;
    this.seen = this.offered.seen;
    this.offered = undefined;
    this.selfWritten = undefined;
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

  /** As if the model had never seen the plan, nor written it. */
  forget(): void {
    this.seen = undefined;
    this.offered = undefined;
    this.selfWritten = undefined;
  }
}
