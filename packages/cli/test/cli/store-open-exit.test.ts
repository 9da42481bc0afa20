/**
 * A process whose store cannot be opened exits as soon as it has reported that: nothing
 * the failed open leaves behind (a driver's timer, a socket) keeps it alive.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));

/** Milliseconds from openStore's rejection to the process's exit, measured in the process. */
function lingerAfterFailedOpen(url: string): Promise<number> {
  const script = `
    import { openStore } from 'plankeeper/stores';
    let rejectedAt;
    process.on('exit', () => console.log(JSON.stringify({ linger: Date.now() - rejectedAt })));
    await openStore(${JSON.stringify(url)}).then(
      () => console.error('opened'),
      () => { rejectedAt = Date.now(); },
    );`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: repo });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => resolve(JSON.parse(stdout).linger));
  });
}

describe('a failed store open', () => {
  it.each(['redis://127.0.0.1:1', 'postgres://u:p@127.0.0.1:1/db'])(
    'lets the process exit at once (%s)',
    async (url) => {
      expect(await lingerAfterFailedOpen(url)).toBeLessThan(500);
    },
  );
});
