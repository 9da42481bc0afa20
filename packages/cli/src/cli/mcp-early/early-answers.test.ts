/**
 * When the early answers say the handshake has gone quiet (`quiet`), the moment the bin runs
 * the server's bundle, which holds the event loop: not while a remembered request may still
 * come, and at once when only the server can answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cacheFile, writeAnswers } from './answer-cache.js';
import { startEarlyAnswers } from './early-answers.js';

const home = mkdtempSync(join(tmpdir(), 'pk-early-quiet-'));
const saved = process.env.XDG_CACHE_HOME;
beforeAll(() => {
  process.env.XDG_CACHE_HOME = home;
});
afterAll(() => {
  process.env.XDG_CACHE_HOME = saved;
  rmSync(home, { recursive: true, force: true });
});

const REMEMBERED = ['remembered'];
const NOTHING = ['nothing remembered'];
const line = (message: object) => `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`;
const initialize = line({ id: 0, method: 'initialize', params: {} });
const toolsList = line({ id: 1, method: 'tools/list' });

function start(identity: string[]) {
  if (identity === REMEMBERED) {
    writeAnswers(cacheFile(identity), {
      'initialize {}': { result: { serverInfo: { name: 'plankeeper' } } },
      'tools/list': { result: { tools: [] } },
    });
  }
  const input = new PassThrough();
  const output = new PassThrough();
  const written: string[] = [];
  output.on('data', (chunk: Buffer) => written.push(String(chunk)));
  const early = startEarlyAnswers(identity, input, output);
  let quiet = false;
  void early.quiet.then(() => {
    quiet = true;
  });
  return { input, written, isQuiet: () => quiet };
}

/** The streams' deliveries (process.nextTick, which the fake timers leave real). */
async function flush() {
  for (let turn = 0; turn < 5; turn++) await new Promise((done) => process.nextTick(done));
}

/** Time passes on the fake clock: no test here waits, so none depends on a busy machine. */
async function pause(ms: number) {
  await flush();
  vi.advanceTimersByTime(ms);
  await flush();
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the early answers’ quiet', () => {
  it('comes once the remembered handshake is answered and the client has gone quiet, not between its messages', async () => {
    const early = start(REMEMBERED);
    await pause(30);
    early.input.write(initialize);
    await pause(9);
    expect(early.written.join('')).toContain('"id":0');
    expect(early.isQuiet()).toBe(false);
    early.input.write(toolsList);
    await pause(9);
    expect(early.written.join('')).toContain('"id":1');
    expect(early.isQuiet()).toBe(false);
    await pause(1);
    expect(early.isQuiet()).toBe(true);
  });

  it('comes at once for a request only the server can answer', async () => {
    const early = start(REMEMBERED);
    early.input.write(line({ id: 0, method: 'tools/call', params: { name: 'todo_read' } }));
    await flush();
    expect(early.isQuiet()).toBe(true);
  });

  it('comes at once for a listing not remembered', async () => {
    const early = start(REMEMBERED);
    early.input.write(line({ id: 0, method: 'prompts/list' }));
    await flush();
    expect(early.isQuiet()).toBe(true);
  });

  it('comes at once when nothing is remembered, or when the client ends its input', async () => {
    expect(start(NOTHING).isQuiet()).toBe(false); // a promise: the next turn
    const nothing = start(NOTHING);
    await flush();
    expect(nothing.isQuiet()).toBe(true);
    const ended = start(REMEMBERED);
    ended.input.end();
    await flush();
    expect(ended.isQuiet()).toBe(true);
  });

  it('comes 40 ms in when the client writes nothing', async () => {
    const silent = start(REMEMBERED);
    await pause(39);
    expect(silent.isQuiet()).toBe(false);
    await pause(1);
    expect(silent.isQuiet()).toBe(true);
  });
});
