import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CliError } from '../../src/cli/cli-error.js';
import { registerEvalCommand } from '../../src/cli/commands/eval.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import type { EvalReport } from '../../src/eval/run-eval.js';
import { ModelError } from '../../src/models/model-error.js';
import { FakeProviderServer, openaiWire } from '../support/fake-provider-server.js';

interface Captured {
  stdout: string;
  stderr: string;
  exitCode: number | string | undefined;
}

let exitCodeBefore: typeof process.exitCode;

beforeEach(() => {
  exitCodeBefore = process.exitCode;
  vi.stubEnv('OPENAI_API_KEY', '');
  vi.stubEnv('OPENAI_BASE_URL', '');
  vi.stubEnv('ANTHROPIC_API_KEY', '');
  vi.stubEnv('ANTHROPIC_BASE_URL', '');
});

afterEach(() => {
  process.exitCode = exitCodeBefore;
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** Runs `plankeeper eval ...args` in-process and captures what it prints. */
async function evalCommand(...args: string[]): Promise<Captured> {
  const program = new Command('plankeeper')
    .exitOverride()
    .configureOutput({ writeErr: () => {}, writeOut: () => {} });
  registerEvalCommand(program);
  const captured: Captured = { stdout: '', stderr: '', exitCode: undefined };
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    captured.stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    captured.stderr += String(chunk);
    return true;
  });
  process.exitCode = undefined;
  try {
    await program.parseAsync(['node', 'plankeeper', 'eval', ...args]);
    captured.exitCode = process.exitCode;
  } finally {
    vi.restoreAllMocks();
  }
  return captured;
}

