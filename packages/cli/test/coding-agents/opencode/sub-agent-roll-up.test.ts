/**
 * Sub-agent roll-up through OpenCode's plugin hooks (recorded payloads, one hook process per
 * call, a SQLite store): a child session created under the main one is linked to the main
 * plan's item in progress; its final text ends it; the main session's next tool call is told.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runHook } from '../../../src/coding-agents/hook/run-hook.js';
import { withPlanEngine } from '../../support/seeded-store.js';

type Json = Record<string, unknown>;
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Json;
const hookPayload = (name: string) => {
  const { input, output } = fixture(name);
  return { input, output } as { input: Json; output: Json };
};
const MAIN = 'ses_dcdfa3527ffeCYfFxF96gCwYLM';
const CHILD = 'ses_dcdfa28ecffexmDAQRolT8bxwu';
const MAIN_KEY = { agent: 'opencode', session: MAIN };

let dir: string;
let store: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pk-hook-oc-sub-'));
  store = `sqlite:${join(dir, 'plans.db')}`;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function hook(name: string, payload: unknown) {
  let stdout = '';
  let stderr = '';
  await runHook(['opencode', name, '--store', store], {
    stdin: [JSON.stringify(payload)],
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    cwd: dir,
  });
  expect(stderr).toBe('');
  return stdout === '' ? undefined : (JSON.parse(stdout) as { context?: string; block?: string });
}

describe('plankeeper hook opencode: sub-agent roll-up', () => {
  it('links the child session to the item in progress and tells the main session how it ended', async () => {
    const prompt = hookPayload('chat.message');
    await hook('chat.message', {
      input: prompt.input,
      output: { message: { id: 'msg_1' }, parts: [{ type: 'text', text: 'Fix the parser.' }] },
    });
    await withPlanEngine(store, (engine) =>
      engine.write(MAIN_KEY, [
        { content: 'Check the parser', status: 'in_progress' },
        { content: 'Fix it', status: 'pending' },
      ]),
    );
    await hook('tool.execute.after', hookPayload('tool.execute.after.mcp'));

    await hook('session.created', {
      event: (fixture('event.session.created.subagent').input as Json).event,
    });
    const childEnd = hookPayload('experimental.text.complete');
    await hook('experimental.text.complete', {
      input: { ...childEnd.input, sessionID: CHILD },
      output: { text: 'The parser compiles.' },
      parentID: MAIN,
    });

    const told = await hook('tool.execute.after', hookPayload('tool.execute.after.task'));
    expect(told?.context?.split('\n')[0]).toBe(
      'Sub-agent on #1 finished (it kept no todo list). Check its result, then complete #1 yourself.',
    );
    expect(
      await withPlanEngine(store, async (engine) => (await engine.snapshot(MAIN_KEY)).items[0]),
    ).toMatchObject({ status: 'in_progress', subAgent: { scope: CHILD, ended: 'finished' } });
  });
});
