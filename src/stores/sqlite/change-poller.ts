/**
 * Notices revisions that other connections (other processes, or other store instances
 * in this one) commit to a shared SQLite file. SQLite has no change notification across
 * processes, so while anyone is subscribed this polls `PRAGMA data_version` — a counter
 * that moves only when another connection commits, and costs no disk read — and reads
 * the revisions past the last one seen only when it has moved.
 */
import type { Database, Statement } from 'better-sqlite3';

export interface RevisionRow {
  id: number;
  key: string;
  version: number;
  at: number;
  record: string | null;
  source: string;
  origin: string;
}

/** Rows read per query, so a burst of changes is delivered in slices, not one huge array. */
const BATCH = 500;

export class ChangePoller {
  private timer: NodeJS.Timeout | undefined;
  private lastId = 0;
  private lastDataVersion = -1;
  private readonly newerThan: Statement<[number, number], RevisionRow>;
  private readonly newestId: Statement<[], { id: number | null }>;

  constructor(
    private readonly db: Database,
    private readonly intervalMs: number,
    /** Receives each row committed by another connection, in commit order. */
    private readonly deliver: (row: RevisionRow) => void,
  ) {
    this.newerThan = db.prepare(
      `SELECT id, key, version, at, record, source, origin FROM plankeeper_revisions
       WHERE id > ? ORDER BY id LIMIT ?`,
    );
    this.newestId = db.prepare(`SELECT max(id) AS id FROM plankeeper_revisions`);
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  /** Starts from the newest revision now, so only changes made after this call are delivered. */
  start(): void {
    if (this.timer) return;
    this.lastId = this.newestId.get()?.id ?? 0;
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
      for (;;) {
        const rows = this.newerThan.all(this.lastId, BATCH);
        for (const row of rows) {
          this.lastId = row.id;
          this.deliver(row);
        }
        if (rows.length < BATCH) break;
      }
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
