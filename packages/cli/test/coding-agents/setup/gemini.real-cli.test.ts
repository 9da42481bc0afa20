/**
 * The real Gemini CLI in a project set up by `plankeeper setup gemini`, in its default
 * approval mode: the scripted model calls mcp_plankeeper_todo_write and gets plankeeper's text
 * (headless, a tool that needed approval would not even be offered). The folder is trusted,
 * as the setup report tells the person to do.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setup } from '../../../src/coding-agents/setup/index.js';
import { functionResponses, GeminiModelServer } from '../gemini/support/gemini-model-server.js';
import {
  createGeminiSandbox,
  type GeminiSandbox,
  runGemini,
} from '../gemini/support/gemini-runner.js';
import { hookEvents, TEST_BIN } from './support/bin.js';

const todos = [
  { content: 'Write the parser', status: 'in_progress' },
  { content: 'Test it', status: 'pending' },
];

let server: GeminiModelServer | undefined;
let sandbox: GeminiSandbox | undefined;
afterEach(async () => {
  await server?.close();
  sandbox?.remove();
});

describe('Gemini CLI after plankeeper setup gemini (real CLI)', () => {
  it('runs mcp_plankeeper_todo_write without approval; the model reads the plan', async () => {
    // Spare final answers: a finish check in the AfterAgent hook may bounce the first one.
    server = await GeminiModelServer.start([
      { call: 'mcp_plankeeper_todo_write', args: { todos } },
      { text: 'The plan is written.' },
      { text: 'The plan is written.' },
    ]);
    sandbox = createGeminiSandbox();
    setup({ agent: 'gemini', dir: sandbox.project, bin: TEST_BIN, env: { HOME: sandbox.home } });
    const log = join(sandbox.root, 'hooks.log');
    const run = await runGemini(sandbox, {
      server,
      prompt: 'Plan the parser work.',
      timeoutMs: 60_000,
      env: { PLANKEEPER_TEST_HOOK_LOG: log },
    });
    expect(run.code, run.stderr).toBe(0);
    const response = server.mainRequests
      .flatMap((request) => functionResponses(request))
      .find((each) => each.name === 'mcp_plankeeper_todo_write')?.response as
      | { output?: string; error?: string }
      | undefined;
    expect(response?.error).toBeUndefined();
    expect(response?.output).toContain('#1 Write the parser');
    expect(response?.output).toContain('#2 Test it');
    expect(hookEvents(log)).toEqual(
      expect.arrayContaining(
        ['SessionStart', 'BeforeAgent', 'AfterTool', 'AfterAgent'].map(
          (event) => `hook gemini ${event}`,
        ),
      ),
    );
  }, 90_000);
});
