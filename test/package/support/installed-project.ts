/**
 * Both packages packed and the two tarballs installed into an empty project, as a user installs
 * plankeeper (`npm install`, no optional peer, no development tool): for the tests that run the
 * installed command there.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../../', import.meta.url).pathname;

export interface InstalledProject {
  /** The project folder, whose node_modules has both packages. */
  dir: string;
  dispose(): void;
}

/** The environment without what `npm test` sets for its own run (workspace, prefix, …). */
export function cleanEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'INIT_CWD'),
  );
}

/** Packs both packages and installs them into a new project (a minute or more: call it once). */
export function installPackedProject(prefix: string): InstalledProject {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const dir = join(work, 'project');
  const environment = cleanEnvironment();
  for (const folder of ['plankeeper', 'cli']) {
    execFileSync('npm', ['pack', join(root, 'packages', folder), '--pack-destination', work], {
      stdio: 'ignore',
      env: environment,
    });
  }
  const tarballs = readdirSync(work)
    .filter((file) => file.endsWith('.tgz'))
    .map((file) => join(work, file));
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), '{"name": "empty", "private": true}\n');
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs],
    { cwd: dir, stdio: 'ignore', env: environment },
  );
  return { dir, dispose: () => rmSync(work, { recursive: true, force: true }) };
}
