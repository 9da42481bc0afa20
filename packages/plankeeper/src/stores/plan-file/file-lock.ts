/**
 * A lock file held while one writer reads, decides and replaces a plan file, so writers in
 * other processes wait their turn: created with O_EXCL (only one creator wins), holding the
 * holder's pid, start time and where it runs (lock-holder.ts). A lock taken in this PID
 * namespace whose process is gone is broken at once; any lock not touched for `staleMs`
 * (a holder stuck, in a container or on another machine) is broken. A holder keeps it for
 * milliseconds, and touches it while it holds it longer, so a slow holder elsewhere is
 * never taken for a gone one. Within one process, callers queue on a promise first.
 */
import { mkdir, open, readFile, stat, unlink, utimes } from 'node:fs/promises';
import { dirname } from 'node:path';
import { StoreFileError } from '../store-errors.js';
import { lockHolder, pidIsOurs } from './lock-holder.js';

export interface FileLockOptions {
  /** How long to wait for another holder before giving up. Default 5000 ms. */
  timeoutMs?: number;
  /** A lock its holder has not touched for this long is broken. Default 30 000 ms. */
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
      const heartbeat = setInterval(() => {
        const now = new Date();
        // A lock already gone (broken, or being released) is not recreated by a touch.
        utimes(this.path, now, now).catch(() => {});
      }, this.staleMs() / 3);
      heartbeat.unref();
      try {
        return await work();
      } finally {
        clearInterval(heartbeat);
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
        await handle.writeFile(`${process.pid}\n${Date.now()}\n${lockHolder()}\n`);
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

  private staleMs(): number {
    return this.options.staleMs ?? 30_000;
  }

  private async breakIfStale(): Promise<void> {
    const text = await readFile(this.path, 'utf8').catch(() => undefined);
    if (text === undefined) return;
    const [pidLine, sinceLine, holder] = text.split('\n');
    const pid = Number(pidLine);
    // A lock still being written has no time yet: its holder is alive.
    if (!Number(sinceLine)) return;
    // Last touched: the holder's touches move the file's time on while it holds it.
    const touched = await stat(this.path).then(
      (stats) => stats.mtimeMs,
      () => undefined,
    );
    if (touched === undefined) return;
    // A pid from another namespace or host is never judged here: only the lock's age.
    const dead = pidIsOurs(holder) && pid > 0 && !alive(pid);
    if (!dead && Date.now() - touched < this.staleMs()) return;
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
