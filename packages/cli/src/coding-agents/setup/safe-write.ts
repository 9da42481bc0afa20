/**
 * Setup's reads and writes of the person's files. Every target is checked before the first
 * write, so a read-only file or folder stops setup with nothing written; each file is written
 * beside itself and renamed over, so a crash never leaves half a file, through symlinks (a
 * dotfiles repository's link stays a link), keeping the file's mode and owner.
 */
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type FileEdit, SetupConfigError } from './types.js';

/** A file's text, or undefined when it does not exist; an unreadable file stops setup. */
export function readText(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SetupConfigError(path, `cannot be read (${reason})`);
  }
}

/** Writes every edit, each target checked before the first write: a refusal writes nothing. */
export function writeAll(writes: readonly FileEdit[]): void {
  const targets = writes.map(writeTarget);
  for (const [index, edit] of writes.entries()) writeEdit(edit, targets[index]!);
}

interface WriteTarget {
  /** The file written: a symlink's target, so the link stays (a dotfiles repository's, say). */
  path: string;
  /** The mode and owner of the file replaced. */
  stat?: { mode: number; uid: number; gid: number };
}

/** Where an edit writes, checked: a read-only file or directory is refused before any write. */
function writeTarget(edit: FileEdit): WriteTarget {
  const path = throughLinks(edit.path);
  if (edit.after === undefined) {
    if (existsSync(edit.path)) checkWritable(edit.path, dirname(edit.path));
    return { path };
  }
  if (existsSync(path)) {
    const stat = statSync(path);
    if (!stat.isFile()) throw new SetupConfigError(edit.path, 'is not a file');
    if ((stat.mode & 0o222) === 0 || !canWrite(path)) {
      throw new SetupConfigError(
        edit.path,
        `is read-only (mode ${(stat.mode & 0o777).toString(8)}); make it writable, then run setup again`,
      );
    }
    checkWritable(edit.path, dirname(path));
    return { path, stat: { mode: stat.mode & 0o7777, uid: stat.uid, gid: stat.gid } };
  }
  checkWritable(edit.path, dirname(path));
  return { path };
}

/** The nearest existing directory at or above `dir` must be writable (setup creates the rest). */
function checkWritable(file: string, dir: string): void {
  let existing = dir;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  const stat = statSync(existing);
  if (!stat.isDirectory() || (stat.mode & 0o200) === 0 || !canWrite(existing)) {
    throw new SetupConfigError(
      file,
      `cannot be written: ${existing} is read-only; make it writable, then run setup again`,
    );
  }
}

function canWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** `path` with symlinks followed, also when the link's target does not exist yet. */
function throughLinks(path: string): string {
  let current = path;
  for (let hops = 0; hops < 40; hops++) {
    let link: string;
    try {
      if (!lstatSync(current).isSymbolicLink()) return current;
      link = readlinkSync(current);
    } catch {
      return current;
    }
    current = resolve(dirname(current), link);
  }
  return current;
}

function writeEdit(edit: FileEdit, target: WriteTarget): void {
  if (edit.after === undefined) {
    if (existsSync(edit.path)) unlinkSync(edit.path);
    return;
  }
  mkdirSync(dirname(target.path), { recursive: true });
  // Written beside the file and renamed over it: a crash never leaves half a file.
  const temp = `${target.path}.plankeeper-${process.pid}.tmp`;
  writeFileSync(temp, edit.after, { mode: target.stat?.mode ?? 0o644 });
  if (target.stat) {
    chmodSync(temp, target.stat.mode);
    try {
      chownSync(temp, target.stat.uid, target.stat.gid);
    } catch {
      // Only the owner's own ids can be set without privileges; the file keeps the person's.
    }
  }
  renameSync(temp, target.path);
}

/** The directories above `path` that do not exist yet, deepest first. */
export function missingDirs(path: string): string[] {
  const dirs: string[] = [];
  for (let dir = dirname(path); !existsSync(dir) && dirname(dir) !== dir; dir = dirname(dir)) {
    dirs.push(dir);
  }
  return dirs;
}

/** Removes the directories setup created, deepest first, where nothing else is left. */
export function removeEmptyDirs(dirs: readonly string[]): void {
  const deepestFirst = [...dirs].sort((a, b) => b.length - a.length);
  for (const dir of deepestFirst) {
    if (existsSync(dir) && readdirSync(dir).length === 0) rmdirSync(dir);
  }
}
