/**
 * `plankeeper setup <agent>` as a function: plan every file's edit first (any unreadable
 * config, or any file or folder it cannot write, stops it before anything is written), then
 * write them, each by rename so a crash never leaves half a file, through symlinks, keeping
 * each file's mode and owner.
 */
import { createHash } from 'node:crypto';
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
  realpathSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseStoreUrl, redact } from 'plankeeper/stores';
import type { CodingAgentDescriptor } from '../coding-agent.js';
import { PROJECT_STORE_PATH } from '../project-store.js';
import { undoText } from './json-edit.js';
import { type Created, type Manifest, printManifest, readManifest } from './manifest.js';
import {
  type FileEdit,
  type KeptReason,
  type SetupAgent,
  SetupConfigError,
  type SetupContext,
} from './types.js';

export interface SetupOptions {
  agent: SetupAgent;
  /** The project directory (default: the current directory). */
  dir?: string;
  /** Store URL (default: the project's `sqlite:.plankeeper/plans.db`, found at run time). */
  store?: string;
  lang?: 'en' | 'zh';
  /** Share one plan among every session of the agent (and any other naming this list). */
  list?: string;
  /** Keep that plan in this Markdown file (relative paths: to `dir`). */
  planFile?: string;
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
  /**
   * How the project's files start plankeeper (SetupContext.launch); default: as this
   * plankeeper is installed, or `node` when `node` or `bin` is given.
   */
  launch?: SetupLaunch;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** The supported ways to start plankeeper from a project's files (README: setup). */
export type SetupLaunch = 'global' | 'npx' | 'node';

export interface AppliedEdit {
  path: string;
  action: 'created' | 'updated' | 'deleted';
  changes: string[];
}

export interface SetupOutcome {
  ctx: SetupContext;
  remove: boolean;
  applied: AppliedEdit[];
  /** What setup left as the person has it, and why (FileEdit.kept). */
  kept: { path: string; reason: KeptReason }[];
}

/** This package's bin (dist/coding-agents/setup/ → bin/). */
export const PLANKEEPER_BIN = fileURLToPath(new URL('../../../bin/plankeeper.js', import.meta.url));

export class StoreUrlError extends Error {}

/**
 * `path` as the project's files name it: relative to the project directory, with `/`
 * (a teammate's clone finds its own file); a file outside the project keeps its full path.
 */
function projectPath(dir: string, path: string): string {
  const full = resolve(dir, path);
  const inside = relative(dir, full);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return full;
  return inside.split(sep).join('/');
}

export function setupContext(
  options: SetupOptions,
): Omit<SetupContext, 'owned' | 'created' | 'sharers'> {
  const env = options.env ?? process.env;
  const dir = resolve(options.cwd ?? process.cwd(), options.dir ?? '.');
  const home = env.HOME?.trim() || homedir();
  const node = options.node ?? process.execPath;
  const bin = options.bin ?? PLANKEEPER_BIN;
  return {
    agent: options.agent,
    dir,
    ...resolveStore(options.store, dir),
    lang: options.lang ?? 'en',
    ...(options.list !== undefined && { list: options.list }),
    ...(options.planFile !== undefined && { planFile: projectPath(dir, options.planFile) }),
    ...(options.approval && { approval: options.approval }),
    ...(options.discipline && { discipline: options.discipline }),
    node,
    bin,
    launch: launchCommand(
      options.launch ??
        (options.node !== undefined || options.bin !== undefined
          ? 'node'
          : installedAs(bin, dir, env)),
      node,
      bin,
    ),
    home,
    env,
    ...(options.evidence && { evidence: options.evidence }),
    ...(options.verify && { verify: options.verify }),
  };
}

/**
 * The store as the commands carry it, checked by the core's parser: nothing for the default
 * (the hooks and server find the project's own at run time), a SQLite path inside the project
 * relative to it, and a URL with a password kept out of the files (`privateStore`).
 */
function resolveStore(
  flag: string | undefined,
  dir: string,
): Pick<SetupContext, 'store' | 'privateStore' | 'storeShown'> {
  const url = flag?.trim();
  if (!url) return { storeShown: `sqlite:${PROJECT_STORE_PATH}` };
  try {
    parseStoreUrl(url);
  } catch (error) {
    throw new StoreUrlError(error instanceof Error ? error.message : String(error));
  }
  if (hasPassword(url)) return { privateStore: url, storeShown: redact(url) };
  const sqlite = /^sqlite:(?!\/\/)(.+)$/.exec(url);
  if (sqlite && sqlite[1] !== ':memory:') {
    const inside = relative(dir, resolve(dir, sqlite[1]!));
    if (inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)) {
      return { store: `sqlite:${inside}`, storeShown: `sqlite:${inside}` };
    }
  }
  return { store: url, storeShown: url };
}

