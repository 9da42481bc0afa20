/**
 * plankeeper inside the real Gemini CLI (pinned 0.61.0), configured as `plankeeper setup
 * gemini` configures it: the MCP server `plankeeper mcp --for gemini` and the hooks
 * `plankeeper hook gemini <Event>` in the project settings, on one SQLite store. Gemini gives
 * its MCP servers no session id: the plan still lands under the CLI's session id because the
 * hooks record it for their parent CLI process, which the MCP server looks up.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookCalls } from '../setup/support/bin.js';
import { storedItems } from '../support/stored-plan.js';
import { functionResponses, GeminiModelServer } from './support/gemini-model-server.js';
import {
  createGeminiSandbox,
  describeRun,
  type GeminiRun,
  type GeminiSandbox,
  runGemini,
} from './support/gemini-runner.js';
import { configurePlankeeper as configure } from './support/plankeeper-settings.js';

const readme = { call: 'read_file', args: { file_path: 'README.md' } };
const lastUserParts = (server: GeminiModelServer, index: number) =>
  (server.mainRequests[index]?.body?.contents?.at(-1)?.parts ?? [])
    .map((part) => part.text ?? JSON.stringify(part))
    .join('\n');

describe('Gemini CLI with plankeeper: one turn with a plan, then a resumed session', () => {
  let server: GeminiModelServer;
  let sandbox: GeminiSandbox;
  let store: string;
  let run: GeminiRun;
  let resumed: GeminiRun;
  const logs = { run: '', resumed: '' };

  beforeAll(async () => {
    sandbox = createGeminiSandbox();
    store = `sqlite:${join(sandbox.root, 'plans.db')}`;
    configure(sandbox, store);
    server = await GeminiModelServer.start([
      {
        call: 'mcp_plankeeper_todo_write',
        args: {
          todos: [
            { content: 'Write the parser', status: 'in_progress' },
            { content: 'Test the parser', status: 'pending' },
          ],
          wait_for_previous: true,
        },
      },
      readme,
      readme,
      readme,
      { text: 'All done.' },
      { text: 'I could not test the parser: there is no test runner here.' },
      { text: 'Noted.' }, // the resumed session
    ]);
    logs.run = join(sandbox.root, 'hooks-run.log');
    logs.resumed = join(sandbox.root, 'hooks-resumed.log');
    run = await runGemini(sandbox, {
      server,
      prompt: 'Write and test the parser.',
      env: { PLANKEEPER_TEST_HOOK_LOG: logs.run },
    });
    resumed = await runGemini(sandbox, {
      server,
      prompt: 'What is left?',
      args: ['--resume', run.json?.session_id ?? 'latest'],
      env: { PLANKEEPER_TEST_HOOK_LOG: logs.resumed },
    });
  }, 90_000);

  afterAll(async () => {
    await server?.close();
    sandbox?.remove();
  });

  it('completes both runs normally, the second in the same session', () => {
    expect(run.code, describeRun(run)).toBe(0);
    expect(resumed.code, describeRun(resumed)).toBe(0);
    expect(resumed.json?.session_id).toBe(run.json?.session_id);
    expect(server.pending).toBe(0);
    expect(server.exhausted).toBe(0);
    expect(server.mainRequests).toHaveLength(7);
  });

  it('starts one hook process per tool call, none per model call, none at a fresh start', () => {
    const hooks = (...events: string[]) => events.map((event) => `hook gemini ${event}`);
    // Four tool calls (the plan and three reads), two stops (the first refused, its reason
    // sent back as a prompt), six model calls: no PreCompress (auto, before each model
    // call) and no SessionStart (startup).
    expect(hookCalls(logs.run)).toEqual(
      hooks(
        'BeforeAgent',
        'AfterTool',
        'AfterTool',
        'AfterTool',
        'AfterTool',
        'AfterAgent',
        'BeforeAgent',
        'AfterAgent',
      ),
    );
    // A resumed session runs SessionStart, where a lost plan would be restored.
    expect(hookCalls(logs.resumed)).toEqual(hooks('SessionStart', 'BeforeAgent', 'AfterAgent'));
  });

  it('the plan tool (with wait_for_previous) answers with plankeeper text, stored under the Gemini session id', async () => {
    const output = functionResponses(server.mainRequests[1]).find(
      (response) => response.name === 'mcp_plankeeper_todo_write',
    )?.response?.output;
    expect(output).toContain('[>] #1 Write the parser');
    expect(await storedItems(store, { agent: 'gemini', session: run.json!.session_id! })).toEqual([
      'Write the parser',
      'Test the parser',
    ]);
  });

  it('nudges after 3 tool rounds without a plan update', () => {
    expect(JSON.stringify(functionResponses(server.mainRequests[4]))).toContain(
      '&lt;reminder&gt;3 tool rounds without a todo list update.',
    );
    expect(JSON.stringify(functionResponses(server.mainRequests[3]))).not.toContain('reminder');
  });

  it('blocks the first stop once with the finish check; the second stop goes through', () => {
    expect(lastUserParts(server, 5)).toContain(
      'Your todo list still has open items: #1 Write the parser; #2 Test the parser.',
    );
    expect(run.json?.response).toContain('I could not test the parser');
  });

  it('shows the plan once in the resumed session, marked leftover by the new prompt (SessionStart resume adds nothing)', () => {
    // BeforeAgent's context is a part after the prompt text; SessionStart's would come before it.
    const [prompt, context, ...rest] = (
      server.mainRequests[6]?.body?.contents?.at(-1)?.parts ?? []
    ).map((part) => part.text ?? '');
    expect(rest).toEqual([]);
    expect(prompt).toBe('What is left?');
    expect(context).toMatch(
      /^<hook_context>### Leftover todo list from an earlier request\n- \[&gt;\] #1 Write the parser\n/,
    );
  });
});

describe('Gemini CLI with plankeeper: the store unreachable', () => {
  it('the run completes as if plankeeper were not there', async () => {
    const sandbox = createGeminiSandbox();
    const server = await GeminiModelServer.start([readme, { text: 'Read it.' }]);
    try {
      configure(sandbox, `sqlite:${join(sandbox.root, 'plans.db')}`, 'redis://127.0.0.1:1');
      const run = await runGemini(sandbox, { server, prompt: 'Read the README.' });
      expect(run.code, describeRun(run)).toBe(0);
      expect(run.json?.response).toBe('Read it.');
      expect(server.pending).toBe(0);
    } finally {
      await server.close();
      sandbox.remove();
    }
  }, 60_000);
});
