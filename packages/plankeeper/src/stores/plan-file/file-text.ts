/**
 * Reading and replacing a plan file. A write goes to a file beside the target and is then
 * renamed over it, so a reader (an editor, `git diff`, another process) sees the old file
 * or the new one, never half of one. The target is the file a symlink points to, and it
 * keeps its mode.
 */
import { chmod, readFile, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The file's text, or undefined when there is no file. */
export async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A new text written beside the file `path` resolves to, ready to be renamed over it. */
export interface StagedText {
  /** Replaces the file with the staged text. */
  commit(): Promise<void>;
  /** Removes the staged text, leaving the file as it is. */
  discard(): Promise<void>;
}

export async function stageText(path: string, text: string): Promise<StagedText> {
  const target = await realpath(path).catch(() => path);
  const mode = await stat(target).then(
    (stats) => stats.mode & 0o7777,
    () => undefined,
  );
  const temporary = join(
    dirname(target),
    `.${basename(target)}.${process.pid}.${globalThis.crypto.randomUUID().slice(0, 8)}.tmp`,
  );
  await writeFile(temporary, text, { flag: 'wx' });
  if (mode !== undefined) await chmod(temporary, mode);
  return {
    commit: () => rename(temporary, target),
    discard: () => unlink(temporary).catch(() => {}),
  };
}

/** A digest of a file's text, to tell whether someone changed it since it was last seen. */
export async function textDigest(text: string): Promise<string> {
  const bytes = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Buffer.from(bytes).toString('base64');
}
