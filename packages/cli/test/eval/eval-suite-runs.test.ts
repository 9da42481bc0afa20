/**
 * `plankeeper eval --suite` end to end: the real CLI, the real OpenAI client, the real agent
 * loop and workspace tools, and the tasks' real checks, against a local server that plays a
 * model. Only the model is a stand-in.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FakeProviderServer, openaiWire } from '../support/fake-provider-server.js';
import { runCli } from '../support/run-cli.js';
import { type SuiteModelKind, suiteModel } from '../support/suite-models.js';
import { suiteDir } from './support/starter-workspace.js';

const SUITE = fileURLToPath(new URL('./fixtures/suite', import.meta.url));

const scratch = mkdtempSync(join(tmpdir(), 'suite-runs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The two-task fixture suite against `kind`. */
function evalSuite(kind: SuiteModelKind, ...flags: string[]) {
  return evalSuiteAt(SUITE, kind, ...flags);
}

/** `suite` against `kind`, with `--suite` given once. */
async function evalSuiteAt(suite: string, kind: SuiteModelKind, ...flags: string[]) {
  server = await FakeProviderServer.start();
  server.respond(suiteModel(kind));
  const model = ['--model', 'openai:fake-model', '--base-url', server.url('/v1'), '--api-key', 'k'];
  return runCli(['eval', '--suite', suite, ...model, ...flags], { timeoutMs: 30_000 });
}

interface Report {
  arms: Array<{
    arm: string;
    runs: number;
    passed: number;
    errors: number;
    passRate: number | null;
    modelCalls: number;
    inputTokens: number;
    outputTokens: number;
    wallMs: number;
    cost: number | null;
  }>;
  comparisons: Array<{
    a: string;
    b: string;
    wins: number;
    losses: number;
    ties: number;
    pValue: number;
  }>;
  tasks: Array<{
    task: string;
    results: Record<string, Array<{ rep: number; status: string; attempts: number }>>;
  }>;
  runs: unknown[];
  partial: boolean;
  baseUrlHost: string;
  prompts: Array<{ task: string; sha256: string }>;
  systemPrompt: string | null;
  nodeVersion: string;
}

