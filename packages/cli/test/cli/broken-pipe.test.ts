/**
 * `plankeeper todos | head -1`: a reader that closes the pipe early ends the command
 * quietly, as it ends any Unix tool, with no EPIPE stack trace.
 */
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { startCli } from '../support/run-cli.js';
import { seededStore } from '../support/seeded-store.js';

/** A store with 50 plans, so that a listing is 50 lines. */
function storeOfManyPlans(): Promise<string> {
  return seededStore('plankeeper-pipe-', async (engine) => {
    for (let session = 0; session < 50; session++) {
      await engine.add({ agent: 'pipe', session: `s${session}` }, [{ content: 'A step' }]);
    }
  });
}

it('exits quietly with 0 when stdout is closed before it writes', async () => {
  const url = await storeOfManyPlans();

  const child = startCli(['todos', '--store', url]);
  // The reader is gone before the command prints its first line, as `head -1` is after it.
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(stderr).toBe('');
  expect(code).toBe(0);
});

it('stops at the first line under a real `head -1`', async () => {
  const url = await storeOfManyPlans();
  const bin = new URL('../../bin/plankeeper.js', import.meta.url).pathname;
  const shell = spawn(
    'sh',
    ['-c', `"${process.execPath}" "${bin}" todos --store "${url}" | head -1`],
    { env: { ...process.env, NO_COLOR: '1' } },
  );
  let stdout = '';
  let stderr = '';
  shell.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  shell.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  await new Promise((resolve) => shell.on('close', resolve));
  expect(stdout.split('\n').filter(Boolean)).toHaveLength(1);
  expect(stderr).toBe('');
});
