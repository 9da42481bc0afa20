/**
 * How the files setup writes start plankeeper (SetupContext.launch): `plankeeper` from PATH, the
 * project's own devDependency through npx, or this machine's node and bin.
 */
import { existsSync, realpathSync } from 'node:fs';
import { delimiter, isAbsolute, join, sep } from 'node:path';

/** The supported ways to start plankeeper from a project's files (README: setup). */
export type SetupLaunch = 'global' | 'npx' | 'node';

/**
 * How this plankeeper is installed, seen from the project: as the project's devDependency
 * (its bin under the project's node_modules), as the `plankeeper` on PATH (a global install),
 * or neither (a checkout, or npx's cache): then only this machine's paths start it.
 */
export function installedAs(bin: string, dir: string, env: NodeJS.ProcessEnv): SetupLaunch {
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

export function launchCommand(launch: SetupLaunch, node: string, bin: string): readonly string[] {
  if (launch === 'global') return ['plankeeper'];
  if (launch === 'npx') return ['npx', '--no', 'plankeeper'];
  return [node, bin];
}
