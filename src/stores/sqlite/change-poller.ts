/**
 * Notices revisions that other connections (other processes, or other store instances
 * in this one) commit to a shared SQLite file. SQLite has no change notification across
 * processes, so while anyone is subscribed this polls `PRAGMA data_version` — a counter
 * that moves only when another connection commits, and costs no disk read — and only
 * when it has moved, compares each plan's revision number (`seq`) with the last one it
 * saw and reads the revisions in between from that plan's history ring.
 *
 * The comparison reads every plan row (small rows, no records: about a millisecond per
 * few thousand plans), once per poll in which something changed. Revisions a plan wrote
 * faster than its ring could hold between two polls are gone from the file and skipped.
 */
import type { Database, Statement } from 'better-sqlite3';

export interface RevisionRow {
  key: string;
  seq: number;
  version: number;
  at: number;
  record: string | null;
  source: string;
  origin: string;
}

export class ChangePoller {
  private timer: NodeJS.Timeout | undefined;
  /** The newest revision number seen per plan key. */
  private seen = new Map<string, number>();
  private lastDataVersion = -1;
  private readonly plans: Statement<[], { key: string; seq: number }>;
  private readonly revisionsAfter: Statement<[string, number], RevisionRow>;
  /** One read transaction: the plan rows and the revisions read after them agree. */
  private readonly changesSince: () => RevisionRow[];

  constructor(
    private readonly db: Database,
    private readonly intervalMs: number,
    /** Receives each revision committed by another connection, in commit order per plan. */
    private readonly deliver: (row: RevisionRow) => void,
  ) {
    this.plans = db.prepare('SELECT key, seq FROM plankeeper_plans');
    this.revisionsAfter = db.prepare(
      `SELECT key, seq, version, at, record, source, origin FROM plankeeper_revisions
       WHERE key = ? AND seq > ? ORDER BY seq`,
    );
    this.changesSince = db.transaction(() => {
      const changes: RevisionRow[] = [];
      const now = new Map<string, number>();
      for (const { key, seq } of this.plans.all()) {
        now.set(key, seq);
        let before = this.seen.get(key) ?? 0;
        // A smaller number means the plan expired, was purged and written anew.
        if (seq < before) before = 0;
        if (seq > before) changes.push(...this.revisionsAfter.all(key, before));
      }
      this.seen = now;
      return changes;
    });
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  /** Starts from the plans as they are now, so only changes made after this call are delivered. */
  start(): void {
    if (this.timer) return;
    this.seen = new Map(this.plans.all().map(({ key, seq }) => [key, seq]));
    this.lastDataVersion = this.dataVersion();
    // Not unref'd: like a Redis or PostgreSQL subscription, an active one keeps the process alive.
    this.timer = setInterval(() => this.poll(), this.intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One poll; public so a caller can force a check without waiting for the timer. */
  poll(): void {
    try {
      const dataVersion = this.dataVersion();
      if (dataVersion === this.lastDataVersion) return;
      this.lastDataVersion = dataVersion;
      // Delivered after the read transaction ends, so a listener may write at once.
      for (const row of this.changesSince()) this.deliver(row);
    } catch (error) {
      // A closed database or a transient error must not crash the process from a timer.
      process.emitWarning(
        `Polling the plan store for changes failed: ${error instanceof Error ? error.message : String(error)}`,
        { type: 'PlankeeperWarning' },
      );
    }
  }

  private dataVersion(): number {
    return this.db.pragma('data_version', { simple: true }) as number;
  }
}
