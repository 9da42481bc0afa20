/**
 * `plankeeper eval --agent copilot` on the real GitHub Copilot CLI, one run in the `standard`
 * arm, against a scripted Responses server: plankeeper's plan tool reaches the CLI, the file is
 * written with Copilot's shell tool, the check passes, and the calls are counted.
 */
import { describe, expect, it } from 'vitest';
import {
  callTool,
  ResponsesServer,
  say,
} from '../../../test/coding-agents/codex/support/responses-server.js';
import { COPILOT_BIN } from '../../../test/coding-agents/copilot/support/run-copilot.js';
import { agentRuns } from '../../../test/eval/agents/support/agent-run.js';
import { agentExecutor } from './index.js';

const { runAgentTask } = agentRuns(agentExecutor);

describe('eval --agent on GitHub Copilot CLI (real CLI, standard arm)', () => {
  it('plans with plankeeper, writes the file, passes; calls counted', async () => {
    const item = (status: string) => ({ todos: [{ content: 'Write hello.txt', status }] });
    const {
      task,
      server: model,
      outcome,
    } = await runAgentTask({
      agent: 'copilot',
      bin: COPILOT_BIN,
      model: 'gpt-5',
      apiKey: 'test-key',
      server: () =>
        ResponsesServer.start([
          callTool('plankeeper-todo_write', item('in_progress')),
          callTool('bash', { command: "printf 'hello\\n' > hello.txt", description: 'Write it' }),
          callTool('plankeeper-todo_write', item('completed')),
          say('hello.txt says hello.'),
        ]),
      baseUrl: (server) => server.url,
    });
    expect(outcome.error, outcome.transcriptFile).toBeUndefined();
    expect(task.check(), outcome.transcriptFile).toBe(true);
    const calls = model.requests.filter((request) => request.path.endsWith('/responses'));
    expect(outcome.modelCalls).toBe(calls.length);
    expect(JSON.stringify(calls[0]?.body.tools)).toContain('plankeeper-todo_write');
  }, 90_000);
});
