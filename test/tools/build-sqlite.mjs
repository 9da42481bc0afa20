#!/usr/bin/env node
/**
 * Builds better-sqlite3's native module in this checkout when it is not built yet.
 *
 * The root's `allowScripts` denies better-sqlite3's install script, so `npm ci` does not
 * compile SQLite (about a minute and a half of CPU where no prebuilt binary can be fetched)
 * for a demo that keeps its plans in memory. Whatever needs SQLite builds it here: `npm test`
 * (through install.mjs) and `npm run build:sqlite` for running the CLI from the checkout.
 * A second run costs one module load.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(root, 'package.json'));

/** True when better-sqlite3 loads and opens a database. */
function sqliteLoads() {
  try {
    const Database = require('better-sqlite3');
    new Database(':memory:').close();
    return true;
  } catch {
    return false;
  }
}

export function buildSqlite() {
  if (sqliteLoads()) return;
  process.stdout.write('Building better-sqlite3 (SQLite for the stores, about a minute) …\n');
  // The package's own install script (a prebuilt binary when one can be fetched, else
  // node-gyp), run as the package's script: `npm rebuild` would honour the denial.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)),
  );
  const run = spawnSync('npm', ['run', 'install', '--loglevel=error'], {
    cwd: dirname(require.resolve('better-sqlite3/package.json')),
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  // The compiler's chatter only when it failed.
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout ?? ''}${run.stderr ?? ''}`);
    process.stderr.write('Building better-sqlite3 failed (see above).\n');
    process.exit(1);
  }
  if (!sqliteLoads()) {
    process.stderr.write('better-sqlite3 was built but still does not load.\n');
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildSqlite();
