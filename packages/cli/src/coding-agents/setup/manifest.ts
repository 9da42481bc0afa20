/**
 * `.plankeeper/setup.json` in the project: which files and directories setup created, per
 * agent, so `--remove` deletes a file only when setup made it and nothing else is left in it
 * (a file the user had stays, however little of it remains).
 */
import { join } from 'node:path';
import { parseJsonDoc } from './json-file.js';
import type { ReadText, SetupAgent } from './types.js';

export interface Created {
  files: string[];
  dirs: string[];
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
  if (record === undefined || (record.files.length === 0 && record.dirs.length === 0)) {
    delete created[agent];
  } else {
    created[agent] = record;
  }
  if (Object.keys(created).length === 0) return undefined;
  return `${JSON.stringify({ created }, null, 2)}\n`;
}
