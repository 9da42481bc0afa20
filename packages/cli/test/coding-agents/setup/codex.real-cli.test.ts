/**
 * The real Codex CLI with the config `plankeeper setup codex` wrote into CODEX_HOME: the
 * scripted model calls plankeeper's todo_write and gets plankeeper's text, with no approval
 * asked (in `exec` an approval it needed would fail the call), and the hooks run without
 * --dangerously-bypass-hook-trust: Codex accepts the trust setup recorded for them.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setup } from '../../../src/coding-agents/setup/index.js';
import { mcpCall, ResponsesServer, say } from '../codex/support/responses-server.js';
import {
  type CodexWorkspace,
  createCodexWorkspace,
  describeRun,
  runCodex,
} from '../codex/support/run-codex.js';
import { hookEvents, TEST_BIN } from './support/bin.js';

const PLAN = {
  todos: [
    { content: 'Look up the policy', status: 'in_progress' },
    { content: 'Draft the answer', status: 'pending' },
  ],
};

let model: ResponsesServer | undefined;
let ws: CodexWorkspace | undefined;
afterEach(async () => {
  await model?.close();
  ws?.dispose();
});

describe('Codex after plankeeper setup codex (real CLI)', () => {
  it('runs plankeeper’s todo_write without approval; the model reads the plan', async () => {
    // Spare final answers: a finish check in the Stop hook may bounce the first one.
    model = await ResponsesServer.start([
      mcpCall('plankeeper', 'todo_write', PLAN),
      say('The plan is written.'),
      say('The plan is written.'),
    ]);
    ws = createCodexWorkspace();
    ws.configure({ modelUrl: model.url }); // the offline model provider, nothing of plankeeper
    setup({
      agent: 'codex',
      dir: ws.project,
      bin: TEST_BIN,
      env: { HOME: ws.home, CODEX_HOME: ws.codexHome },
    });
    const log = join(ws.root, 'hooks.log');
    ws.env.PLANKEEPER_TEST_HOOK_LOG = log;
    const run = await runCodex(ws, {
      prompt: 'Plan the answer.',
      bypassHookTrust: false,
      timeoutMs: 60_000,
    });
    expect(run.code, describeRun(run)).toBe(0);
    const [first, second] = model.main;
    const received = model.toolOutput(second!, first!.callIds[0]!);
    expect(received).toContain('Todo list updated (0/2 completed).');
    expect(received).toMatch(/#1\b.*Look up the policy/);
    expect(hookEvents(log)).toEqual(
      expect.arrayContaining(
        ['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'Stop'].map(
          (event) => `hook codex ${event}`,
        ),
      ),
    );
    const call = run.events.find(
      (event) => event.type === 'item.completed' && event.item?.type === 'mcp_tool_call',
    );
    expect(call?.item).toMatchObject({
      server: 'plankeeper',
      tool: 'todo_write',
      status: 'completed',
    });
  }, 90_000);
});
