/**
 * `plankeeper hook opencode --serve`, the one process OpenCode's plugin keeps for all its
 * events, as a real process of the bin: a turn's events through it give, answer for answer,
 * what a process per event (`plankeeper hook opencode <event>`) gives on another store with
 * the same history; a plan written by another process between two events is read at the
 * next; a line that is no request costs one stderr line and stops nothing; closing stdin ends
 * it with exit 0.
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getLocale } from 'plankeeper/harness';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withPlanEngine } from '../../support/seeded-store.js';
import { PLANKEEPER_BIN } from './support/opencode-runner.js';

type Json = Record<string, unknown>;
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Json;
const hookPayload = (name: string) => {
  const { input, output } = fixture(name);
  return { input, output };
};
const MAIN = 'ses_dcdfa3527ffeCYfFxF96gCwYLM';
const prompt = (text: string, id: string) => ({
  input: hookPayload('chat.message').input,
  output: { message: { id }, parts: [{ type: 'text', text, synthetic: false }] },
});
const finalText = { ...hookPayload('experimental.text.complete'), output: { text: 'Done.' } };
const bash = hookPayload('tool.execute.after.bash');
const plan = [
  { content: 'Write the parser', status: 'in_progress' as const },
  { content: 'Test the parser', status: 'pending' as const },
];

/** A turn: events, and a plan written between them by another process (`write`). */
const TURN: Array<[string, unknown] | 'write'> = [
  ['chat.message', prompt('Write the parser.', 'msg_1')],
  'write',
  ['tool.execute.after', hookPayload('tool.execute.after.mcp')],
  ['tool.execute.after', bash],
  ['tool.execute.after', bash],
  ['tool.execute.after', bash],
  ['experimental.text.complete', finalText],
  ['chat.message', prompt('Open items.', 'msg_2')],
  ['experimental.text.complete', finalText],
  // Not an event plankeeper answers: neutral, with its one line on stderr, as on its own.
  ['session.idle', { event: { type: 'session.idle' } }],
];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pk-hook-serve-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const storeOf = (name: string) => `sqlite:${join(dir, `${name}.db`)}`;
const writePlan = (store: string) =>
  withPlanEngine(store, (engine) => engine.write({ agent: 'opencode', session: MAIN }, plan));

/** The served process, with each answer line by id and what it wrote on stderr. */
function serve(store: string) {
  const child = spawn(
    process.execPath,
    [PLANKEEPER_BIN, 'hook', 'opencode', '--serve', '--store', store],
    { cwd: dir },
  ) as ChildProcessWithoutNullStreams;
  const answers = new Map<unknown, (stdout: string) => void>();
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    const lines = stdout.split('\n');
    stdout = lines.pop() ?? '';
    for (const line of lines) {
      const { id, stdout: answer } = JSON.parse(line) as { id: unknown; stdout: string };
      answers.get(id)?.(answer);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    ask: (id: number, event: string, input: unknown) =>
      new Promise<string>((resolve) => {
        answers.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ id, event, input })}\n`);
      }),
    send: (line: string) => child.stdin.write(`${line}\n`),
    close: async () => {
      child.stdin.end();
      return { code: await exit, stderr };
    },
  };
}

function oneShot(store: string, event: string, input: unknown) {
  const run = spawnSync(
    process.execPath,
    [PLANKEEPER_BIN, 'hook', 'opencode', event, '--store', store],
    {
      cwd: dir,
      input: JSON.stringify(input),
      encoding: 'utf8',
    },
  );
  expect(run.status).toBe(0);
  return { stdout: run.stdout.replace(/\n$/, ''), stderr: run.stderr };
}

describe('plankeeper hook opencode --serve', () => {
  it('answers a turn as a process per event does, reading the store afresh at each event', async () => {
    const served = serve(storeOf('served'));
    const fromServe: string[] = [];
    const fromProcesses: string[] = [];
    const processErrors: string[] = [];
    let id = 0;
    for (const step of TURN) {
      if (step === 'write') {
        await writePlan(storeOf('served'));
        await writePlan(storeOf('processes'));
        continue;
      }
      const [event, input] = step;
      fromServe.push(await served.ask(++id, event, input));
      const alone = oneShot(storeOf('processes'), event, input);
      fromProcesses.push(alone.stdout);
      processErrors.push(alone.stderr);
      if (id === 3) {
        // Between two requests: lines that are no request, and one that is not even JSON.
        served.send('not json {');
        served.send(JSON.stringify({ id: 'x', input: {} }));
        served.send('');
      }
    }
    const { code, stderr } = await served.close();

    expect(fromServe).toEqual(fromProcesses);
    const en = getLocale('en').harness;
    // Not answers of nothing: no plan at the first prompt, then the plan written after it
    // (read afresh), the nudge, the finish check, the plan left over at a new prompt.
    expect(fromServe[0]).toBe('');
    expect(fromServe[4]).toBe(JSON.stringify({ context: en.reminder(3) }));
    expect(JSON.parse(fromServe[5]!).block).toContain('#1 Write the parser; #2 Test the parser');
    expect(JSON.parse(fromServe[6]!).context).toContain(
      `${en.leftoverHeading}\n- [>] #1 Write the parser`,
    );
    expect(fromServe.at(-1)).toBe('');
    expect(code).toBe(0);
    expect(stderr.split('\n').filter((line) => line !== '')).toEqual([
      'plankeeper hook: a line on stdin is not a request {"id", "event", "input"} (ignored): not json {',
      'plankeeper hook: a line on stdin is not a request {"id", "event", "input"} (ignored): {"id":"x","input":{}}',
      processErrors.at(-1)!.trim(),
    ]);
  }, 60_000);
});
