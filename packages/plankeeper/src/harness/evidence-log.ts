/**
 * The harness's record for the evidence rule: every successful non-plan tool call, in
 * order, and where each item's window opened (when it became in_progress, or the last
 * plan write for the granular family). The engine asks it through the write's gate.
 */
import type { EvidenceCall } from '../engine/evidence.js';
import type { TodoItem } from '../engine/todo-item.js';

/** Calls kept; an item open longer than this many calls still has evidence, the oldest dropped. */
const MAX_CALLS = 200;

export class EvidenceLog {
  private readonly calls: { seq: number; call: EvidenceCall }[] = [];
  private seq = 0;
  /** Item id → the sequence number when it became in_progress. */
  private readonly starts = new Map<string, number>();
  private lastWrite = 0;
  /** Calls taken in from elsewhere, so one offered again is not counted twice. */
  private readonly absorbed = new Set<string>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Notes one successful non-plan call (from this process's tool path, or seen elsewhere, as by a hook). */
  record(tool: string, callId?: string, at = this.now()): void {
    this.calls.push({
      seq: ++this.seq,
      call: { tool, ...(callId !== undefined && { callId }), at },
    });
    if (this.calls.length > MAX_CALLS) this.calls.shift();
  }

  /**
   * The calls that count for `item`: since it started, or since the last plan write. An
   * item found in_progress that this log never saw start (written before this harness
   * existed) counts every call the log holds.
   */
  callsFor(item: Pick<TodoItem, 'id'>, started: boolean): EvidenceCall[] {
    const from = started ? (this.starts.get(item.id) ?? 0) : this.lastWrite;
    return this.calls.filter((entry) => entry.seq > from).map((entry) => ({ ...entry.call }));
  }

  /** After a stored plan write: marks the items that just started, forgets those no longer in progress. */
  written(items: readonly TodoItem[]): void {
    this.lastWrite = this.seq;
    const active = new Set<string>();
    for (const item of items) {
      if (item.status !== 'in_progress') continue;
      active.add(item.id);
      if (!this.starts.has(item.id)) this.starts.set(item.id, this.seq);
    }
    for (const id of this.starts.keys()) if (!active.has(id)) this.starts.delete(id);
  }

  /**
   * Takes in calls recorded by another process (a coding agent's hooks), oldest first,
   * each once however often it is offered. Absorb before each plan write: a call counts
   * for an item only when it was absorbed after the write that started it, so a call
   * that happened before that write must be absorbed before it, as it then is.
   */
  absorb(calls: readonly EvidenceCall[]): void {
    for (const call of calls) {
      const id = `${call.tool}\u0000${call.callId ?? ''}\u0000${call.at}`;
      if (this.absorbed.has(id)) continue;
      this.absorbed.add(id);
      if (this.absorbed.size > MAX_CALLS * 2) {
        this.absorbed.delete(this.absorbed.values().next().value as string);
      }
      this.record(call.tool, call.callId, call.at);
    }
  }

  /** Every call this log holds, oldest first (copies). */
  all(): EvidenceCall[] {
    return this.calls.map((entry) => ({ ...entry.call }));
  }
}
