// Install footprint of the core for a library user: `npm pack` of packages/plankeeper,
// installed into an empty project the way `npm i plankeeper` would (no optional peers),
// beside the application package installed the same way, measured in the same run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printTable, verdict } from './report.mjs';

const root = new URL('../', import.meta.url).pathname;

function folderBytes(path) {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) total += folderBytes(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

/** Installed packages: every folder with a package.json directly under node_modules. */
function packageCount(modules) {
  let count = 0;
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    if (entry.name.startsWith('@')) count += readdirSync(join(modules, entry.name)).length;
    else count++;
  }
  return count;
}

function pack(folder, into) {
  const output = execFileSync('npm', ['pack', join(root, folder), '--pack-destination', into], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return join(into, output.trim().split('\n').at(-1));
}

function npmInstall(project, specs) {
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--omit=optional', ...specs],
    { cwd: project, stdio: 'ignore' },
  );
}

/**
 * Installs `specs` into a fresh project that already has `before` installed; returns the
 * bytes and packages that `specs` added to its node_modules.
 */
function install(specs, before = []) {
  const project = mkdtempSync(join(tmpdir(), 'plankeeper-install-'));
  try {
    writeFileSync(join(project, 'package.json'), '{"name": "consumer", "private": true}');
    const modules = join(project, 'node_modules');
    let base = [0, 0];
    if (before.length > 0) {
      npmInstall(project, before);
      base = [folderBytes(modules), packageCount(modules)];
    }
    npmInstall(project, specs);
    return [folderBytes(modules) - base[0], packageCount(modules) - base[1]];
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

export default async function run() {
  const packs = mkdtempSync(join(tmpdir(), 'plankeeper-packs-'));
  try {
    const core = pack('packages/plankeeper', packs);
    const app = pack('packages/cli', packs);
    // zod is the core's one peer; every framework plankeeper adapts already brings it.
    const zod = JSON.parse(readFileSync(join(root, 'node_modules/zod/package.json'), 'utf8'));
    const withZod = [`zod@${zod.version}`];
    const [coreBytes, corePackages] = install([core], withZod);
    const [emptyBytes, emptyPackages] = install([core]);
    const [zodBytes, zodPackages] = install(withZod);
    const [appBytes, appPackages] = install([core, app]);
    const mb = (bytes) => bytes / 1e6;
    printTable(
      'install (npm pack + npm install, no optional peers)',
      ['what is installed', 'into', 'tarball MB', 'installed MB', 'packages'],
      [
        ['plankeeper', 'a project with zod', mb(statSync(core).size), mb(coreBytes), corePackages],
        ['plankeeper', 'an empty project', mb(statSync(core).size), mb(emptyBytes), emptyPackages],
        [`zod ${zod.version} alone (baseline)`, 'an empty project', '', mb(zodBytes), zodPackages],
        ['@plankeeper/cli', 'an empty project', mb(statSync(app).size), mb(appBytes), appPackages],
      ],
    );
    verdict(
      'core install',
      coreBytes <= 5e6 && corePackages <= 5,
      `${mb(coreBytes).toFixed(2)} MB, ${corePackages} package(s) beside the zod a framework user has (target ≤ 5 MB, ≤ 5 packages); ${mb(emptyBytes).toFixed(2)} MB with zod into an empty project`,
    );
  } finally {
    rmSync(packs, { recursive: true, force: true });
  }
}
