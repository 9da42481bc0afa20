/**
 * `plankeeper eval --agent codex` and `--agent gemini` on their real CLIs, one run each, in the
 * `standard` arm: the CLI, pointed at its scripted server through the executor's proxy, sees
 * plankeeper's plan tool (so setup reached it), writes the file with its own tool, and passes
 * the task's check; the proxy counts every model call and the tokens the server reported.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  callTool,
  mcpCall,
  ResponsesServer,
  say,
} from '../../../test/coding-agents/codex/support/responses-server.js';
import { CODEX_BIN } from '../../../test/coding-agents/codex/support/run-codex.js';
import {
  GeminiModelServer,
  toolNames,
} from '../../../test/coding-agents/gemini/support/gemini-model-server.js';
import { GEMINI_BIN } from '../../../test/coding-agents/gemini/support/gemini-runner.js';
import { agentRuns } from '../../../test/eval/agents/support/agent-run.js';
import { agentExecutor } from './index.js';

const { runAgentTask } = agentRuns(agentExecutor);
const item = (status: string) => ({ todos: [{ content: 'Write hello.txt', status }] });

describe('eval --agent on Codex and Gemini CLI (real CLIs, standard arm)', () => {
  it('codex: plans with plankeeper, writes the file, passes; calls and tokens counted', async () => {
    const {
      task,
      server: model,
      executor,
      outcome,
    } = await runAgentTask({
      agent: 'codex',
      bin: CODEX_BIN,
      model: 'openai:gpt-test',
      apiKey: 'test-key',
      server: () =>
        ResponsesServer.start([
          mcpCall('plankeeper', 'todo_write', item('in_progress')),
          callTool('exec_command', { cmd: "printf 'hello\\n' > hello.txt" }),
          mcpCall('plankeeper', 'todo_write', item('completed')),
          say('hello.txt says hello.'),
        ]),
      baseUrl: (server) => server.url,
    });
    expect(outcome.error, outcome.transcriptFile).toBeUndefined();
    expect(task.check(), outcome.transcriptFile).toBe(true);
    const calls = model.requests.filter((request) => request.path.endsWith('/responses'));
    expect(outcome.modelCalls).toBe(calls.length);
    expect(outcome.outputTokens).toBe(10 * calls.length);
    // setup reached Codex: plankeeper's server is among the tools of its first call.
    expect(JSON.stringify(calls[0]?.body.tools)).toContain('"mcp__plankeeper"');
    expect(executor.agentVersion).toMatch(/\d+\.\d+\.\d+/);
  }, 90_000);

  it('gemini: plans with plankeeper, writes the file, passes; calls and tokens counted', async () => {
    const {
      task,
      server: model,
      outcome,
    } = await runAgentTask({
      agent: 'gemini',
      bin: GEMINI_BIN,
      model: 'gemini-2.5-flash',
      apiKey: 'test-key',
      server: (ws) =>
        GeminiModelServer.start([
          { call: 'mcp_plankeeper_todo_write', args: item('in_progress') },
          { call: 'write_file', args: { file_path: join(ws, 'hello.txt'), content: 'hello\n' } },
          { call: 'mcp_plankeeper_todo_write', args: item('completed') },
          { text: 'hello.txt says hello.' },
        ]),
      baseUrl: (server) => server.url,
    });
    expect(outcome.error, outcome.transcriptFile).toBeUndefined();
    expect(task.check(), outcome.transcriptFile).toBe(true);
    const calls = model.requests.filter((request) =>
      /:(stream)?generateContent/i.test(request.path),
    );
    expect(outcome.modelCalls).toBe(calls.length);
    expect(outcome.inputTokens).toBeGreaterThan(0);
    expect(toolNames(model.mainRequests[0])).toContain('mcp_plankeeper_todo_write');
  }, 90_000);
});
