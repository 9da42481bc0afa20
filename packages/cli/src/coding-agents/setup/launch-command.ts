/**
 * How the files setup writes start plankeeper (SetupContext.launch): `plankeeper` from PATH, the
 * project's own devDependency by its bin's path in the project, or this machine's node and bin.
 */
import { existsSync, realpathSync } from 'node:fs';
import { delimiter, isAbsolute, join, sep } from 'node:path';

/** The supported ways to start plankeeper from a project's files (README: setup). */
export type SetupLaunch = 'global' | 'dev-dependency' | 'node';

/**
 * The devDependency's bin, relative to the project: every clone that ran `npm install` has it.
 * Node runs it directly: through `npx` each call cost about 0.5 s more (npx resolving the bin
 * and starting a second node), per tool call for the agents that run a hook process per call.
 */
export const PROJECT_BIN = 'node_modules/@plankeeper/cli/bin/plankeeper.js';

/**
 * How this plankeeper is installed, seen from the project: as the project's devDependency
 * (its bin under the project's node_modules), as the `plankeeper` on PATH (a global install),
 * or neither (a checkout, or npx's cache): then only this machine's paths start it.
 */
export function installedAs(bin: string, dir: string, env: NodeJS.ProcessEnv): SetupLaunch {
  const real = realOrSelf(bin);
  const modules = `${realOrSelf(join(dir, 'node_modules'))}${sep}`;
  if (real.startsWith(modules)) return 'dev-dependency';
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

/**
 * The command line that starts plankeeper, before its arguments. A devDependency's is relative
 * to the project: the agents start their MCP servers and hooks there (Claude Code's hooks, which
 * may run in a sub-folder, name the project through $CLAUDE_PROJECT_DIR: claude-code/).
 */
export function launchCommand(launch: SetupLaunch, node: string, bin: string): readonly string[] {
  if (launch === 'global') return ['plankeeper'];
  if (launch === 'dev-dependency') return ['node', PROJECT_BIN];
  return [node, bin];
}
