/**
 * The options of `plankeeper setup <agent>`, and the context every agent's edits are planned
 * from (SetupContext, less what the manifest adds): the project directory, the store, how the
 * written commands start plankeeper, the person's home and environment.
 */
import { homedir } from 'node:os';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTO_CHECKS } from './check-values.js';
import { detectChecks } from './detect-checks.js';
import { installedAs, launchCommand, type SetupLaunch } from './launch-command.js';
import { resolveStore } from './store-flag.js';
import type { SetupAgent, SetupContext } from './types.js';

export interface SetupOptions {
  agent: SetupAgent;
  /** The project directory (default: the current directory). */
  dir?: string;
  /** Store URL (default: the project's `sqlite:.plankeeper/plans.db`, found at run time). */
  store?: string;
  /** The language of the report and of what the hooks tell the model. Default `en`. */
  locale?: 'en' | 'zh';
  /** Share one plan among every session of the agent (and any other naming this list). */
  list?: string;
  /** Keep that plan in this Markdown file (relative paths: to `dir`). */
  planFile?: string;
  /** Most items the plan file may hold (`--max-items`); only with `planFile`. */
  maxItems?: number;
  evidence?: 'warn' | 'enforce';
  /** Check commands (`--verify`); `auto` among them: the project's usual checks (detect-checks.ts). */
  verify?: string | readonly string[];
  /** Where the checks run (relative: to `dir`); default: `dir`. */
  verifyIn?: string;
  /** Seconds each check may run (default 300). */
  verifyTimeoutSec?: number;
  /** Refusals of one turn's answers before it goes through and the person is told (default 3). */
  verifyRefusals?: number;
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

/** This package's bin (dist/coding-agents/setup/ → bin/). */
export const PLANKEEPER_BIN = fileURLToPath(new URL('../../../bin/plankeeper.js', import.meta.url));

/** The context of `options`, without what the manifest's records add (owned, created, sharers). */
export type BaseContext = Omit<SetupContext, 'owned' | 'created' | 'sharers'>;

export function setupContext(options: SetupOptions): BaseContext {
  const env = options.env ?? process.env;
  const dir = resolve(options.cwd ?? process.cwd(), options.dir ?? '.');
  const home = env.HOME?.trim() || homedir();
  const node = options.node ?? process.execPath;
  const bin = options.bin ?? PLANKEEPER_BIN;
  const installed =
    options.launch ??
    (options.node !== undefined || options.bin !== undefined ? 'node' : installedAs(bin, dir, env));
  return {
    agent: options.agent,
    dir,
    ...resolveStore(options.store, dir),
    locale: options.locale ?? 'en',
    ...(options.list !== undefined && { list: options.list }),
    ...(options.planFile !== undefined && { planFile: projectPath(dir, options.planFile) }),
    ...(options.maxItems !== undefined && { maxItems: options.maxItems }),
    ...(options.approval && { approval: options.approval }),
    ...(options.discipline && { discipline: options.discipline }),
    node,
    bin,
    installed,
    launch: launchCommand(installed, node, bin),
    home,
    env,
    ...(options.evidence && { evidence: options.evidence }),
    ...(!options.remove && checksOf(options, dir)),
  };
}

/**
 * The checks setup writes, and what detection found for the report: the commands given, the
 * project's usual ones for `auto`, or none (with the usual ones to suggest).
 */
function checksOf(options: SetupOptions, dir: string): Pick<BaseContext, 'checks' | 'foundChecks'> {
  const given = typeof options.verify === 'string' ? [options.verify] : (options.verify ?? []);
  const auto = given.includes(AUTO_CHECKS);
  // The checks of the folder they run in: a package of a monorepo has its own.
  const found =
    auto || given.length === 0 ? detectChecks(resolve(dir, options.verifyIn ?? '.')) : undefined;
  const commands = [
    ...new Set(given.flatMap((command) => (command === AUTO_CHECKS ? (found ?? []) : [command]))),
  ];
  return {
    ...(commands.length > 0 && {
      checks: {
        commands,
        ...(options.verifyIn !== undefined && { in: projectPath(dir, options.verifyIn) }),
        ...(options.verifyTimeoutSec !== undefined && { timeoutSec: options.verifyTimeoutSec }),
        ...(options.verifyRefusals !== undefined && { refusals: options.verifyRefusals }),
      },
    }),
    ...(found !== undefined && { foundChecks: { auto, commands: found } }),
  };
}

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
