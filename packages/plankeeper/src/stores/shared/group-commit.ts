/**
 * Group commit: plan writes that callers start in the same tick of the event loop are
 * committed together, in one SQLite transaction or one Redis script call. What a commit
 * costs beyond its writes (SQLite's lock, WAL frames and wal-index update; Redis's
 * script call, and the client's command and socket write) is then paid once per batch
 * instead of once per write, so a process serving many agents at once writes several
 * times faster. A lone write waits only for the current microtasks to run, and each
 * caller learns its own outcome once its batch is committed, never before.
 */

/** What a store does with a batch. */
export interface BatchCommitter<Write, Outcome> {
  /**
   * Applies the writes, in order, in one atomic step and returns their outcomes in the
   * same order. When it throws or rejects, none of them took effect.
   */
  commitAll(writes: readonly Write[]): Outcome[] | Promise<Outcome[]>;
  /** Applies one write in a step of its own. */
  commitOne(write: Write): Outcome | Promise<Outcome>;
  /**
   * True for an error every write would meet alone too (the database busy, closed or
   * unreachable): the batch fails together instead of each write trying again alone.
   */
  failsEveryWrite(error: unknown): boolean;
}

interface Pending<Write, Outcome> {
  write: Write;
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
}

/** How a store wants a tick's writes cut into batches. */
export interface BatchShape {
  /** Writes per batch at most. A batch holds SQLite's write lock while it runs. */
  maxBatch: number;
  /**
   * Batches to spread a tick's writes over, at least (default 1). Over a network two
   * calls in flight keep both sides busy: the server runs one while the client encodes
   * the other and handles the answer to the one before. With 32 writers on Redis, one
   * batch of 32 ran 28% of redis-benchmark's rate, two of 16 49-55%, four of 8 44-50%.
   */
  spreadOver?: number;
}

export class GroupCommit<Write, Outcome> {
  private pending: Pending<Write, Outcome>[] = [];

  constructor(
    private readonly committer: BatchCommitter<Write, Outcome>,
    private readonly shape: BatchShape,
  ) {}

  /** Queues `write` for the batch of this tick; resolves once it is committed. */
  add(write: Write): Promise<Outcome> {
    return new Promise((resolve, reject) => {
      this.pending.push({ write, resolve, reject });
      if (this.pending.length === 1) queueMicrotask(() => this.flush());
    });
  }

  /**
   * Starts committing what is queued now. Stores call this before any other operation,
   * so a read or a delete that follows a write in program order also follows it in the
   * database.
   */
  flush(): void {
    const { maxBatch, spreadOver = 1 } = this.shape;
    const size = Math.min(maxBatch, Math.ceil(this.pending.length / spreadOver));
    while (this.pending.length > 0) {
      const batch = this.pending.slice(0, size);
      this.pending = this.pending.slice(size);
      this.commit(batch);
    }
  }

  private commit(batch: Pending<Write, Outcome>[]): void {
    if (batch.length === 1) {
      settle(batch[0]!, () => this.committer.commitOne(batch[0]!.write));
      return;
    }
    const failed = (error: unknown) => {
      if (this.committer.failsEveryWrite(error)) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      // Nothing of the batch took effect: each write is tried alone, so one write's
      // failure is reported to its own caller and the others still land.
      for (const entry of batch) settle(entry, () => this.committer.commitOne(entry.write));
    };
    const succeeded = (outcomes: Outcome[]) => {
      for (const [index, entry] of batch.entries()) entry.resolve(outcomes[index]!);
    };
    let outcomes: Outcome[] | Promise<Outcome[]>;
    try {
      outcomes = this.committer.commitAll(batch.map((entry) => entry.write));
    } catch (error) {
      failed(error);
      return;
    }
    if (outcomes instanceof Promise) outcomes.then(succeeded, failed);
    else succeeded(outcomes);
  }
}

function settle<Write, Outcome>(
  entry: Pending<Write, Outcome>,
  run: () => Outcome | Promise<Outcome>,
): void {
  let outcome: Outcome | Promise<Outcome>;
  try {
    outcome = run();
  } catch (error) {
    entry.reject(error);
    return;
  }
  if (outcome instanceof Promise) outcome.then(entry.resolve, entry.reject);
  else entry.resolve(outcome);
}
