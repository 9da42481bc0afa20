/**
 * The `--store` flag every command shares: a URL, else $PLANKEEPER_STORE, else a SQLite
 * file under the working directory so plans survive restarts with no set-up.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { PlanStore } from 'plankeeper';
import {
  type OpenStoreOptions,
  openStore,
  parseStoreUrl,
  redact,
  SqliteNativeModuleError,
  StoreUnavailableError,
} from 'plankeeper/stores';
import { CliError } from './cli-error.js';
import { EXIT } from './exit-codes.js';

export const DEFAULT_STORE_PATH = join('.plankeeper', 'plans.db');

export const STORE_FLAG_HELP = `plan store: memory, sqlite:PATH, redis://..., postgres://... (default: $PLANKEEPER_STORE or sqlite:${DEFAULT_STORE_PATH})`;

export function resolveStoreUrl(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): string {
  const url =
    flag?.trim() || env.PLANKEEPER_STORE?.trim() || `sqlite:${join(cwd, DEFAULT_STORE_PATH)}`;
  try {
    parseStoreUrl(url);
  } catch (error) {
    throw new CliError(
      `--store: ${error instanceof Error ? error.message : String(error)}`,
      EXIT.usage,
    );
  }
  return url;
}

/** Opens the store, turning connection failures into one readable line. */
export async function openCliStore(
  url: string,
  options: Pick<OpenStoreOptions, 'readOnly'> = {},
): Promise<PlanStore> {
  try {
    return await openStore(url, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // That error already names the server and the URL.
    if (StoreUnavailableError.isInstance(error)) throw new CliError(message, EXIT.config);
    // The library's advice names no flags; here the way out is one. npm may block the
    // install script that builds the module, so each way the command is installed gets its fix.
    if (SqliteNativeModuleError.isInstance(error)) {
      throw new CliError(
        `cannot open store ${redact(url)}: ${SqliteNativeModuleError.problem}: run \`npm i -g @plankeeper/cli --allow-scripts=better-sqlite3\` for a global install; in a project, \`npm install-scripts approve better-sqlite3\` then \`npm rebuild better-sqlite3\`; in a plankeeper checkout, \`npm run build:sqlite\`; or use --store memory.`,
        EXIT.config,
      );
    }
    throw new CliError(`cannot open store ${redact(url)}: ${message}`, EXIT.config);
  }
}

/**
 * The SQLite file `url` names, when that file does not exist: a read (listing or showing
 * plans) reports it instead of opening the store, which would create the file and its folder.
 */
export function absentSqliteFile(url: string): string | undefined {
  const location = parseStoreUrl(url);
  if (location.kind !== 'sqlite' || location.path === ':memory:') return undefined;
  const path = resolve(location.path);
  if (existsSync(path)) return undefined;
  // A file where a folder of the path should be: opening says that better.
  let folder = dirname(path);
  while (!existsSync(folder)) folder = dirname(folder);
  return statSync(folder).isDirectory() ? path : undefined;
}
