/**
 * The real Codex CLI with the config `plankeeper setup codex` wrote into CODEX_HOME: the
 * scripted model calls plankeeper's todo_write with no approval asked (in `exec` an approval it
 * needed would fail the call) and reads plankeeper's plan text; it stops with an open item and
 * its next request carries plankeeper's finish check, once. The hooks run without
 * --dangerously-bypass-hook-trust: Codex accepts the trust setup recorded for them.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listHooks } from '../codex/support/app-server.js';
import { mcpCall, ResponsesServer, say } from '../codex/support/responses-server.js';
import {
  type CodexWorkspace,
  createCodexWorkspace,
  describeRun,
  runCodex,
} from '../codex/support/run-codex.js';
import { hookEvents } from './support/bin.js';
import {
  finishCheckReason,
  HONEST_ANSWER,
  IN_PROGRESS_LINE,
  occurrences,
  SMOKE_PLAN,
} from './support/expected-answers.js';
import { setUpForRealCli } from './support/project.js';

let model: ResponsesServer | undefined;
let ws: CodexWorkspace | undefined;
afterEach(async () => {
  await model?.close();
  ws?.dispose();
});

describe('Codex after plankeeper setup codex (real CLI)', () => {
  it('gives the model plankeeper’s plan text for todo_write, and the finish check once when it stops with open items', async () => {
    model = await ResponsesServer.start([
      mcpCall('plankeeper', 'todo_write', SMOKE_PLAN),
      say('The plan is written.'),
      say(HONEST_ANSWER),
    ]);
    ws = createCodexWorkspace();
    ws.configure({ modelUrl: model.url }); // the offline model provider, nothing of plankeeper
    setUpForRealCli('codex', ws);
    // Codex's own account: every hook setup wrote is trusted, SessionStart with its matcher
    // (part of what the trust hash covers).
    const listed = await listHooks(ws);
    expect(listed.filter((hook) => hook.trustStatus !== 'trusted')).toEqual([]);
    expect(listed.find((hook) => hook.eventName === 'sessionStart')?.matcher).toBe(
      'resume|clear|compact',
    );
    const log = join(ws.root, 'hooks.log');
    ws.env.PLANKEEPER_TEST_HOOK_LOG = log;
    const run = await runCodex(ws, {
      prompt: 'Write and test the parser.',
      bypassHookTrust: false,
      timeoutMs: 60_000,
    });
    const why = `${describeRun(run)}\nhooks run: ${hookEvents(log).join(', ')}`;
    expect(run.code, why).toBe(0);
    expect(hookEvents(log), why).toContain('hook codex Stop');
    // A new session has no plan to restore: no SessionStart process (its matcher).
    expect(hookEvents(log), why).not.toContain('hook codex SessionStart');
    expect(model.unscripted, why).toBe(0);
    expect(model.main, why).toHaveLength(3);
    const [first, second, third] = model.main;

    expect(model.toolOutput(second!, first!.callIds[0]!), why).toContain(IN_PROGRESS_LINE);

    // The Stop hook's reason comes back as a user message; the earlier requests never had it.
    const reason = finishCheckReason();
    expect(occurrences(model.userTexts(third!).join('\n'), reason), why).toBe(1);
    // Said once in the whole request: not again as a developer or system message.
    expect(occurrences(JSON.stringify(third!.body), 'still has open items'), why).toBe(1);
    expect(JSON.stringify(second!.body)).not.toContain('Your todo list still has open items');
    const last = run.events.filter(
      (event) => event.type === 'item.completed' && event.item?.type === 'agent_message',
    );
    expect(last.at(-1)?.item?.text).toBe(HONEST_ANSWER);
  }, 90_000);

  it('still starts and answers when the plankeeper install it names is gone (the required server answers with no tools)', async () => {
    model = await ResponsesServer.start([say('Hello.')]);
    ws = createCodexWorkspace();
    ws.configure({ modelUrl: model.url });
    setUpForRealCli('codex', ws, { bin: join(ws.root, 'uninstalled', 'plankeeper.js') });
    const run = await runCodex(ws, { prompt: 'Say hello.', timeoutMs: 60_000 });
    expect(run.code, describeRun(run)).toBe(0);
    expect(model.main, describeRun(run)).toHaveLength(1);
  }, 90_000);
});