async function usageError(...args: string[]): Promise<CliError> {
  const error = await evalCommand(...args).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

describe('plankeeper eval with behaviour models', () => {
  it('prints the table, labelled as scripted behaviour', async () => {
    const { stdout, stderr, exitCode } = await evalCommand('--scenario', 'never-updates');
    expect(exitCode).toBe(EXIT.ok);
    expect(stderr).toBe('');
    expect(stdout).toContain('(SCRIPTED BEHAVIOUR MODELS, lang en)');
    expect(stdout).toMatch(
      /^never updates the plan while working +fails +missed +missed +missed +caught +missed +missed +missed +caught$/m,
    );
    expect(stdout).toContain('  model: Writes the plan once');
  });

  it("prints each preset's catch rate beside its overhead on the control", async () => {
    const { stdout } = await evalCommand('--scenario', 'never-updates', 'diligent');
    const lines = stdout.split('\n');
    const start = lines.findIndex((line) => line.startsWith('Presets (discipline:'));
    expect(lines.slice(start + 1, start + 7).map((line) => line.split(/ {2,}/))).toEqual([
      ['preset', 'caught', 'control: calls / tokens', 'control overhead', 'failure runs: extra'],
      [
        expect.stringMatching(/^-+$/),
        expect.any(String),
        expect.any(String),
        expect.any(String),
        expect.any(String),
      ],
      ['off', '12 / 7,755', '(baseline)'],
      [
        'light',
        '1/1',
        '12 / 7,909',
        '0 calls, +154 tokens (+2.0%)',
        expect.stringMatching(/^\+\d+ \/ \+[\d,]+$/),
      ],
      [
        'standard',
        '1/1',
        '12 / 8,078',
        '0 calls, +323 tokens (+4.2%)',
        expect.stringMatching(/^\+\d+ \/ \+[\d,]+$/),
      ],
      [
        'strict',
        '1/1',
        '12 / 8,713',
        '0 calls, +958 tokens (+12.4%)',
        expect.stringMatching(/^\+\d+ \/ \+[\d,]+$/),
      ],
    ]);
    // Every run is listed under its preset too.
    expect(stdout).toMatch(
      /^ {2}strict +PASS {2}5\/5 steps done; plan 5\/5 completed \(12 calls, 8,713 tokens\)$/m,
    );
  });

  it('--json prints one JSON document; --lang zh runs the Chinese tasks', async () => {
    const { stdout, exitCode } = await evalCommand(
      '--json',
      '--lang',
      'zh',
      '--scenario',
      'off-target',
      'stale-plan',
    );
    expect(exitCode).toBe(EXIT.ok);
    const report = JSON.parse(stdout) as EvalReport;
    expect(report.lang).toBe('zh');
    expect(report.source.kind).toBe('behaviour-models');
    expect(report.scenarios.map((scenario) => scenario.id)).toEqual(['off-target', 'stale-plan']);
    expect(report.scenarios[0]?.runs['goal-check']?.answer).toContain('屏幕碎裂');
    expect(report.scenarios[1]?.caught['leftover-marking']).toBe(true);
  });

  it('rejects bad flags with a usage error', async () => {
    expect(await usageError('--lang', 'fr')).toMatchObject({
      exitCode: EXIT.usage,
      message: '--lang: "fr" is not supported; use en or zh.',
    });
    expect(await usageError('--scenario', 'nope')).toMatchObject({
      exitCode: EXIT.usage,
      message: expect.stringMatching(/^There is no scenario "nope"\. Scenarios: distraction, /),
    });
    expect(await usageError('--base-url', 'http://127.0.0.1:1/v1')).toMatchObject({
      exitCode: EXIT.usage,
      message: '--base-url and --api-key need --model.',
    });
    expect(await usageError('--model', 'gemini:pro')).toMatchObject({
      exitCode: EXIT.usage,
      message: expect.stringMatching(/^Model "gemini:pro" is not a model spec\./),
    });
    expect(
      await usageError('--model', 'openai:gpt-4o-mini', '--base-url', 'ftp://example'),
    ).toMatchObject({ exitCode: EXIT.usage });
  });

  it('a missing API key is a one-line configuration error (exit code 3)', async () => {
    expect(await usageError('--model', 'openai:gpt-4o-mini')).toMatchObject({
      exitCode: EXIT.config,
      message:
        'No API key for OpenAI: set OPENAI_API_KEY or pass --api-key. Local OpenAI-compatible servers (Ollama, vLLM) need no key; pass their address as --base-url instead.',
    });
    expect(await usageError('--model', 'anthropic:claude-sonnet-4-5')).toMatchObject({
      exitCode: EXIT.config,
      message: 'No API key for Anthropic: set ANTHROPIC_API_KEY or pass --api-key.',
    });
  });
});

describe('plankeeper eval --model (a real model over the OpenAI wire format)', () => {
  let server: FakeProviderServer;

  beforeEach(async () => {
    server = await FakeProviderServer.start();
  });

  afterEach(async () => {
    await server.close();
  });

  const call = (id: string, name: string, args: unknown) =>
    openaiWire.completion({
      toolCalls: [{ id, name, arguments: JSON.stringify(args) }],
      usage: { prompt: 1000, completion: 20 },
    });
  const plan = (first: string, second: string) => ({
    todos: [
      { content: 'Look up the return policy for opened headphones', status: first },
      { content: 'Answer the customer', status: second },
    ],
  });
  const returnsOnly =
    'Yes: opened headphones can be returned within 14 days of delivery if every accessory is included (returns-and-refunds.md).';
  const both = `${returnsOnly} The warranty does not cover a cracked screen: accidental damage is excluded (warranty-and-repairs.md).`;

  /** The model answers one question; after the goal check it looks up the second too. */
  function scriptConversation() {
    const opening = [
      call('c1', 'todo_write', plan('in_progress', 'pending')),
      call('c2', 'knowledge_search', { query: 'return opened headphones', limit: 2 }),
      call('c3', 'todo_write', plan('completed', 'completed')),
    ];
    server.reply(
      // Guards off: the one-part answer stands.
      ...opening,
      openaiWire.completion({ content: returnsOnly, usage: { prompt: 1000, completion: 30 } }),
      // All guards on: the goal check in the result of c3 makes it look up the warranty too.
      ...opening,
      call('c5', 'knowledge_search', { query: 'warranty cracked screen', limit: 2 }),
      openaiWire.completion({ content: both, usage: { prompt: 1000, completion: 40 } }),
    );
  }

  it('runs the scenario tasks against the model and says the results are a real model', async () => {
    scriptConversation();
    const { stdout, stderr, exitCode } = await evalCommand(
      '--json',
      '--model',
      'openai:gpt-4o-mini',
      '--base-url',
      server.url('/v1'),
      '--api-key',
      'test-key',
      '--scenario',
      'off-target',
    );
    expect(exitCode).toBe(EXIT.ok);
    expect(server.pending).toBe(0);
    const report = JSON.parse(stdout) as EvalReport;
    expect(report.source).toEqual({
      kind: 'real-model',
      model: 'openai:gpt-4o-mini',
      description: expect.stringContaining('no scripted behaviour'),
    });
    // Checks before done run only where a real folder has the check command; this one has none.
    expect(report.columns).toEqual(['off', 'all', 'checks']);
    const [scenario] = report.scenarios;
    expect(scenario?.runs.checks).toBeUndefined();
    expect(report.checks).toEqual([]);
    expect(scenario?.runs.off).toMatchObject({
      passed: false,
      detail: 'answer covers: returns',
      calls: 4,
      providerInputTokens: 4000,
    });
    expect(scenario?.runs.all).toMatchObject({
      passed: true,
      detail: 'answer covers: returns, warranty',
      calls: 5,
      providerInputTokens: 5000,
      extraCalls: 1,
    });
    expect(scenario?.caught.all).toBe(true);
    expect(stderr).toBe(
      'plankeeper eval: off-target / off: fail (4 calls)\nplankeeper eval: off-target / all: pass (5 calls)\n',
    );

    // What the model was sent: the tools, and the harness's messages only with guards on.
    type Body = { messages: { role: string; content: string | null }[]; tools: unknown[] };
    const bodies = server.requests.map((request) => request.body as Body);
    expect(bodies).toHaveLength(9);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer test-key');
    const userTexts = (body: Body) =>
      body.messages.filter((message) => message.role === 'user').map((m) => m.content ?? '');
    for (const body of bodies.slice(0, 4)) expect(userTexts(body)).toHaveLength(1);
    // After its own write the model is told only the ids the list was stored with.
    expect(bodies[5]?.messages.at(-1)).toEqual({
      role: 'user',
      content: 'Stored as: now #1; open #2.',
    });
    expect(bodies[6]?.messages.at(-1)).toEqual({
      role: 'user',
      content:
        '### Current todo list (0/2 completed, unchanged)\nNow: #1 Look up the return policy for opened headphones\nOpen: #2',
    });
    // The goal check reaches it in the result of the write that closed the plan.
    expect(bodies[7]?.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: expect.stringContaining(
        'All items are completed or cancelled. Before you answer, check the original request',
      ),
    });
    expect(
      bodies[0]?.tools.map((tool) => (tool as { function: { name: string } }).function.name),
    ).toEqual(['knowledge_search', 'todo_write', 'todo_read']);
  });

  it('prints the text report labelled as a real model', async () => {
    scriptConversation();
    const { stdout } = await evalCommand(
      '--model',
      'openai:gpt-4o-mini',
      '--base-url',
      server.url('/v1'),
      '--scenario',
      'off-target',
    );
    expect(stdout.split('\n')[0]).toBe(
      'plankeeper eval: guard effectiveness (REAL MODEL openai:gpt-4o-mini, lang en)',
    );
    expect(stdout).toMatch(/^answers only part of the question +fails +caught$/m);
    expect(stdout).not.toContain('  model: ');
    expect(stdout).toContain('(4 calls, ');
    expect(stdout).toContain('(provider: 4,000)');
  });

  it('a provider failure ends the eval with the model error', async () => {
    server.reply(openaiWire.error(401, 'Incorrect API key provided.', { code: 'invalid_api_key' }));
    const error = await evalCommand(
      '--model',
      'openai:gpt-4o-mini',
      '--base-url',
      server.url('/v1'),
      '--api-key',
      'wrong',
      '--scenario',
      'off-target',
    ).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).code).toBe('authentication');
  });
});
