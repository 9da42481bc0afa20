/**
 * `plankeeper eval --suite DIR --agent claude-code` end to end: the real plankeeper CLI runs the
 * real Claude Code CLI on each task in each arm, against a scripted Anthropic Messages server
 * that plays a model which stops after the first file unless it is sent back. Only the model is
 * a stand-in; the arms, the checks and the report are the command's own.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CLAUDE_BIN } from '../coding-agents/claude-code/support/claude-runner.js';
import {
  callTool,
  type MessagesBody,
  type RecordedModelRequest,
  ScriptedAnthropicServer,
  type StepInput,
  say,
} from '../coding-agents/claude-code/support/scripted-anthropic-server.js';
import { runCli } from '../support/run-cli.js';

const SUITE = fileURLToPath(new URL('./agents/fixtures/two-task-suite', import.meta.url));
const PLAN_TOOL = 'mcp__plankeeper__todo_write';

let server: ScriptedAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Block {
  type: string;
  text?: string;
  name?: string;
  input?: { command?: string; todos?: Array<{ status: string }> };
}

const blocksOf = (body: MessagesBody, role: string): Block[] =>
  (body.messages ?? [])
    .filter((message) => message.role === role)
    .flatMap((message) =>
      typeof message.content === 'string'
        ? [{ type: 'text', text: message.content }]
        : (message.content as Block[]),
    );

/**
 * Writes the task's first file and answers "Done."; once it has answered (so a further request
 * means something sent it back) it writes the rest. With plankeeper's tools it keeps a plan.
 */
function lazyModel(request: RecordedModelRequest): StepInput {
  return scriptedModel(request, false);
}

/** Writes every file of the task before it answers "Done."; with plankeeper's tools it keeps a plan. */
function solverModel(request: RecordedModelRequest): StepInput {
  return scriptedModel(request, true);
}

function scriptedModel(request: RecordedModelRequest, diligent: boolean): StepInput {
  const body = request.body;
  const asked = blocksOf(body, 'user')
    .map((block) => block.text ?? '')
    .join('\n');
  const files = [...new Set(asked.match(/\b[a-z]+\.txt\b/g) ?? [])];
  const sent = blocksOf(body, 'assistant');
  const calls = sent.filter((block) => block.type === 'tool_use');
  const written = files.filter((file) =>
    calls.some((call) => call.input?.command?.includes(`> ${file}`)),
  );
  const saidDone = sent.some((block) => block.type === 'text' && block.text === 'Done.');
  const planning = (body.tools ?? []).some((tool) => tool.name === PLAN_TOOL);
  const plans = calls.filter((call) => call.name === PLAN_TOOL);
  const todos = (status: (index: number) => string) =>
    callTool(PLAN_TOOL, {
      todos: files.map((file, index) => ({ content: `Write ${file}`, status: status(index) })),
    });
  if (planning && plans.length === 0) return todos((i) => (i === 0 ? 'in_progress' : 'pending'));
  const next = files.find((file) => !written.includes(file));
  if (next !== undefined && (diligent || written.length === 0 || saidDone)) {
    const word = next === 'hello.txt' ? 'hello' : 'ok';
    return callTool('Bash', { command: `printf ${word} > ${next}` });
  }
  const lastPlan = plans.at(-1)?.input?.todos ?? [];
  if (planning && next === undefined && lastPlan.some((todo) => todo.status !== 'completed')) {
    return todos(() => 'completed');
  }
  return say('Done.');
}

interface Report {
  agent: string;
  agentVersion: string | null;
  arms: Array<{
    arm: string;
    runs: number;
    passed: number;
    errors: number;
    modelCalls: number;
    inputTokens: number;
    outputTokens: number;
  }>;
  comparisons: Array<{
    a: string;
    b: string;
    wins: number;
    losses: number;
    ties: number;
    pValue: number;
  }>;
}

