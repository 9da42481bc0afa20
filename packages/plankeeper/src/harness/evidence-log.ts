/**
 * The harness's record for the evidence rule: every successful non-plan tool call, in
 * order, and where each item's window opened (when it became in_progress, or the last
 * plan write for the granular family). The engine asks it through the write's gate.
 *
 * A start this log saw (a write it was told of) is a place in its own order of calls. A
 * start it did not see (an MCP server started again, or another process's write to a
 * shared list) can be given as the time the stored plan says the item started; then the
 * calls that finished after that time count.
 */
import type { EvidenceCall } from '../engine/evidence.js';
import type { TodoItem } from '../engine/todo-item.js';

/** Calls kept; an item open longer than this many calls still has evidence, the oldest dropped. */
const MAX_CALLS = 200;

export class EvidenceLog {
  private readonly calls: { seq: number; call: EvidenceCall }[] = [];
  private seq = 0;
  /**
   * Item id → where its window opened: the sequence number when this log saw it become
   * in_progress, or the time the stored plan says it did (see `startedAt`).
   */
  private readonly starts = new Map<string, { seq: number } | { at: number }>();
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
   * item found in_progress whose start this log neither saw nor was given (written before
   * this harness existed) counts every call the log holds.
   */
  callsFor(item: Pick<TodoItem, 'id'>, started: boolean): EvidenceCall[] {
    const from = started ? this.starts.get(item.id) : { seq: this.lastWrite };
    return this.calls
      .filter(
        (entry) =>
          from === undefined || ('seq' in from ? entry.seq > from.seq : entry.call.at > from.at),
      )
      .map((entry) => ({ ...entry.call }));
  }

  /** True when this log knows where `id`'s window opened (it saw the item start, or was told). */
  knowsStart(id: string): boolean {
    return this.starts.has(id);
  }

  /**
   * Tells the log when an item it did not see start became in_progress (milliseconds since
   * the epoch, as the stored plan's revision says): calls that finished after it count. A
   * start the log already knows stays.
   */
  startedAt(id: string, at: number): void {
    if (!this.starts.has(id)) this.starts.set(id, { at });
  }

  /** After a stored plan write: marks the items that just started, forgets those no longer in progress. */
  written(items: readonly TodoItem[]): void {
    this.lastWrite = this.seq;
    const active = new Set<string>();
    for (const item of items) {
      if (item.status !== 'in_progress') continue;
      active.add(item.id);
      if (!this.starts.has(item.id)) this.starts.set(item.id, { seq: this.seq });
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
