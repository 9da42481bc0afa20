/**
 * The body of `.pi/extensions/plankeeper.ts`, the file `plankeeper setup pi` writes below the
 * two constants it decides (extension-source.ts): how this project starts plankeeper, and
 * the options. Pi loads the file in its own process; it finds the extension module beside
 * the `plankeeper` the project uses (a global install on PATH, the project's devDependency,
 * or the bin setup ran from) and hands it Pi's API. Nothing here names the project's folder.
 * If plankeeper cannot load, Pi goes on without it, and says so in one line.
 */
import { existsSync, realpathSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** How this project starts plankeeper (SetupContext.launch). */
declare const PLANKEEPER_LAUNCH: readonly string[];
/** `plankeeper hook pi` options: the store, plan file, language, approval, checks … */
declare const PLANKEEPER_OPTIONS: readonly string[];

/** The extension module, bundled (scripts/build-pi-extension.mjs), from the bin's folder. */
const EXTENSION_MODULE = '../dist/coding-agents/pi/extension/bundle/pi-extension.js';

export default async function plankeeper(pi: unknown): Promise<void> {
  try {
    const bin = realpathSync(binOf(PLANKEEPER_LAUNCH, process.cwd(), process.env));
    const url = pathToFileURL(join(dirname(bin), EXTENSION_MODULE)).href;
    const { plankeeperExtension } = (await import(url)) as {
      plankeeperExtension(pi: unknown, options: readonly string[]): Promise<void>;
    };
    await plankeeperExtension(pi, PLANKEEPER_OPTIONS);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `plankeeper (pi): ${message.replace(/\s+/g, ' ')} (Pi goes on without it)\n`,
    );
  }
}

/** plankeeper's bin as `launch` names it. */
function binOf(launch: readonly string[], cwd: string, env: NodeJS.ProcessEnv): string {
  const [first, bin] = launch;
  // The project's devDependency: its bin by a path relative to the project (`node
  // node_modules/…/plankeeper.js`), or through npx as earlier setups wrote it; Pi may run in
  // a folder below the project, so each is looked for here and in the folders above.
  const relative = first === 'npx' ? join('node_modules', '.bin', 'plankeeper') : bin;
  if (relative !== undefined && !isAbsolute(relative)) {
    for (let dir = cwd; ; dir = dirname(dir)) {
      const found = join(dir, relative);
      if (existsSync(found)) return found;
      if (dirname(dir) === dir) break;
    }
    throw new Error(`no ${relative} here: run npm install in the project`);
  }
  if (first === 'plankeeper') {
    for (const folder of (env.PATH ?? '').split(delimiter)) {
      const found = join(folder, 'plankeeper');
      if (isAbsolute(folder) && existsSync(found)) return found;
    }
    throw new Error('plankeeper is not on PATH: install it again, or run plankeeper setup pi');
  }
  if (bin === undefined) throw new Error(`cannot start plankeeper as ${JSON.stringify(launch)}`);
  return bin;
}
