/**
 * The person's checks of `plankeeper hook … --verify CMD` (and of the MCP server answering an
 * agent's hooks) as the core's gate: the commands run in the agent's project (or `--verify-in`
 * there), and what plankeeper itself writes while the model works — its store, the plan file —
 * is no change of the workspace, so a turn that only planned runs no check.
 */
import { basename, dirname, join, resolve } from 'node:path';
import { CheckGate, checkSettings, type VerifyOptions } from 'plankeeper/checks';
import { PROJECT_STORE_PATH } from '../project-store.js';
import { DEFAULT_CHECK_TIMEOUT_SEC } from '../setup/check-values.js';
import type { HookArgs } from './hook-args.js';

/** The files beside a SQLite database that change with it. */
const SQLITE_SIDE_FILES = ['', '-wal', '-shm', '-journal'];

type CheckArgs = Pick<
  HookArgs,
  'verify' | 'verifyIn' | 'verifyTimeoutSec' | 'verifyRefusals' | 'planFile'
>;

/** The gate of `parsed`'s checks, or undefined when it names none. */
export function hookCheckGate(
  parsed: CheckArgs,
  projectDir: string,
  storeUrl: string | undefined,
): CheckGate | undefined {
  const settings = checkSettings(hookChecks(parsed, projectDir));
  if (!settings) return undefined;
  return new CheckGate(settings, { ignore: ownFiles(projectDir, parsed.planFile, storeUrl) });
}

/**
 * `parsed`'s check commands as the core's `verify` option (PlanHarness takes it too): each
 * runs in the agent's project (or `--verify-in` there) with the flags' limits.
 */
export function hookChecks(parsed: CheckArgs, projectDir: string): VerifyOptions[] | undefined {
  if (!parsed.verify || parsed.verify.length === 0) return undefined;
  const cwd = resolve(projectDir, parsed.verifyIn ?? '.');
  const timeoutMs = (parsed.verifyTimeoutSec ?? DEFAULT_CHECK_TIMEOUT_SEC) * 1000;
  return parsed.verify.map((command, index) => ({
    command,
    cwd,
    timeoutMs,
    ...(index === 0 &&
      parsed.verifyRefusals !== undefined && {
        maxRefusals: parsed.verifyRefusals,
      }),
  }));
}

/** What plankeeper writes in the project: the default store's folder, a SQLite store, the plan file. */
export function ownFiles(
  projectDir: string,
  planFile: string | undefined,
  storeUrl: string | undefined,
): string[] {
  const database = storeUrl && /^sqlite:(?!\/\/)(.+)$/.exec(storeUrl)?.[1];
  const databases = [
    join(projectDir, PROJECT_STORE_PATH),
    ...(database ? [resolve(projectDir, database)] : []),
  ];
  return [
    join(projectDir, '.plankeeper'),
    ...databases.flatMap((path) => SQLITE_SIDE_FILES.map((suffix) => `${path}${suffix}`)),
    ...(planFile !== undefined ? planFileAndLock(resolve(projectDir, planFile)) : []),
  ];
}

/** The plan file, and the lock its writers take beside it (`.plankeeper/<name>.lock`). */
function planFileAndLock(path: string): string[] {
  return [path, join(dirname(path), '.plankeeper', `${basename(path)}.lock`)];
}
