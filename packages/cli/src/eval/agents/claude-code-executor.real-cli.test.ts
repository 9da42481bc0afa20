/**
 * `plankeeper eval --agent claude-code`'s executor on the real Claude Code CLI against a scripted
 * Anthropic Messages server, on the two-task suite of fixtures/: the executor sets each arm up,
 * runs the CLI through its counting proxy, and the test runs each task's check as the suite
 * runner would. A model that stops after one of two files fails in `off` and, sent back by
 * plankeeper's finish check, passes in `standard`; a model that solves the task passes in both;
 * a failing endpoint makes an error, never a score.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUDE_BIN } from '../../../test/coding-agents/claude-code/support/claude-runner.js';
import {
  callTool,
  type RecordedModelRequest,
  ScriptedAnthropicServer,
  type StepInput,
  say,
  seenText,
} from '../../../test/coding-agents/claude-code/support/scripted-anthropic-server.js';
import { afterThisTest, agentRuns } from '../../../test/eval/agents/support/agent-run.js';
import {
  type TaskId,
  type TaskRun,
  taskRun,
} from '../../../test/eval/agents/support/suite-fixture.js';
import type { SuiteRunOutcome } from '../suite/run-executor.js';
import { agentExecutor } from './index.js';

const { runAgentTask, testExecutor } = agentRuns(agentExecutor);
const CLAUDE = {
  agent: 'claude-code',
  bin: CLAUDE_BIN,
  apiKey: 'sk-ant-scripted-test-key',
} as const;

interface ArmRun {
  task: TaskRun;
  outcome: SuiteRunOutcome;
  passed: boolean;
  server: ScriptedAnthropicServer;
  version: string;
}

/** One task in one arm, the model playing `steps`; the check run afterwards. */
async function runArm(taskId: TaskId, arm: string, steps: (ws: string) => StepInput[]) {
  const { task, server, executor, outcome } = await runAgentTask({
    ...CLAUDE,
    model: 'anthropic:claude-scripted',
    task: taskId,
    arm,
    server: (ws) => ScriptedAnthropicServer.start(steps(ws)),
    baseUrl: (server) => server.url,
    refusingProxy: (server) => server.proxyUrl,
  });
  return { task, outcome, passed: task.check(), server, version: executor.agentVersion };
}

const write = (ws: string, name: string, content: string) =>
  callTool('Write', { file_path: join(ws, name), content });
const plan = (statuses: [string, string]) =>
  callTool('mcp__plankeeper__todo_write', {
    todos: [
      { content: 'Write a.txt', status: statuses[0] },
      { content: 'Write b.txt', status: statuses[1] },
    ],
  });

/** Model calls as the endpoint saw them (count_tokens is not a call). */
const calls = (server: ScriptedAnthropicServer): RecordedModelRequest[] =>
  server.requests.filter((request) => request.path.split('?')[0] === '/v1/messages');

function expectCounted(run: ArmRun): void {
  const seen = calls(run.server).length;
  // Every call, side calls included, asks for the model under test (`anthropic:` dropped).
  expect(new Set(calls(run.server).map((request) => request.body.model))).toEqual(
    new Set(['claude-scripted']),
  );
  expect(run.outcome.modelCalls).toBe(seen);
  // The scripted server reports 10 input and 5 output tokens per answer.
  expect(run.outcome.inputTokens).toBe(10 * seen);
  expect(run.outcome.outputTokens).toBe(5 * seen);
  expect(readFileSync(run.outcome.transcriptFile!, 'utf8')).toContain(`claude ${run.version}`);
}

