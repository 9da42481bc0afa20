/** How a SQLite store is opened: its file, history size, lock waits, polling and durability. */
export interface SqliteStoreOptions {
  /** Database file; its directory is created when missing. `:memory:` keeps plans in this instance only. */
  path: string;
  /**
   * Revisions kept per plan. Default 50. Each plan keeps the history size it was created
   * with, so reopening a file with another limit changes it for new plans only.
   */
  historyLimit?: number;
  /** How long a write waits for another process's write lock before failing. Default 5000 ms. */
  busyTimeoutMs?: number;
  /**
   * Milliseconds since the epoch after which no write waits for another process's lock:
   * each write waits at most until then (and at most `busyTimeoutMs`), and one begun later
   * fails at once if the lock is taken. For a caller with a deadline of its own, such as a
   * hook process: better-sqlite3 waits synchronously, so no timer of the caller can fire
   * while it does. Default: none.
   */
  lockWaitDeadline?: number;
  /** How often subscribers check for changes made by other processes. Default 250 ms. */
  pollIntervalMs?: number;
  /**
   * `normal` (default) survives a crash of any process; `full` also survives power loss,
   * at the cost of one fsync per write.
   */
  synchronous?: 'normal' | 'full';
  /**
   * WAL pages before a checkpoint copies them into the database (the checkpoint is what
   * syncs to disk in `normal` mode). Default 4000 (about 16 MB of WAL): a checkpoint every
   * few hundred plan writes instead of every hundred or so keeps that fsync out of almost
   * every agent step.
   */
  walCheckpointPages?: number;
  /**
   * `true` opens an existing file for reading only: no schema change, and every write
   * rejects with a StoreFileError. `'if-not-writable'` does so only when this process
   * cannot write the file or its directory, for callers that only read (such as listing
   * plans), so that they work on a read-only copy or mount. Default `false`: a file that
   * cannot be written is refused at once, not at the first write.
   */
  readOnly?: boolean | 'if-not-writable';
}