/** Every object key anywhere in `value`. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
}

/** `[array, key]` for every key in the first column of the README's table of the --json report. */
function readmeJsonKeys(): Array<[string, string]> {
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  const table = readme.split('`--json` prints one document')[1]!.split('\n\n')[1]!;
  const keys: Array<[string, string]> = [];
  for (const row of table.split('\n').slice(2)) {
    const cell = row.split('|')[1]!;
    const path = /^\s*`(\w+)\[\]/.exec(cell)?.[1] ?? '';
    for (const [, name] of cell.matchAll(/`(?:\w+\[\]\.)?(\w+)`/g)) keys.push([path, name!]);
  }
  expect(keys.length).toBeGreaterThan(20);
  return keys;
}

describe('plankeeper eval --suite', () => {
  it('shows what the finish check buys a model that stops half way: passes, tokens and an honest p-value', async () => {
    const run = await evalSuite(
      'lazy',
      '--reps',
      '3',
      '--json',
      '--price-in',
      '1',
      '--price-out',
      '2',
    );
    expect(run.stderr).not.toContain('    at ');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    const [off, standard] = report.arms;
    expect(off).toMatchObject({ arm: 'off', runs: 6, passed: 3, errors: 0, passRate: 0.5 });
    expect(standard).toMatchObject({ arm: 'standard', runs: 6, passed: 6, errors: 0, passRate: 1 });
    // The plan, the bounce and the second round of edits cost calls and tokens.
    expect(standard!.modelCalls).toBeGreaterThan(off!.modelCalls);
    expect(standard!.inputTokens).toBeGreaterThan(off!.inputTokens);
    expect(off!.cost).toBeCloseTo((off!.inputTokens + 2 * off!.outputTokens) / 1e6, 9);
    // Three wins on two-files, three ties on one-file: 2 × 0.5³, not significant.
    expect(report.comparisons).toEqual([
      expect.objectContaining({
        a: 'standard',
        b: 'off',
        wins: 3,
        losses: 0,
        ties: 3,
        pValue: 0.25,
      }),
    ]);
    expect(report.tasks.map((task) => task.task)).toEqual(['one-file', 'two-files']);
    expect(report.tasks[1]!.results.off!.map((result) => result.status)).toEqual([
      'failed',
      'failed',
      'failed',
    ]);
    expect(report.partial).toBe(false);
    expect(report.baseUrlHost).toBe(`127.0.0.1:${server!.port}`);
    expect(report.prompts[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The system prompt is recorded as the model was sent it (the first run is in the off arm).
    const first = server!.requests[0]!.body as {
      messages: Array<{ role: string; content: string }>;
    };
    expect(report.systemPrompt).toBe(first.messages.find((m) => m.role === 'system')?.content);
    expect(report.systemPrompt).toMatch(/read_file, edit_file and run_shell/);
    expect(report.nodeVersion).toBe(process.version);
    // The plan is never a score: no field of the report counts items or ticks.
    expect(keysOf(report).filter((key) => /plan(?!keeper)|todo|tick|item/i.test(key))).toEqual([]);
    // Every key the README's table of the JSON names is in the report, where it says.
    for (const [path, key] of readmeJsonKeys()) {
      const holder =
        path === '' ? report : (report as unknown as Record<string, unknown[]>)[path]![0];
      expect(holder, `${path}.${key}`).toHaveProperty(key);
    }
    // One progress line per finished run, on stderr.
    expect(run.stderr.trim().split('\n')).toHaveLength(12);
    expect(run.stderr).toMatch(/^\[1\/12\] one-file · off · rep 1: pass \(\d+ calls, /m);
  });

  it('prints the table with the verdict, and every arm passes when the model always solves', async () => {
    const html = join(scratch, 'report.html');
    const run = await evalSuite('solver', '--arms', 'off,light,strict,checks', '--html', html);
    expect(run.code).toBe(0);
    // The page is written beside the table: one bar per arm.
    expect(readFileSync(html, 'utf8').match(/<rect /g)).toHaveLength(4);
    const lines = run.stdout.split('\n');
    for (const arm of ['off', 'light', 'strict', 'checks']) {
      expect(lines.find((line) => line.startsWith(`${arm} `))).toMatch(
        new RegExp(`^${arm}\\s+2\\s+2\\s+0\\s+100%`),
      );
    }
    expect(run.stdout).toMatch(/^checks vs off\s+0\s+0\s+2\s+1\.00\s+inconclusive$/m);
  });

  it('counts a model server that fails as errors, never as passes or fails, after bounded retries', async () => {
    const run = await evalSuite('broken', '--json', '--retries', '0');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    for (const arm of report.arms) {
      // An answer with an error status is still a model call: one per run.
      expect(arm).toMatchObject({ runs: 2, passed: 0, errors: 2, passRate: null, modelCalls: 2 });
    }
    expect(report.comparisons[0]).toMatchObject({ wins: 0, losses: 0, ties: 0, pValue: 1 });
    expect(run.stderr).toContain(': error (');
    expect(run.stderr).toContain('500');
  });

  it('takes a model named without a provider, beside --base-url, as an OpenAI-compatible one', async () => {
    server = await FakeProviderServer.start();
    server.respond(suiteModel('solver'));
    const model = [
      '--model',
      'qwen2.5-coder:7b',
      '--base-url',
      server.url('/v1'),
      '--api-key',
      'k',
    ];
    const run = await runCli(['eval', '--suite', SUITE, ...model, '--arms', 'off', '--json'], {
      timeoutMs: 30_000,
    });
    expect(run.stderr).not.toContain('    at ');
    const report = JSON.parse(run.stdout) as Report;
    expect(report.arms[0]).toMatchObject({ runs: 2, passed: 2, errors: 0 });
    expect(server.requests.map((request) => (request.body as { model: string }).model)).toContain(
      'qwen2.5-coder:7b',
    );
  });

  it("keeps the person's keys out of the model's shell: run_shell sees PATH and HOME, not OPENAI_API_KEY", async () => {
    const suite = join(scratch, 'shell-env', 'print-env');
    mkdirSync(suite, { recursive: true });
    writeFileSync(join(suite, 'task.md'), 'Write the environment to env.txt.\n');
    // Passes when the shell ran with node on PATH and without the key in its environment.
    writeFileSync(
      join(suite, 'check'),
      'grep -q "^PATH=" env.txt && grep -q "^HOME=" env.txt && ! grep -q "sk-kept-out" env.txt\n',
    );
    server = await FakeProviderServer.start();
    server.respond(() =>
      server!.requests.length === 1
        ? openaiWire.completion({
            toolCalls: [{ id: 'c1', name: 'run_shell', arguments: '{"command":"env > env.txt"}' }],
          })
        : openaiWire.completion({ content: 'done' }),
    );
    const model = ['--model', 'openai:m', '--base-url', server.url('/v1')];
    const run = await runCli(
      ['eval', '--suite', dirname(suite), ...model, '--arms', 'off', '--json'],
      {
        timeoutMs: 30_000,
        env: { OPENAI_API_KEY: 'sk-kept-out' },
      },
    );
    const report = JSON.parse(run.stdout) as Report;
    expect(report.arms[0]).toMatchObject({ runs: 1, passed: 1, errors: 0 });
  });

  it('runs a check that starts with #! with its interpreter: a Node script as check', async () => {
    const suite = join(scratch, 'script-check');
    const check =
      "#!/usr/bin/env node\nconst text = require('node:fs').readFileSync('answer.txt', 'utf8');\nprocess.exit(text.trim() === '42' ? 0 : 1);\n";
    // The model edits in one task and not in the other: the script passes one and fails one.
    for (const [task, prompt] of [
      ['edited', 'EDIT answer.txt: 0 -> 42\n'],
      ['untouched', 'Leave answer.txt as it is.\n'],
    ] as const) {
      mkdirSync(join(suite, task, 'files'), { recursive: true });
      writeFileSync(join(suite, task, 'task.md'), prompt);
      writeFileSync(join(suite, task, 'files', 'answer.txt'), '0\n');
      writeFileSync(join(suite, task, 'check'), check);
    }
    const run = await evalSuiteAt(suite, 'solver', '--arms', 'off', '--json');
    const report = JSON.parse(run.stdout) as Report;
    expect(report.tasks.map((task) => [task.task, task.results.off?.[0]?.status])).toEqual([
      ['edited', 'passed'],
      ['untouched', 'failed'],
    ]);
  });

  it('counts a check that cannot start as an error, not as a fail: it says nothing of the model', async () => {
    const suite = join(scratch, 'unstartable-check', 'one-file');
    mkdirSync(join(suite, 'files'), { recursive: true });
    writeFileSync(join(suite, 'task.md'), 'EDIT answer.txt: 0 -> 42\n');
    writeFileSync(join(suite, 'files', 'answer.txt'), '0\n');
    writeFileSync(join(suite, 'check'), 'no-such-check-command-here answer.txt\n');
    const run = await evalSuiteAt(dirname(suite), 'solver', '--arms', 'off', '--json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.arms[0]).toMatchObject({ runs: 1, passed: 0, errors: 1, passRate: null });
    expect(report.tasks[0]?.results.off?.[0]).toMatchObject({ status: 'error', attempts: 1 });
    expect(run.stderr).toMatch(
      /: error \(.*\): check could not start: .*no-such-check-command-here/,
    );
  });

  it('counts no model call to an endpoint that refuses connections: the model never answered', async () => {
    const down = ['--model', 'openai:m', '--base-url', 'http://127.0.0.1:9/v1', '--api-key', 'k'];
    const run = await runCli(['eval', '--suite', SUITE, ...down, '--retries', '0', '--json'], {
      timeoutMs: 30_000,
    });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.arms.map(({ arm, errors, modelCalls }) => ({ arm, errors, modelCalls }))).toEqual(
      [
        { arm: 'off', errors: 2, modelCalls: 0 },
        { arm: 'standard', errors: 2, modelCalls: 0 },
      ],
    );
    expect(run.stderr).toMatch(/^\[1\/4\] one-file · off · rep 1: error \(0 calls, /m);
  });

  it('--suite starter runs the suite the CLI ships, each of its 24 tasks once; a model that errors scores nothing', async () => {
    const shipped = readdirSync(suiteDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(shipped).toHaveLength(24);
    const run = await evalSuiteAt('starter', 'broken', '--arms', 'off', '--retries', '0', '--json');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.prompts.map((prompt) => prompt.task).sort()).toEqual(shipped);
    expect(report.tasks.map((task) => task.task).sort()).toEqual(shipped);
    const statuses = report.tasks.map((task) => task.results.off?.map((result) => result.status));
    expect(statuses).toEqual(shipped.map(() => ['error']));
    expect(report.arms).toEqual([
      expect.objectContaining({ arm: 'off', runs: 24, errors: 24, passed: 0 }),
    ]);
    // One progress line per finished run.
    expect(run.stderr.trim().split('\n')).toHaveLength(24);
  });
});
