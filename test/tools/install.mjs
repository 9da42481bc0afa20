#!/usr/bin/env node
/**
 * Installs what only the tests need (this folder's package.json: the real coding-agent CLIs,
 * the test runner, the browser driver, the linter) and makes it reachable from the
 * repository as if the root had installed it: a link in the root's node_modules for each
 * package and each of its commands. So `npm ci && npm run demo` stays small and quick, and
 * `npm test` (which runs this first) still has everything.
 *
 * Runs `npm ci` here only when this folder's lock changed since the last install (a stamp
 * in node_modules says which lock it installed), so a second `npm test` costs nothing.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSqlite } from './build-sqlite.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const own = join(here, 'node_modules');
const stamp = join(own, '.installed-from-lock');

const lock = readFileSync(join(here, 'package-lock.json'));
const wanted = createHash('sha256').update(lock).digest('hex');

if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== wanted) {
  process.stdout.write('Installing the test tools (test/tools) …\n');
  // Not the settings of the npm run that started this (its workspace, prefix, …).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)),
  );
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: here,
    env,
    stdio: 'inherit',
  });
  writeFileSync(stamp, wanted);
}

const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const rootModules = join(root, 'node_modules');
if (!existsSync(rootModules)) {
  process.stderr.write('No node_modules at the repository root: run `npm ci` first.\n');
  process.exit(1);
}

/** Links `target` at `path` unless something (the root's own install, say) is there already. */
function link(path, target) {
  if (exists(path)) return;
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(relative(dirname(path), target), path);
}

function exists(path) {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

for (const name of Object.keys(manifest.devDependencies)) {
  link(join(rootModules, name), join(own, name));
}
// Every command this folder installed (vitest, biome, claude, codex, gemini, opencode, …).
const ownBin = join(own, '.bin');
for (const command of existsSync(ownBin) ? readdirSync(ownBin) : []) {
  link(join(rootModules, '.bin', command), join(ownBin, command));
}

// SQLite's native module, which `npm ci` at the root leaves unbuilt (see build-sqlite.mjs).
buildSqlite();
