/**
 * `.plankeeper/setup.json` in the project (never committed: `.plankeeper/` is ignored), per
 * agent: which files and directories setup created, so `--remove` deletes a file only when
 * setup made it and nothing else is left in it; what it wrote into each file it edited
 * (`owned`), so it never takes the user's own entries for its own; and for a file the user
 * had, the steps back to its bytes (`undo`), valid while the file is as setup left it
 * (`after`, a sha256 of its text).
 */
import { join } from 'node:path';
import { parseJsonDoc } from './json-file.js';
import type { ReadText, SetupAgent, TextEdit } from './types.js';

export interface Created {
  files: string[];
  dirs: string[];
  owned?: Record<string, string[]>;
  undo?: Record<string, { after: string; steps: TextEdit[][] }>;
}

export interface Manifest {
  path: string;
  text: string | undefined;
  created: Partial<Record<SetupAgent, Created>>;
}

export function manifestPath(dir: string): string {
  return join(dir, '.plankeeper', 'setup.json');
}

export function readManifest(dir: string, read: ReadText): Manifest {
  const path = manifestPath(dir);
  const text = read(path);
  const created = parseJsonDoc(path, text).value.created;
  return {
    path,
    text,
    created:
      created !== null && typeof created === 'object' ? (created as Manifest['created']) : {},
  };
}

/** The manifest's text with `agent`'s record set (or dropped); undefined when none is left. */
export function printManifest(
  manifest: Manifest,
  agent: SetupAgent,
  record: Created | undefined,
): string | undefined {
  const created = { ...manifest.created };
  const empty =
    record === undefined ||
    (record.files.length === 0 &&
      record.dirs.length === 0 &&
      Object.keys(record.owned ?? {}).length === 0);
  if (record === undefined || empty) {
    delete created[agent];
  } else {
    created[agent] = record;
  }
  if (Object.keys(created).length === 0) return undefined;
  return `${JSON.stringify({ created }, null, 2)}\n`;
}
