/**
 * `plankeeper setup <agent>` as a function: plan every file's edit first (any unreadable
 * config, or any file or folder it cannot write, stops it before anything is written), then
 * write them (safe-write.ts), and record what was written for the next run and for `--remove`
 * (setup-record.ts, manifest.ts). The agent's descriptor comes in as an argument: this runner
 * never imports the registry (index.ts binds it).
 */
import { join } from 'node:path';
import type { CodingAgentDescriptor } from '../coding-agent.js';
import { gitignoreEdit } from './gitignore-edit.js';
import { type Created, type Manifest, printManifest, readManifest } from './manifest.js';
import { missingDirs, readText, removeEmptyDirs, writeAll } from './safe-write.js';
import { type BaseContext, type SetupOptions, setupContext } from './setup-context.js';
import { handOverOnRemove, recordAfter, restored, union } from './setup-record.js';
import type { FileEdit, KeptReason, SetupAgent, SetupContext } from './types.js';

export { PLANKEEPER_BIN, type SetupOptions } from './setup-context.js';
export { StoreUrlError } from './store-flag.js';

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

/** The descriptors setup reads: the agent set up, and which others share `.mcp.json`. */
export type SetupAgents = readonly CodingAgentDescriptor<SetupAgent>[];

export function runSetup(agents: SetupAgents, options: SetupOptions): SetupOutcome {
  const remove = options.remove ?? false;
  const base = setupContext(options);
  const manifest = readManifest(base.dir, readText);
  const record: Created = manifest.created[base.agent] ?? { files: [], dirs: [] };
  const ctx = withRecords(base, manifest, record, agents);
  const others = Object.keys(manifest.created).filter((agent) => agent !== ctx.agent);
  const edits = [
    ...descriptor(agents, ctx.agent).setup(ctx, readText, remove),
    ...gitignoreEdit(ctx, readText, remove, others.length > 0),
  ].map((edit) => (remove ? restored(edit, record) : edit));
  if (remove) handOverOnRemove(manifest, record, edits, others, join(ctx.dir, '.gitignore'));
  const changed = edits.filter((edit) => edit.after !== edit.before);
  const nextRecord = remove ? undefined : recordAfter(record, edits, changed);
  const recorded = changed.length > 0 || remove;
  writeAll([...changed, ...(recorded ? manifestEdit(manifest, ctx.agent, nextRecord) : [])]);
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

function descriptor(agents: SetupAgents, name: SetupAgent): CodingAgentDescriptor<SetupAgent> {
  const agent = agents.find((candidate) => candidate.name === name);
  if (!agent) throw new Error(`no coding agent ${JSON.stringify(name)}`);
  return agent;
}

/** The context with what the manifest records: this agent's files, and the other agents'. */
function withRecords(
  base: BaseContext,
  manifest: Manifest,
  record: Created,
  agents: SetupAgents,
): SetupContext {
  const readsMcpJson = (name: string) => agents.find((agent) => agent.name === name)?.readsMcpJson;
  return {
    ...base,
    owned: (path) => record.owned?.[path] ?? [],
    created: (path) => record.files.includes(path),
    sharers: (path) =>
      (Object.keys(manifest.created) as SetupAgent[])
        .filter((agent) => agent !== base.agent && readsMcpJson(agent))
        .map((agent) => ({ agent, owned: manifest.created[agent]?.owned?.[path] ?? [] })),
  };
}

/** The manifest with `agent`'s record set to `next` (or dropped), when that changes it. */
function manifestEdit(
  manifest: Manifest,
  agent: SetupAgent,
  next: Created | undefined,
): FileEdit[] {
  if (next && manifest.text === undefined) next.dirs = union(next.dirs, missingDirs(manifest.path));
  const text = printManifest(manifest, agent, next);
  if (text === manifest.text) return [];
  return [{ path: manifest.path, before: manifest.text, after: text, changes: [] }];
}
