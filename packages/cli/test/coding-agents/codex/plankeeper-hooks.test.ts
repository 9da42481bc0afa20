/**
 * plankeeper inside the real Codex CLI (pinned 0.171.0), configured as `plankeeper setup codex`
 * configures it: the MCP server `plankeeper mcp --for codex` and the hooks
 * `plankeeper hook codex <Event>` in $CODEX_HOME, on one SQLite store. The scripted model plays
 * the agent; the assertions read what Codex sent the model and what the store holds.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookCalls } from '../setup/support/bin.js';
import { storedItems } from '../support/stored-plan.js';
import { configurePlankeeper } from './support/plankeeper-config.js';
import { mcpCall, ResponsesServer, say } from './support/responses-server.js';
import {
  type CodexRun,
  type CodexWorkspace,
  createCodexWorkspace,
  describeRun,
  runCodex,
} from './support/run-codex.js';

function configure(ws: CodexWorkspace, model: ResponsesServer, store: string, hookStore = store) {
  // Only past this do responses trigger an auto-compaction; the scripted turns report 100.
  configurePlankeeper(ws, model, store, { hookStore, autoCompactTokenLimit: 20_000 });
}

const echo = (text: string) => mcpCall('standin', 'echo', { text });

describe('Codex with plankeeper: one turn with a plan, then a resumed session that compacts', () => {
  let model: ResponsesServer;
  let ws: CodexWorkspace;
  let store: string;
  let run: CodexRun;
  let resumed: CodexRun;
  const logs = { run: '', resumed: '' };

  beforeAll(async () => {
    model = await ResponsesServer.start([
      mcpCall('plankeeper', 'todo_write', {
        todos: [
          { content: 'Write the parser', status: 'in_progress' },
          { content: 'Test the parser', status: 'pending' },
        ],
      }),
      echo('one'),
      echo('two'),
      echo('three'),
      say('All done.'),
      say('I could not test the parser: there is no test runner here.'),
      // The resumed session: a round that reports more input tokens than the limit, so Codex
      // compacts before the next request.
      mcpCall('standin', 'echo', { text: 'after resume' }, 50_000),
      say('Noted.'),
    ]);
    ws = createCodexWorkspace();
    store = `sqlite:${join(ws.root, 'plans.db')}`;
    configure(ws, model, store);
    logs.run = join(ws.root, 'hooks-run.log');
    logs.resumed = join(ws.root, 'hooks-resumed.log');
    ws.env.PLANKEEPER_TEST_HOOK_LOG = logs.run;
    run = await runCodex(ws, { prompt: 'Write and test the parser.' });
    ws.env.PLANKEEPER_TEST_HOOK_LOG = logs.resumed;
    resumed = await runCodex(ws, { prompt: 'What is left?', resume: run.threadId ?? '' });
  }, 90_000);

  afterAll(async () => {
    await model?.close();
    ws?.dispose();
  });

  it('completes both runs normally', () => {
    expect(run.code, describeRun(run)).toBe(0);
    expect(resumed.code, describeRun(resumed)).toBe(0);
    expect(model.unscripted).toBe(0);
    expect(model.main).toHaveLength(8);
    expect(model.compactions).toHaveLength(1);
  });

  it('starts one hook process per tool call, none per model call, none at a fresh start', () => {
    const hooks = (...events: string[]) => events.map((event) => `hook codex ${event}`);
    // Four tool calls (the plan and three echoes), two stops (the first refused).
    expect(hookCalls(logs.run)).toEqual(
      hooks(
        'UserPromptSubmit',
        'PostToolUse',
        'PostToolUse',
        'PostToolUse',
        'PostToolUse',
        'Stop',
        'Stop',
      ),
    );
    // Resumed (SessionStart resume), then compacted (PreCompact, SessionStart compact).
    expect(hookCalls(logs.resumed).filter((call) => call.endsWith(' SessionStart'))).toHaveLength(
      2,
    );
    expect(hookCalls(logs.resumed)).toContain('hook codex PreCompact');
  });

  it('the plan tool answers with plankeeper text, stored under the Codex session id', async () => {
    const [first, second] = model.main;
    expect(model.toolOutput(second!, first!.callIds[0]!)).toContain('[>] #1 Write the parser');
    expect(await storedItems(store, { agent: 'codex', session: run.threadId! })).toEqual([
      'Write the parser',
      'Test the parser',
    ]);
  });

  it('nudges after 3 tool rounds without a plan update', () => {
    expect(model.developerTexts(model.main[4]!).join('\n')).toContain(
      '<reminder>3 tool rounds without a todo list update.',
    );
    expect(model.developerTexts(model.main[3]!).join('\n')).not.toContain('<reminder>');
  });

  it('blocks the first stop once with the finish check; the second stop goes through', () => {
    expect(model.userTexts(model.main[5]!).join('\n')).toContain(
      'Your todo list still has open items: #1 Write the parser; #2 Test the parser.',
    );
    const last = run.events.filter(
      (event) => event.type === 'item.completed' && event.item?.type === 'agent_message',
    );
    expect(last.at(-1)?.item?.text).toBe(
      'I could not test the parser: there is no test runner here.',
    );
  });

  it('shows the plan once in the resumed session, marked as leftover by the new prompt', () => {
    const texts = model.developerTexts(model.main[6]!).join('\n');
    expect(texts).not.toContain('### Your todo list, shown again after the conversation was');
    expect(texts).toContain('### Leftover todo list from an earlier request');
  });

  it('shows the plan again after the auto-compaction (SessionStart compact), after the summary', () => {
    const after = model.main[7]!;
    const input = after.body.input ?? [];
    const summary = input.findIndex((item) => JSON.stringify(item).includes('Summary: the user'));
    const restored = input.findIndex(
      (item) =>
        item.role === 'developer' &&
        JSON.stringify(item).includes('### Your todo list, shown again after the conversation was'),
    );
    expect(summary, JSON.stringify(input)).toBeGreaterThanOrEqual(0);
    expect(restored).toBeGreaterThan(summary);
    expect(JSON.stringify(input)).toContain('[>] #1 Write the parser');
  });
});

describe('Codex with plankeeper: the store unreachable', () => {
  it('the run completes as if plankeeper were not there', async () => {
    const model = await ResponsesServer.start([echo('one'), say('Echoed.')]);
    const ws = createCodexWorkspace();
    try {
      configure(ws, model, `sqlite:${join(ws.root, 'plans.db')}`, 'redis://127.0.0.1:1');
      const run = await runCodex(ws, { prompt: 'Echo once.' });
      expect(run.code, describeRun(run)).toBe(0);
      expect(model.main).toHaveLength(2);
      expect(model.unscripted).toBe(0);
      expect(run.ms).toBeLessThan(25_000);
    } finally {
      await model.close();
      ws.dispose();
    }
  }, 60_000);
});