/** Whether a server URL carries a password (in its user part, or as a `password` parameter). */
function hasPassword(url: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.password !== '' || parsed.searchParams.has('password');
  } catch {
    return false;
  }
}

/**
 * How this plankeeper is installed, seen from the project: as the project's devDependency
 * (its bin under the project's node_modules), as the `plankeeper` on PATH (a global install),
 * or neither (a checkout, or npx's cache): then only this machine's paths start it.
 */
function installedAs(bin: string, dir: string, env: NodeJS.ProcessEnv): SetupLaunch {
  const real = realOrSelf(bin);
  const modules = `${realOrSelf(join(dir, 'node_modules'))}${sep}`;
  if (real.startsWith(modules)) return 'npx';
  for (const folder of (env.PATH ?? '').split(delimiter)) {
    if (folder === '' || !isAbsolute(folder)) continue;
    const found = join(folder, 'plankeeper');
    if (existsSync(found) && realOrSelf(found) === real) return 'global';
  }
  return 'node';
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function launchCommand(launch: SetupLaunch, node: string, bin: string): readonly string[] {
  if (launch === 'global') return ['plankeeper'];
  if (launch === 'npx') return ['npx', '--no', 'plankeeper'];
  return [node, bin];
}

/** The descriptors setup reads: the agent set up, and which others share `.mcp.json`. */
export type SetupAgents = readonly CodingAgentDescriptor<SetupAgent>[];

export function runSetup(agents: SetupAgents, options: SetupOptions): SetupOutcome {
  const find = (name: string) => agents.find((agent) => agent.name === name);
  const remove = options.remove ?? false;
  const base = setupContext(options);
  const manifest = readManifest(base.dir, readText);
  const record: Created = manifest.created[base.agent] ?? { files: [], dirs: [] };
  const ctx: SetupContext = {
    ...base,
    owned: (path) => record.owned?.[path] ?? [],
    created: (path) => record.files.includes(path),
    sharers: (path) =>
      (Object.keys(manifest.created) as SetupAgent[])
        .filter((agent) => agent !== base.agent && find(agent)?.readsMcpJson)
        .map((agent) => ({ agent, owned: manifest.created[agent]?.owned?.[path] ?? [] })),
  };
  const others = Object.keys(manifest.created).filter((agent) => agent !== ctx.agent);
  const edits = [
    ...find(ctx.agent)!.setup(ctx, readText, remove),
    ...gitignoreEdit(ctx, remove, others.length > 0),
  ].map((edit) => (remove ? restored(edit, record) : edit));
  if (remove && others.length > 0) {
    handOver(manifest, record, join(ctx.dir, '.gitignore'), others[0]!, [IGNORED]);
    // Folders setup created that still hold another agent's files (.plankeeper/ with the
    // records, say) go when the last agent is removed.
    const heir = manifest.created[others[0] as SetupAgent];
    if (heir) heir.dirs = union(heir.dirs, record.dirs);
  }
  for (const edit of edits) {
    if (remove && edit.keptFor) {
      handOver(manifest, record, edit.path, edit.keptFor, record.owned?.[edit.path] ?? []);
    }
  }
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
        ...ownedRecord(edits, record),
      };
  const writes: FileEdit[] = [...changed];
  if (changed.length > 0 || remove) {
    if (nextRecord && manifest.text === undefined) {
      nextRecord.dirs = union(nextRecord.dirs, missingDirs(manifest.path));
    }
    const manifestText = printManifest(manifest, ctx.agent, nextRecord);
    if (manifestText !== manifest.text) {
      writes.push({ path: manifest.path, before: manifest.text, after: manifestText, changes: [] });
    }
  }
  // Every target is checked before the first write: a refusal writes nothing.
  const targets = writes.map(writeTarget);
  for (const [index, edit] of writes.entries()) writeEdit(edit, targets[index]!);
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
    kept: edits.flatMap((edit) => (edit.kept ?? []).map((reason) => ({ path: edit.path, reason }))),
  };
}

