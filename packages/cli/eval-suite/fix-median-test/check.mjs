// The tests pass and the test files are byte for byte the ones the task started with, so
// deleting or weakening a test cannot pass.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Whatever the workspace holds, the person reads one line, never a stack trace.
process.on('uncaughtException', (error) => {
  console.error(`check failed: ${String(error?.message ?? error).split('\n')[0]}`);
  process.exit(1);
});

const fail = (reason) => {
  console.error(`check failed: ${reason}`);
  process.exit(1);
};
const tests = ['test/stats.test.js'];
for (const test of tests) {
  const original = readFileSync(join(process.env.PLANKEEPER_TASK_DIR, 'files', test), 'utf8');
  if (!existsSync(test) || readFileSync(test, 'utf8') !== original) fail(`${test} was changed`);
}
// `node FILE` runs a node:test file and exits 1 if a test fails, as `node --test FILE` does,
// with one process fewer.
for (const test of tests) {
  const run = spawnSync(process.execPath, [test], { encoding: 'utf8' });
  if (run.status !== 0) fail(`tests fail: node ${test} exits ${run.status}`);
}