/** Claude Code on PATH, no retries, and its traffic that is not the endpoint's refused. */
const cliEnv = (refusingProxy: string) => ({
  PATH: [dirname(process.execPath), dirname(CLAUDE_BIN), process.env.PATH].join(':'),
  PLANKEEPER_EVAL_ENV_CLAUDE_CODE_MAX_RETRIES: '0',
  PLANKEEPER_EVAL_ENV_HTTPS_PROXY: refusingProxy,
  PLANKEEPER_EVAL_ENV_HTTP_PROXY: refusingProxy,
});

/** `plankeeper eval` of the suite on Claude Code against `baseUrl`, as JSON. */
const evalArgs = (baseUrl: string, ...more: string[]) => [
  'eval',
  '--suite',
  SUITE,
  '--agent',
  'claude-code',
  '--model',
  'anthropic:claude-scripted',
  '--base-url',
  baseUrl,
  '--api-key',
  'sk-ant-scripted-test-key',
  ...more,
  '--json',
];

/** The suite in the off and standard arms against a scripted server playing `model`: the report. */
async function evalArmsWith(model: (request: RecordedModelRequest) => StepInput): Promise<Report> {
  server = await ScriptedAnthropicServer.start([], { mainAnswer: model });
  const run = await runCli(evalArgs(server.url, '--arms', 'off,standard'), {
    timeoutMs: 150_000,
    env: cliEnv(server.proxyUrl),
  });
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Report;
}

describe('plankeeper eval --suite --agent claude-code', () => {
  it('runs the real Claude Code in each arm: the lazy model fails a task without plankeeper and passes it with', async () => {
    const report = await evalArmsWith(lazyModel);
    expect(report.agent).toBe('claude-code');
    expect(report.agentVersion).toMatch(/\d+\.\d+\.\d+/);
    const arm = (name: string) => report.arms.find((entry) => entry.arm === name);
    expect(arm('off')).toMatchObject({ runs: 2, passed: 1, errors: 0 });
    expect(arm('standard')).toMatchObject({ runs: 2, passed: 2, errors: 0 });
    // Sent back, the model makes more calls in the plankeeper arm, and the report counts them.
    expect(arm('standard')?.modelCalls).toBeGreaterThan(arm('off')?.modelCalls ?? 0);
    expect(arm('off')?.inputTokens).toBeGreaterThan(0);
    expect(arm('standard')?.outputTokens).toBeGreaterThan(0);
    const mains = server!.requests.filter((request) => request.kind === 'main').length;
    expect(
      (arm('off')?.modelCalls ?? 0) + (arm('standard')?.modelCalls ?? 0),
    ).toBeGreaterThanOrEqual(mains);
    expect(report.comparisons).toEqual([
      expect.objectContaining({ a: 'standard', b: 'off', wins: 1, losses: 0, ties: 1, pValue: 1 }),
    ]);
  }, 180_000);

  it('runs the real Claude Code in each arm: a model that always solves passes every task in every arm', async () => {
    const report = await evalArmsWith(solverModel);
    expect(
      report.arms.map(({ arm, runs, passed, errors }) => ({ arm, runs, passed, errors })),
    ).toEqual([
      { arm: 'off', runs: 2, passed: 2, errors: 0 },
      { arm: 'standard', runs: 2, passed: 2, errors: 0 },
    ]);
    expect(report.comparisons).toEqual([
      expect.objectContaining({ a: 'standard', b: 'off', wins: 0, losses: 0, ties: 2, pValue: 1 }),
    ]);
  }, 180_000);

  it('an endpoint that refuses connections: every run an error, and no model call counted', async () => {
    const down = 'http://127.0.0.1:9';
    const run = await runCli(evalArgs(down, '--retries', '0'), {
      timeoutMs: 120_000,
      env: cliEnv(down),
    });
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.arms.map(({ arm, errors, modelCalls }) => ({ arm, errors, modelCalls }))).toEqual(
      [
        { arm: 'off', errors: 2, modelCalls: 0 },
        { arm: 'standard', errors: 2, modelCalls: 0 },
      ],
    );
    expect(run.stderr).toContain('cannot reach http://127.0.0.1:9 (ECONNREFUSED)');
  }, 150_000);
});