describe('eval --agent claude-code (real CLI)', () => {
  it('a model that writes one of two files and says done: off fails, standard sends it back and passes', async () => {
    // Without plankeeper the model has no plan tool and stops after a.txt; the steps after its
    // "Done." are what it would do if sent back.
    const off = await runArm('two-files', 'off', (ws) => [
      write(ws, 'a.txt', 'ok\n'),
      say('Done.'),
      write(ws, 'b.txt', 'ok\n'),
      say('Done: both files.'),
    ]);
    expect(off.outcome.error, readFileSync(off.outcome.transcriptFile!, 'utf8')).toBeUndefined();
    expect(off.passed).toBe(false);
    expect(existsSync(join(off.task.input.workspace, '.claude'))).toBe(false);
    expectCounted(off);

    const standard = await runArm('two-files', 'standard', (ws) => [
      plan(['in_progress', 'pending']),
      write(ws, 'a.txt', 'ok\n'),
      say('Done.'),
      write(ws, 'b.txt', 'ok\n'),
      plan(['completed', 'completed']),
      say('Done: both files.'),
    ]);
    const transcript = readFileSync(standard.outcome.transcriptFile!, 'utf8');
    expect(standard.outcome.error, transcript).toBeUndefined();
    expect(standard.passed, transcript).toBe(true);
    const main = standard.server.ofKind('main');
    expect(seenText(main[3]!)).toContain(
      'Your todo list still has open items: #1 Write a.txt; #2 Write b.txt.',
    );
    expectCounted(standard);
  }, 120_000);

  it('a model that solves the task passes in off and in standard', async () => {
    const solve = (ws: string) => [write(ws, 'hello.txt', 'hello\n'), say('hello.txt says hello.')];
    for (const arm of ['off', 'standard']) {
      const run = await runArm('one-file', arm, solve);
      expect(run.outcome.error, readFileSync(run.outcome.transcriptFile!, 'utf8')).toBeUndefined();
      expect(run.passed).toBe(true);
      expect(run.outcome.modelCalls).toBeGreaterThanOrEqual(2);
    }
  }, 120_000);

  it('an endpoint that answers 500 or 429, or refuses connections: an error, retryable, never a score', async () => {
    for (const status of [500, 429]) {
      const endpoint = await failingEndpoint(status);
      const task = taskRun('one-file', 'standard');
      afterThisTest(() => task.dispose());
      const executor = await testExecutor({
        ...CLAUDE,
        model: 'claude-scripted',
        baseUrl: endpoint,
      });
      const outcome = await executor(task.input);
      expect(outcome.error).toBe(`the endpoint answered HTTP ${status}`);
      expect(outcome.retryable).toBe(true);
      expect(outcome.modelCalls).toBeGreaterThanOrEqual(1);
    }
    const task = taskRun('one-file', 'off');
    afterThisTest(() => task.dispose());
    const executor = await testExecutor({
      ...CLAUDE,
      model: 'claude-scripted',
      baseUrl: 'http://127.0.0.1:9',
    });
    const outcome = await executor(task.input);
    expect(outcome.error).toBe('cannot reach http://127.0.0.1:9 (ECONNREFUSED)');
    expect(outcome.retryable).toBe(true);
    expect(outcome.modelCalls).toBe(0);
  }, 120_000);

  it('a CLI that is not installed: one line naming how to install it', async () => {
    await expect(
      agentExecutor('claude-code', { model: 'claude-scripted', env: { PATH: '/nonexistent' } }),
    ).rejects.toThrow(
      /^eval --agent claude-code: claude is not on PATH; install it \(npm install -g @anthropic-ai\/claude-code\) and run again\.$/,
    );
    await expect(
      agentExecutor('claude-code', { model: 'claude-scripted', agentBin: CLAUDE_BIN, env: {} }),
    ).rejects.toThrow(
      'eval --agent claude-code: no API key; pass --api-key KEY or set ANTHROPIC_API_KEY.',
    );
    await expect(
      agentExecutor('codex', { model: 'gpt-5', agentBin: '/nonexistent/codex' }),
    ).rejects.toThrow(
      'eval --agent codex: /nonexistent/codex is not an executable file; give the path of codex, or install it: npm install -g @openai/codex.',
    );
  });
});

/** An Anthropic-style endpoint that answers every request with `status` and an error body. */
async function failingEndpoint(status: number): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          type: 'error',
          error: { type: 'api_error', message: 'scripted failure' },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterThisTest(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
