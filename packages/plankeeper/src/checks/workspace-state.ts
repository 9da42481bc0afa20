/**
 * A fingerprint of a folder's work: two equal fingerprints mean nothing a check could see
 * has changed, so the check need not run again. It must be cheap (it is taken when a turn
 * starts and when the model answers) and exact where it can be:
 *
 * - In a git work tree: `git status` (one process, which also names HEAD) plus the content of
 *   every changed or untracked file. Ignored files (build output, plankeeper's own store) are
 *   not work.
 * - Elsewhere: a bounded walk of names, sizes and modification times, leaving out dependency
 *   and version-control folders. Past the bound, changes deeper in are not seen; the walk
 *   says so in its fingerprint so it never claims more than it looked at.
 *
 * `ignore` names files (absolute paths) that are not work either: the plan file, which the
 * plan tools write.
 */
import { execFile } from 'node:child_process';
import type { Dirent } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Digest } from './digest.js';

/** Entries a walk looks at before it stops. */
const WALK_LIMIT = 20_000;
/** Folders a walk never enters: dependencies, version control, plankeeper's own store. */
const SKIPPED = new Set(['node_modules', '.git', '.hg', '.svn', '.plankeeper', '.venv', 'target']);
/** Bytes of one changed file hashed; past it, its size and time stand for the rest. */
const CONTENT_LIMIT = 4 * 1024 * 1024;

export interface WorkspaceStateOptions {
  /** Absolute paths that are not work (the plan file). */
  ignore?: readonly string[];
}

export async function workspaceState(
  dir: string,
  options: WorkspaceStateOptions = {},
): Promise<string> {
  const ignore = new Set((options.ignore ?? []).map((path) => resolve(path)));
  const hash = new Digest();
  const status = await gitStatus(dir);
  if (status === undefined) await walk(dir, ignore, hash);
  else await hashGitStatus(status, ignore, hash);
  return (await hash.hex()).slice(0, 32);
}

interface GitStatus {
  top: string;
  entries: string[];
}

/** `git status` of the work tree holding `dir`, or undefined when it is none. */
async function gitStatus(dir: string): Promise<GitStatus | undefined> {
  // Porcelain paths are relative to the work tree's top, asked for alongside.
  const [status, top] = await Promise.all([
    git(dir, [
      'status',
      '--porcelain=v2',
      '--branch',
      '-z',
      '--untracked-files=all',
      '--no-renames',
    ]),
    git(dir, ['rev-parse', '--show-toplevel']),
  ]);
  if (status === undefined || top === undefined) return undefined;
  return { top: top.trim(), entries: status.split('\0') };
}

function git(dir: string, args: string[]): Promise<string | undefined> {
  return new Promise((done) => {
    execFile(
      'git',
      ['-C', dir, ...args],
      // No index refresh written: a fingerprint never changes the work tree it looks at.
      { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } },
      (error, stdout) => done(error ? undefined : stdout),
    );
  });
}

async function hashGitStatus(status: GitStatus, ignore: Set<string>, hash: Digest) {
  for (const entry of status.entries) {
    if (entry === '') continue;
    const path = changedPath(entry);
    const absolute = path === undefined ? undefined : join(status.top, path);
    if (absolute !== undefined && ignore.has(absolute)) continue;
    hash.update(entry).update('\0');
    if (absolute !== undefined) await hashContent(absolute, hash);
  }
}

/** The path of one `git status --porcelain=v2` entry; undefined for a header line. */
function changedPath(entry: string): string | undefined {
  const fields = entry.split(' ');
  switch (fields[0]) {
    case '1':
      return fields.slice(8).join(' ');
    case 'u':
      return fields.slice(10).join(' ');
    case '?':
      return entry.slice(2);
    default:
      return undefined;
  }
}

async function hashContent(path: string, hash: Digest): Promise<void> {
  let file: Awaited<ReturnType<typeof open>> | undefined;
  try {
    file = await open(path, 'r');
    const info = await file.stat();
    if (!info.isFile()) return;
    if (info.size > CONTENT_LIMIT) {
      hash.update(`${info.size}:${info.mtimeMs}`);
      return;
    }
    hash.updateBytes(await file.readFile());
  } catch {
    hash.update('missing');
  } finally {
    await file?.close();
  }
}

/**
 * Names, sizes and times under `dir`, breadth first, up to WALK_LIMIT entries. A folder's
 * entries are looked at together (one round of stat calls per folder), then hashed in name
 * order, so the fingerprint does not depend on which stat answers first.
 */
async function walk(dir: string, ignore: Set<string>, hash: Digest) {
  const queue = [resolve(dir)];
  let seen = 0;
  while (queue.length > 0) {
    const folder = queue.shift()!;
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    const names = entries
      .filter((entry) => !SKIPPED.has(entry.name) && !ignore.has(join(folder, entry.name)))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    seen += names.length;
    if (seen > WALK_LIMIT) {
      hash.update('walk-limit');
      return;
    }
    const files = await Promise.all(
      names.map(async (entry) => {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) {
          queue.push(path);
          return `${path}/\0`;
        }
        // Gone meanwhile: its absence shows in the next fingerprint.
        const info = await stat(path).catch(() => undefined);
        return info ? `${path}\0${info.size}\0${info.mtimeMs}\0` : '';
      }),
    );
    for (const line of files) hash.update(line);
  }
}
