/**
 * The resident hook client OpenCode's plugin and Copilot's extension share, against a stand-in
 * `plankeeper hook` (fake-hook.test-support.mjs): one `--serve` process answers, a stuck request is
 * answered neutrally and its process killed, a dead process is started again, and one that
 * never answers hands its events to a process each.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hookOutput } from '../copilot/extension/hook-output.js';
import type { HookClient } from './hook-client.js';
import { MAX_FAILED_STARTS, residentClient } from './resident-client.js';

const FAKE_HOOK = fileURLToPath(new URL('./fake-hook.test-support.mjs', import.meta.url));

let dir: string;
let calls: string;
let logged: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'resident-client-'));
  calls = join(dir, 'calls');
  writeFileSync(calls, '');
  logged = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function client(mode: string, timeoutMs = 5000): HookClient<object> {
  return {
    command: [process.execPath, FAKE_HOOK, calls, mode],
    options: [],
    cwd: dir,
    timeoutFor: () => timeoutMs,
    parse: hookOutput,
    log: (line) => logged.push(line),
    unref: true,
  };
}

/** The processes started so far: `--serve` or the event, in order. */
function started(): string[] {
  return readFileSync(calls, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split(' ')[0] as string);
}

function pidsOf(what: string): number[] {
  return readFileSync(calls, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(`${what} `))
    .map((line) => Number(line.split(' ')[1]));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('residentClient', () => {
  it('answers every event from one --serve process, its stderr lines in the log', async () => {
    const ask = residentClient(client('answers'));
    const answers = await Promise.all([ask('postToolUse', { n: 1 }), ask('agentStop', { n: 2 })]);
    expect(answers).toEqual([
      { by: 'serve', event: 'postToolUse', input: { n: 1 } },
      { by: 'serve', event: 'agentStop', input: { n: 2 } },
    ]);
    expect(await ask('postToolUse', { n: 3 })).toEqual({
      by: 'serve',
      event: 'postToolUse',
      input: { n: 3 },
    });
    expect(started()).toEqual(['--serve']);
    expect(logged).toEqual(['started --serve']);
    for (const pid of pidsOf('--serve')) process.kill(pid);
  });

  it('answers a stuck request neutrally, kills its process and starts another', async () => {
    const ask = residentClient(client('hangs', 300));
    expect(await ask('hang', {})).toBeUndefined();
    const [stuck] = pidsOf('--serve');
    await expect.poll(() => alive(stuck as number)).toBe(false);
    expect(await ask('postToolUse', { n: 1 })).toEqual({
      by: 'serve',
      event: 'postToolUse',
      input: { n: 1 },
    });
    expect(started()).toEqual(['--serve', '--serve']);
    for (const pid of pidsOf('--serve')) if (alive(pid)) process.kill(pid);
  });

  it('starts a process that died again at the next event', async () => {
    const ask = residentClient(client('dies'));
    expect(await ask('sessionStart', {})).toMatchObject({ by: 'serve', event: 'sessionStart' });
    await expect.poll(() => alive(pidsOf('--serve')[0] as number)).toBe(false);
    expect(await ask('postToolUse', {})).toMatchObject({ by: 'serve', event: 'postToolUse' });
    expect(started()).toEqual(['--serve', '--serve']);
  });

  it('hands the events of one that never answers to a process each, then stops starting it', async () => {
    const ask = residentClient(client('silent'));
    const answers = [];
    for (let n = 1; n <= MAX_FAILED_STARTS + 2; n++) answers.push(await ask(`event${n}`, { n }));
    expect(answers).toEqual(
      answers.map((_, i) => ({ by: 'one-shot', event: `event${i + 1}`, input: { n: i + 1 } })),
    );
    const serves = started().filter((what) => what === '--serve');
    expect(serves).toHaveLength(MAX_FAILED_STARTS);
    expect(started().at(-1)).toBe(`event${MAX_FAILED_STARTS + 2}`);
    expect(logged).toContain('started event1');
  });
});
