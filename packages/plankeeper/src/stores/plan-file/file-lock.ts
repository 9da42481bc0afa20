/**
 * A lock file held while one writer reads, decides and replaces a plan file, so writers in
 * other processes wait their turn: created with O_EXCL (only one creator wins), holding the
 * holder's pid and start time. A lock whose process is gone, or that is older than
 * `staleMs` (a holder stuck or on another machine), is broken; a holder keeps it for
 * milliseconds. Within one process, callers queue on a promise first.
 */
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { StoreFileError } from '../store-errors.js';

export interface FileLockOptions {
  /** How long to wait for another holder before giving up. Default 5000 ms. */
  timeoutMs?: number;
  /** A lock older than this is broken. Default 30 000 ms. */
  staleMs?: number;
}

export class FileLock {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly options: FileLockOptions = {},
  ) {}

  /** Runs `work` holding the lock. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      await this.acquire();
      try {
        return await work();
      } finally {
        await unlink(this.path).catch(() => {});
      }
    });
    this.queue = next.catch(() => {});
    return next;
  }

  private async acquire(): Promise<void> {
    const timeoutMs = this.options.timeoutMs ?? 5000;
    const deadline = Date.now() + timeoutMs;
    await mkdir(dirname(this.path), { recursive: true });
    for (let attempt = 0; ; attempt++) {
      try {
        const handle = await open(this.path, 'wx');
        await handle.writeFile(`${process.pid}\n${Date.now()}\n`);
        await handle.close();
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      await this.breakIfStale();
      if (Date.now() >= deadline) {
        throw new StoreFileError(
          this.path,
          `${this.path}: another writer held this lock for ${timeoutMs} ms; delete it if no plankeeper process is running.`,
        );
      }
      // Jitter keeps waiting processes from retrying in lockstep.
      await new Promise((resolve) =>
        setTimeout(resolve, 2 + Math.random() * Math.min(20, attempt)),
      );
    }
  }

  private async breakIfStale(): Promise<void> {
    const text = await readFile(this.path, 'utf8').catch(() => undefined);
    if (text === undefined) return;
    const [pid, since] = text.split('\n').map(Number);
    // A lock still being written has no time yet: its holder is alive.
    if (!since) return;
    const dead = pid !== undefined && pid > 0 && !alive(pid);
    if (!dead && Date.now() - since < (this.options.staleMs ?? 30_000)) return;
    // Read again just before: another waiter may have broken it and taken a new one.
    if ((await readFile(this.path, 'utf8').catch(() => undefined)) !== text) return;
    await unlink(this.path).catch(() => {});
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
