/**
 * `plankeeper hook opencode <name>` end to end over a SQLite store, one call per hook process
 * as the plugin makes them, with the recorded payloads: the answers on stdout (snapshot, in
 * English and Chinese: this is what the plugin shows the model) and the turn they keep.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCALE_IDS } from 'plankeeper';
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

let dir: string;
let store: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pk-hook-oc-'));
  store = `sqlite:${join(dir, 'plans.db')}`;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function hook(name: string, payload: unknown, lang: string) {
  let stdout = '';
  let stderr = '';
  await runHook(['opencode', name, '--store', store, '--lang', lang], {
    stdin: [JSON.stringify(payload)],
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    cwd: dir,
  });
  expect(stderr).toBe('');
  return stdout === '' ? undefined : (JSON.parse(stdout) as { context?: string; block?: string });
}

async function writePlan(todos: Array<{ content: string; status: string }>) {
  await withPlanEngine(store, (engine) =>
    engine.write({ agent: 'opencode', session: MAIN }, todos as never),
  );
}

const prompt = (text: string, id: string) => {
  const payload = hookPayload('chat.message');
  return {
    input: payload.input,
    output: {
      message: { id },
      parts: [{ type: 'text', text, synthetic: false }],
    },
  };
};
const finalText = (text: string) => ({
  ...hookPayload('experimental.text.complete'),
  output: { text },
});
const bash = hookPayload('tool.execute.after.bash');
const planWrite = hookPayload('tool.execute.after.mcp');
// Recorded in another run: moved into this test's session.
const failedCall = JSON.parse(
  JSON.stringify({
    event: (fixture('event.message.part.updated.tool-error').input as Json).event,
  }).replaceAll('ses_dcd8fb75affePqmdzbZjzeUh7u', MAIN),
) as Json;

describe.each(LOCALE_IDS)('plankeeper hook opencode (%s)', (lang) => {
  it('a turn: leftover plan, nudge with a failed call counted, finish check, goal check, then through', async () => {
    await writePlan([{ content: 'Old work', status: 'pending' }]);
    const leftover = await hook('chat.message', prompt('Write the parser.', 'msg_1'), lang);
    expect(leftover?.context).toMatchSnapshot('leftover on a new prompt');

    await writePlan([
      { content: 'Write the parser', status: 'in_progress' },
      { content: 'Test the parser', status: 'pending' },
    ]);
    expect(await hook('tool.execute.after', planWrite, lang)).toBeUndefined();
    expect(await hook('tool.execute.after', bash, lang)).toBeUndefined();
    expect(await hook('message.part.updated', failedCall, lang)).toBeUndefined();
    const nudge = await hook('tool.execute.after', bash, lang);
    expect(nudge?.context).toMatchSnapshot('nudge after 3 rounds');

    const finish = await hook('experimental.text.complete', finalText('Done.'), lang);
    expect(finish?.block).toMatchSnapshot('finish check');
    // The plugin adds the reason as a user message: the same turn goes on.
    expect(await hook('chat.message', prompt(finish!.block!, 'msg_2'), lang)).toBeUndefined();
    const goal = await hook('experimental.text.complete', finalText('Done.'), lang);
    expect(goal?.block).toMatchSnapshot('goal check');
    expect(await hook('chat.message', prompt(goal!.block!, 'msg_3'), lang)).toBeUndefined();
    expect(await hook('experimental.text.complete', finalText('Done.'), lang)).toBeUndefined();
  });

  it('after a compaction, the plan for the first request that follows it', async () => {
    await hook('chat.message', prompt('Write the parser.', 'msg_1'), lang);
    await writePlan([{ content: 'Write the parser', status: 'in_progress' }]);
    expect(
      await hook(
        'experimental.session.compacting',
        hookPayload('experimental.session.compacting'),
        lang,
      ),
    ).toBeUndefined();
    const restored = await hook(
      'experimental.compaction.autocontinue',
      hookPayload('experimental.compaction.autocontinue'),
      lang,
    );
    expect(restored?.context).toMatchSnapshot('plan shown again');
  });
});
