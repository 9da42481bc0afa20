/**
 * Reading and replacing a plan file. A write goes to a file beside the target and is then
 * renamed over it, so a reader (an editor, `git diff`, another process) sees the old file
 * or the new one, never half of one. The target is the file a symlink points to, and it
 * keeps its mode.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync, renameSync } from 'node:fs';
import { chmod, type FileHandle, open, realpath, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PlanFileError } from './plan-file-error.js';
import { checkPlanFileBytes, shown } from './plan-file-limits.js';

/**
 * The file's text, or undefined when there is no file. A file over the size limit is
 * refused before it is read (plan-file-limits.ts).
 */
export async function readText(path: string): Promise<string | undefined> {
  let file: FileHandle;
  try {
    file = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    checkPlanFileBytes(path, (await file.stat()).size);
    return utf8Text(path, await file.readFile());
  } finally {
    await file.close();
  }
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The file's bytes as text. Bytes that are not UTF-8 (Latin-1 prose) would become U+FFFD and
 * be written back so on the next write: such a file is refused, not rewritten.
 */
function utf8Text(path: string, bytes: Uint8Array): string {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    throw new PlanFileError({ code: 'not-utf8', file: shown(path) });
  }
}

/** A new text written beside the file `path` resolves to, ready to be renamed over it. */
export interface StagedText {
  /**
   * Replaces the file with the staged text when it still reads `expected` (undefined: no
   * file), and says whether it did; otherwise removes the staged text. The look and the
   * rename are two system calls with nothing in between (no await), so a person's save
   * can only slip between them, not between a read and a write of ours.
   */
  commitIf(expected: string | undefined): Promise<Replaced | undefined>;
  /** Removes the staged text, leaving the file as it is. */
  discard(): Promise<void>;
}

/** The file this replaced, held open: an editor that opened it just before still writes there. */
export interface Replaced {
  /**
   * The replaced file's text when someone wrote into it after it was read (an in-place
   * save that opened it before the rename), else undefined. Closes the file.
   */
  lateText(): string | undefined;
}

export async function stageText(path: string, text: string): Promise<StagedText> {
  const target = await realpath(path).catch(() => path);
  const mode = await stat(target).then(
    (stats) => stats.mode & 0o7777,
    () => undefined,
  );
  // Made read-only on purpose: never replaced, though the folder would allow the rename.
  if (mode !== undefined && (mode & 0o222) === 0) {
    throw new PlanFileError({ code: 'read-only', file: shown(path) });
  }
  const temporary = join(
    dirname(target),
    `.${basename(target)}.${process.pid}.${globalThis.crypto.randomUUID().slice(0, 8)}.tmp`,
  );
  await writeFile(temporary, text, { flag: 'wx' });
  if (mode !== undefined) await chmod(temporary, mode);
  const discard = () => unlink(temporary).catch(() => {});
  return {
    async commitIf(expected) {
      let handle: number | undefined;
      try {
        handle = openSync(target, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
          await discard();
          throw error;
        }
      }
      const now = handle === undefined ? undefined : readFileSync(handle, 'utf8');
      if (now !== expected) {
        if (handle !== undefined) closeSync(handle);
        await discard();
        return undefined;
      }
      renameSync(temporary, target);
      return {
        lateText() {
          if (handle === undefined) return undefined;
          try {
            // Compared with what was read, not with the size: a same-size save (a box
            // ticked, `[ ]` to `[x]`) within the same clock tick changes neither size nor
            // mtime, and only the text tells it apart.
            const bytes = Buffer.alloc(fstatSync(handle).size);
            readSync(handle, bytes, 0, bytes.length, 0);
            const text = bytes.toString('utf8');
            return text === now ? undefined : text;
          } finally {
            closeSync(handle);
          }
        },
      };
    },
    discard,
  };
}

/** A digest of a file's text, to tell whether someone changed it since it was last seen. */
export async function textDigest(text: string): Promise<string> {
  const bytes = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Buffer.from(bytes).toString('base64');
}
