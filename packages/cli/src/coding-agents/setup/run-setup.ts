/**
 * `plankeeper setup <agent>` as a function: plan every file's edit first (any unreadable
 * config stops it before anything is written), then write them, each by rename so a crash
 * never leaves half a file.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseStoreUrl } from 'plankeeper/stores';
import { codingAgent } from '../registry.js';
import { type Created, printManifest, readManifest } from './manifest.js';
import { type FileEdit, type SetupAgent, SetupConfigError, type SetupContext } from './types.js';

export interface SetupOptions {
  agent: SetupAgent;
  /** The project directory (default: the current directory). */
  dir?: string;
  /** Store URL (default: `sqlite:<dir>/.plankeeper/plans.db`). */
  store?: string;
  lang?: 'en' | 'zh';
  /** Share one plan among every session of the agent (and any other naming this list). */
  list?: string;
  evidence?: 'warn' | 'enforce';
  verify?: string;
  /** Hold other tools until a person approves the plan (see SetupContext.approval). */
  approval?: 'once' | 'on-change';
  /** A guard preset written into the hook commands. */
  discipline?: 'light' | 'standard' | 'strict';
  remove?: boolean;
  /** The node binary and plankeeper bin the written commands run (default: these). */
  node?: string;
  bin?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface AppliedEdit {
  path: string;
  action: 'created' | 'updated' | 'deleted';
  changes: string[];
}

export interface SetupOutcome {
  ctx: SetupContext;
  remove: boolean;
  applied: AppliedEdit[];
}

/** This package's bin (dist/coding-agents/setup/ → bin/). */
export const PLANKEEPER_BIN = fileURLToPath(new URL('../../../bin/plankeeper.js', import.meta.url));

export class StoreUrlError extends Error {}

export function setupContext(options: SetupOptions): SetupContext {
  const env = options.env ?? process.env;
  const dir = resolve(options.cwd ?? process.cwd(), options.dir ?? '.');
  const store = resolveStore(options.store, dir);
  const home = env.HOME?.trim() || homedir();
  return {
    agent: options.agent,
    dir,
    store,
    lang: options.lang ?? 'en',
    ...(options.list !== undefined && { list: options.list }),
    ...(options.approval && { approval: options.approval }),
    ...(options.discipline && { discipline: options.discipline }),
    node: options.node ?? process.execPath,
    bin: options.bin ?? PLANKEEPER_BIN,
    home,
    env,
    ...(options.evidence && { evidence: options.evidence }),
    ...(options.verify && { verify: options.verify }),
  };
}

/**
 * The store URL written into every command: checked by the core's parser, and a relative
 * SQLite path made absolute against the project (hooks may run with another cwd).
 */
function resolveStore(flag: string | undefined, dir: string): string {
  const url = flag?.trim() || `sqlite:${join(dir, '.plankeeper', 'plans.db')}`;
  try {
    parseStoreUrl(url);
  } catch (error) {
    throw new StoreUrlError(error instanceof Error ? error.message : String(error));
  }
  const sqlite = /^sqlite:(?!\/\/)(.+)$/.exec(url);
  if (sqlite && !isAbsolute(sqlite[1]!) && sqlite[1] !== ':memory:') {
    return `sqlite:${resolve(dir, sqlite[1]!)}`;
  }
  return url;
}

export function setup(options: SetupOptions): SetupOutcome {
  const ctx = setupContext(options);
  const remove = options.remove ?? false;
  const manifest = readManifest(ctx.dir, readText);
  const record: Created = manifest.created[ctx.agent] ?? { files: [], dirs: [] };
  const edits = codingAgent(ctx.agent)
    .setup(ctx, readText, remove)
    .map((edit) =>
      // Only a file setup created goes when emptied; one the user had stays, even as `{}`.
      remove && edit.empty && record.files.includes(edit.path)
        ? { ...edit, after: undefined }
        : edit,
    );
  const changed = edits.filter((edit) => edit.after !== edit.before);
  const nextRecord: Created | undefined = remove
    ? undefined
    : {
        files: union(
          record.files,
          changed.filter((edit) => edit.before === undefined).map((edit) => edit.path),
        ),
        dirs: union(
          record.dirs,
          changed.flatMap((edit) => (edit.before === undefined ? missingDirs(edit.path) : [])),
        ),
      };
  const manifestText = printManifest(manifest, ctx.agent, nextRecord);
  const writes: FileEdit[] = [...changed];
  if (changed.length > 0 || (remove && manifestText !== manifest.text)) {
    if (manifestText !== manifest.text) {
      if (nextRecord && manifest.text === undefined) {
        nextRecord.dirs = union(nextRecord.dirs, missingDirs(manifest.path));
      }
      writes.push({
        path: manifest.path,
        before: manifest.text,
        after: printManifest(manifest, ctx.agent, nextRecord),
        changes: [],
      });
    }
  }
  for (const edit of writes) writeEdit(edit);
  if (remove) removeEmptyDirs(record.dirs);
  return {
    ctx,
    remove,
    applied: changed.map((edit) => ({
      path: edit.path,
      action:
        edit.after === undefined ? 'deleted' : edit.before === undefined ? 'created' : 'updated',
      changes: edit.changes,
    })),
  };
}

function readText(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SetupConfigError(path, `cannot be read (${reason})`);
  }
}

function writeEdit(edit: FileEdit): void {
  if (edit.after === undefined) {
    if (existsSync(edit.path)) unlinkSync(edit.path);
    return;
  }
  mkdirSync(dirname(edit.path), { recursive: true });
  const temp = `${edit.path}.plankeeper-${process.pid}.tmp`;
  writeFileSync(temp, edit.after);
  renameSync(temp, edit.path);
}

/** The directories above `path` that do not exist yet, deepest first. */
function missingDirs(path: string): string[] {
  const dirs: string[] = [];
  for (let dir = dirname(path); !existsSync(dir) && dirname(dir) !== dir; dir = dirname(dir)) {
    dirs.push(dir);
  }
  return dirs;
}

/** Removes the directories setup created, deepest first, where nothing else is left. */
function removeEmptyDirs(dirs: readonly string[]): void {
  const deepestFirst = [...dirs].sort((a, b) => b.length - a.length);
  for (const dir of deepestFirst) {
    if (existsSync(dir) && readdirSync(dir).length === 0) rmdirSync(dir);
  }
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}
