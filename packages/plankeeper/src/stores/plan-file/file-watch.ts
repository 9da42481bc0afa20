/**
 * Watching a plan file for a person's save, so a subscriber hears of it when it lands, not
 * at the next tool call. The folder is watched, not the file: an editor that saves by
 * writing a new file and renaming it over the old one (or deletes and recreates it) leaves
 * a watch on the file itself following the old one. A burst of events (the write, the
 * rename, the editor's backup) is told once, after a quiet moment. The watch never keeps
 * a process alive, and a folder that cannot be watched leaves the file read at each call,
 * as without a watch.
 */
import { type FSWatcher, realpathSync, watch } from 'node:fs';
import { basename, dirname } from 'node:path';

/** How long a burst of events must be quiet before it is told. */
export const WATCH_QUIET_MS = 100;

export interface FileWatch {
  close(): void;
}

/** Calls `changed` once after each burst of changes to the file at `path`. */
export function watchFile(path: string, changed: () => void): FileWatch {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const told = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (!closed) changed();
    }, WATCH_QUIET_MS);
    timer.unref();
  };
  // A symlinked plan file is saved where it points: that folder is watched too.
  const targets = new Map([[dirname(path), basename(path)]]);
  try {
    const real = realpathSync(path);
    targets.set(dirname(real), basename(real));
  } catch {}
  const watchers: FSWatcher[] = [];
  for (const [folder, name] of targets) {
    try {
      const watcher = watch(folder, { persistent: false }, (_event, file) => {
        // Some platforms name no file: any change in the folder may be the plan's.
        if (file === null || file === name) told();
      });
      // The folder removed, say: the next tool call reads the file (and says what is wrong).
      watcher.on('error', () => watcher.close());
      watchers.push(watcher);
    } catch {}
  }
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}

/**
 * One watch shared by everyone who holds it: started by the first hold, closed when the
 * last is released or the whole is closed.
 */
export class SharedWatch {
  private holders = 0;
  private current: FileWatch | undefined;
  private closed = false;

  constructor(
    private readonly path: string,
    private readonly changed: () => void,
  ) {}

  /** Holds the watch; the function returned lets go of it (again and again is once). */
  hold(): () => void {
    if (this.closed) return () => {};
    this.holders++;
    this.current ??= watchFile(this.path, this.changed);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.holders--;
      if (this.holders === 0) this.stop();
    };
  }

  close(): void {
    this.closed = true;
    this.stop();
  }

  private stop(): void {
    this.current?.close();
    this.current = undefined;
  }
}
