/**
 * `plankeeper eval --agent opencode` and `--agent pi` on their real CLIs, one run each, in the
 * `standard` arm, against scripted Chat Completions servers: plankeeper's plan tool reaches the
 * CLI, the file is written with the CLI's own tool, the check passes, and the calls are counted.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENCODE_BIN } from '../../../test/coding-agents/opencode/support/opencode-runner.js';
import {
  callTool,
  ScriptedChatServer,
  say,
} from '../../../test/coding-agents/opencode/support/scripted-chat-server.js';
import { PI_BIN } from '../../../test/coding-agents/pi/support/pi-runner.js';
import { agentRuns } from '../../../test/eval/agents/support/agent-run.js';
import { FakeProviderServer, openaiWire } from '../../../test/support/fake-provider-server.js';
import { agentExecutor } from './index.js';

const { runAgentTask } = agentRuns(agentExecutor);
const item = (status: string) => ({ todos: [{ content: 'Write hello.txt', status }] });

describe('eval --agent on OpenCode and Pi (real CLIs, standard arm)', () => {
  it('opencode: plans with plankeeper, writes the file, passes; calls counted', async () => {
    const { task, server, outcome } = await runAgentTask({
      agent: 'opencode',
      bin: OPENCODE_BIN,
      model: 'scripted-model',
      apiKey: 'test-key',
      server: () =>
        ScriptedChatServer.start([
          callTool('plankeeper_todo_write', item('in_progress')),
          callTool('bash', { command: "printf 'hello\\n' > hello.txt", description: 'Write it' }),
          callTool('plankeeper_todo_write', item('completed')),
          say('hello.txt says hello.'),
        ]),
      baseUrl: (server) => server.baseURL,
      refusingProxy: (server) => server.proxyUrl,
    });
    expect(outcome.error, outcome.transcriptFile).toBeUndefined();
    expect(task.check(), outcome.transcriptFile).toBe(true);
    const calls = server.requests.filter((request) => request.path.endsWith('/chat/completions'));
    expect(outcome.modelCalls).toBe(calls.length);
    expect(server.ofKind('main')[0]?.body.tools?.map((tool) => tool.function?.name)).toContain(
      'plankeeper_todo_write',
    );
  }, 90_000);

  it('pi: plans with plankeeper, writes the file, passes; calls and tokens counted', async () => {
    const call = (id: string, name: string, args: unknown) =>
      openaiWire.stream({
        deltas: [{ toolCall: { index: 0, id, name, arguments: JSON.stringify(args) } }],
        usage: { prompt: 20, completion: 3 },
      });
    const { task, server, outcome } = await runAgentTask({
      agent: 'pi',
      bin: PI_BIN,
      model: 'scripted-model',
      apiKey: 'test-key',
      server: async (ws) => {
        const server = await FakeProviderServer.start();
        server.reply(
          call('call_1', 'todo_write', item('in_progress')),
          call('call_2', 'write', { path: join(ws, 'hello.txt'), content: 'hello\n' }),
          call('call_3', 'todo_write', item('completed')),
          openaiWire.stream({
            deltas: [{ content: 'hello.txt says hello.' }],
            usage: { prompt: 20, completion: 3 },
          }),
        );
        return server;
      },
      baseUrl: (server) => server.url('/v1'),
    });
    expect(outcome.error, outcome.transcriptFile).toBeUndefined();
    expect(task.check(), outcome.transcriptFile).toBe(true);
    expect(outcome.modelCalls).toBe(server.requests.length);
    expect(outcome).toMatchObject({ inputTokens: 20 * 4, outputTokens: 3 * 4 });
  }, 90_000);
});
