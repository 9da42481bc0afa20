/**
 * Notices revisions that other connections (other processes, or other store instances
 * in this one) commit to a shared SQLite file. SQLite has no change notification across
 * processes, so while anyone is subscribed this polls `PRAGMA data_version` — a counter
 * that moves only when another connection commits, and costs no disk read — and only
 * when it has moved, asks for the plans changed lately (`changed_at`, checked inside
 * SQLite: about half a millisecond per 10,000 plans) and reads each one's revisions
 * since the last it saw from its history ring.
 *
 * Revisions a plan wrote faster than its ring could hold between two polls are gone
 * from the file and skipped.
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

/** What the poller last saw of a plan row. */
interface Seen {
  seq: number;
  changedAt: number;
}

/**
 * How far back each poll looks, in ms. A write takes its time inside its transaction and
 * commits right after, so a commit is never this much older than its `changed_at`.
 */
const LOOK_BACK_MS = 2000;

export class ChangePoller {
  private timer: NodeJS.Timeout | undefined;
  private seen = new Map<string, Seen>();
  /** Plans changed at or after this time are compared on the next poll. */
  private since = 0;
  private lastDataVersion = -1;
  private readonly allPlans: Statement<[], { key: string; seq: number; changed_at: number }>;
  private readonly changedPlans: Statement<
    [number],
    { key: string; seq: number; changed_at: number }
  >;
  private readonly revisionsAfter: Statement<[string, number, number], RevisionRow>;
  /** One read transaction: the plan rows and the revisions read after them agree. */
  private readonly changesSince: (since: number) => RevisionRow[];

  constructor(
    private readonly db: Database,
    private readonly intervalMs: number,
    /** Receives each revision committed by another connection, in commit order per plan. */
    private readonly deliver: (row: RevisionRow) => void,
  ) {
    this.allPlans = db.prepare('SELECT key, seq, changed_at FROM plankeeper_plans');
    this.changedPlans = db.prepare(
      'SELECT key, seq, changed_at FROM plankeeper_plans WHERE changed_at >= ?',
    );
    // Newer than what was seen: a higher seq, or written after it. The second catches a
    // plan that expired, was purged and was written anew, whose seq started over.
    this.revisionsAfter = db.prepare(
      `SELECT key, seq, version, at, record, source, origin FROM plankeeper_revisions
       WHERE key = ? AND (seq > ? OR at > ?) ORDER BY seq`,
    );
    this.changesSince = db.transaction((since: number) => {
      const changes: RevisionRow[] = [];
      for (const { key, seq, changed_at: changedAt } of this.changedPlans.all(since)) {
        const before = this.seen.get(key);
        if (before && before.seq === seq && before.changedAt === changedAt) continue;
        changes.push(...this.revisionsAfter.all(key, before?.seq ?? 0, before?.changedAt ?? -1));
        this.seen.set(key, { seq, changedAt });
      }
      return changes;
    });
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  /** Starts from the plans as they are now, so only changes made after this call are delivered. */
  start(): void {
    if (this.timer) return;
    this.since = Date.now() - LOOK_BACK_MS;
    this.seen = new Map(
      this.allPlans.all().map(({ key, seq, changed_at: changedAt }) => [key, { seq, changedAt }]),
    );
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
      const since = this.since;
      this.since = Date.now() - LOOK_BACK_MS;
      // Delivered after the read transaction ends, so a listener may write at once.
      for (const row of this.changesSince(since)) this.deliver(row);
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
