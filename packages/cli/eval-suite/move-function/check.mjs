// parseDuration lives in src/time.js only, and the program prints what it printed before.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Whatever the workspace holds, the person reads one line, never a stack trace.
process.on('uncaughtException', (error) => {
  console.error(`check failed: ${String(error?.message ?? error).split('\n')[0]}`);
  process.exit(1);
});

const fail = (reason) => {
  console.error(`check failed: ${reason}`);
  process.exit(1);
};
const load = (path) => import(pathToFileURL(resolve(path)).href);
if (!existsSync('src/time.js')) fail('no src/time.js');
const time = await load('src/time.js');
if (time.parseDuration?.('2h') !== 7_200_000) fail('src/time.js does not export parseDuration');
const utils = await load('src/utils.js');
if ('parseDuration' in utils) fail('src/utils.js still exports parseDuration');
if (utils.clamp?.(5, 0, 3) !== 3 || utils.plural?.(2, 'job') !== '2 jobs')
  fail('utils lost a helper');
const run = spawnSync(process.execPath, ['src/main.js'], { encoding: 'utf8' });
const expected = 'sync every 90s, 1 retry\n500 4000 30000\n120000\n';
if (run.status !== 0 || run.stdout !== expected)
  fail(`node src/main.js prints ${JSON.stringify(run.stdout)}`);