const IGNORED = '.plankeeper/';

/**
 * `.plankeeper/` (the store, setup's records) in the project's `.gitignore` when setup creates
 * that folder in a git project; taken out again by the --remove that leaves no agent set up.
 */
function gitignoreEdit(ctx: SetupContext, remove: boolean, othersRemain: boolean): FileEdit[] {
  const path = join(ctx.dir, '.gitignore');
  const before = readText(path);
  if (remove) {
    if (othersRemain || !ctx.owned(path).includes(IGNORED) || before === undefined) return [];
    const after = before.replace(/^\.plankeeper\/\n?/m, '');
    return [{ path, before, after, changes: [IGNORED], empty: after.trim() === '' }];
  }
  if (ctx.owned(path).includes(IGNORED))
    return [{ path, before, after: before, changes: [], owned: [IGNORED] }];
  const isGit = before !== undefined || existsSync(join(ctx.dir, '.git'));
  if (!isGit || existsSync(join(ctx.dir, '.plankeeper'))) return [];
  if (before !== undefined && /^\/?\.plankeeper\/?\s*$/m.test(before)) return [];
  const text = before ?? '';
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  const added = `${separator}${IGNORED}\n`;
  return [
    {
      path,
      before,
      after: text + added,
      changes: [IGNORED],
      owned: [IGNORED],
      ...(before !== undefined && {
        undo: [[{ offset: text.length, length: added.length, content: '' }]],
      }),
    },
  ];
}

/**
 * What a removal leaves in a file for an agent still set up passes to it: the .gitignore line
 * (`facts`), or a shared `.mcp.json` server; with it the file's way back, and a file setup
 * created.
 */
function handOver(
  manifest: Manifest,
  record: Created,
  path: string,
  heir: string,
  facts: readonly string[],
): void {
  if (!facts.every((fact) => record.owned?.[path]?.includes(fact))) return;
  const next = manifest.created[heir as SetupAgent];
  if (!next) return;
  next.owned = { ...next.owned, [path]: union(next.owned?.[path] ?? [], facts) };
  const undo = record.undo?.[path];
  if (undo && !next.undo?.[path]) next.undo = { ...next.undo, [path]: undo };
  if (record.files.includes(path)) next.files = union(next.files, [path]);
}

/**
 * A removal's result: the file's bytes from before setup when it is still as setup left it;
 * else the agent's edit (only what setup owns taken out), deleted when setup created the file
 * and nothing is left in it.
 */
function restored(edit: FileEdit, record: Created): FileEdit {
  if (edit.shared) return edit;
  const undo = record.undo?.[edit.path];
  if (edit.before !== undefined && undo && sha256(edit.before) === undo.after) {
    return { ...edit, after: undoText(edit.before, undo.steps) };
  }
  // Only a file setup created goes when emptied; one the user had stays, even as `{}`.
  if (edit.empty && record.files.includes(edit.path)) return { ...edit, after: undefined };
  return edit;
}

/** What setup owns in each file, and the way back to the bytes of each file the user had. */
function ownedRecord(edits: readonly FileEdit[], record: Created): Pick<Created, 'owned' | 'undo'> {
  const owned = { ...record.owned };
  const undo = { ...record.undo };
  for (const edit of edits) {
    if (edit.owned?.length) owned[edit.path] = edit.owned;
    else delete owned[edit.path];
    if (edit.after === edit.before || edit.after === undefined) continue;
    const earlier = undo[edit.path];
    const chained =
      earlier && edit.before !== undefined && sha256(edit.before) === earlier.after
        ? earlier.steps
        : undefined;
    if (edit.undo && (chained || !earlier)) {
      undo[edit.path] = { after: sha256(edit.after), steps: [...(chained ?? []), ...edit.undo] };
    } else {
      // Changed by the person since (or not a file setup can step back): remove works by entry.
      delete undo[edit.path];
    }
  }
  return {
    ...(Object.keys(owned).length > 0 && { owned }),
    ...(Object.keys(undo).length > 0 && { undo }),
  };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
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
