/**
 * `plankeeper eval --agent copilot` on the real GitHub Copilot CLI, one run in the `standard`
 * arm, against a scripted Responses server: plankeeper's plan tool reaches the CLI, the file is
 * written with Copilot's shell tool, the check passes, and the calls are counted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  callTool,
  ResponsesServer,
  say,
} from '../../../test/coding-agents/codex/support/responses-server.js';
import { COPILOT_BIN } from '../../../test/coding-agents/copilot/support/run-copilot.js';
import { RUNS_DIR, testEnv } from '../../../test/eval/agents/support/executor-env.js';
import { taskRun } from '../../../test/eval/agents/support/suite-fixture.js';
import { agentExecutor } from './index.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('eval --agent on GitHub Copilot CLI (real CLI, standard arm)', () => {
  it('plans with plankeeper, writes the file, passes; calls counted', async () => {
    const task = taskRun('one-file', 'standard');
    cleanups.push(() => task.dispose());
    const item = (status: string) => ({ todos: [{ content: 'Write hello.txt', status }] });
    const model = await ResponsesServer.start([
      callTool('plankeeper-todo_write', item('in_progress')),
      callTool('bash', { command: "printf 'hello\\n' > hello.txt", description: 'Write it' }),
      callTool('plankeeper-todo_write', item('completed')),
      say('hello.txt says hello.'),
    ]);
    cleanups.push(() => model.close());
    const executor = await agentExecutor('copilot', {
      model: 'gpt-5',
      baseUrl: model.url,
      apiKey: 'test-key',
      agentBin: COPILOT_BIN,
      timeoutMs: 60_000,
      runsDir: RUNS_DIR,
      env: testEnv('http://127.0.0.1:9'),
    });
    cleanups.push(() => executor.close());
    const outcome = await executor(task.input);
    expect(outcome.error, outcome.transcriptFile).toBeUndefined();
    expect(task.check(), outcome.transcriptFile).toBe(true);
    const calls = model.requests.filter((request) => request.path.endsWith('/responses'));
    expect(outcome.modelCalls).toBe(calls.length);
    expect(JSON.stringify(calls[0]?.body.tools)).toContain('plankeeper-todo_write');
  }, 90_000);
});
