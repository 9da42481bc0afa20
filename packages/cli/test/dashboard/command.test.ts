/**
 * `plankeeper dashboard`: flags, errors, and a real process stopped with SIGINT.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { waitFor } from 'plankeeper/test';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/cli-error.js';
import { registerDashboardCommand, runDashboard } from '../../src/cli/commands/dashboard.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import type { PlanListResponse } from '../../src/dashboard/index.js';
import { withPlanEngine } from '../support/seeded-store.js';

const support = fileURLToPath(new URL('./support/', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'plankeeper-dashboard-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function runCommand(args: string[]) {
  const program = new Command('plankeeper').exitOverride();
  registerDashboardCommand(program);
  return program.parseAsync(['node', 'plankeeper', 'dashboard', ...args]);
}

async function usageError(args: string[]): Promise<CliError> {
  const error = await runCommand(args).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CliError);
  expect((error as CliError).exitCode).toBe(EXIT.usage);
  return error as CliError;
}

describe('plankeeper dashboard flags', () => {
  it('rejects a bad port, host, store URL or stale time with a one-line message', async () => {
    expect((await usageError(['--port', 'abc'])).message).toBe(
      '--port must be a whole number from 0 to 65535 (0 picks a free port), not "abc".',
    );
    expect((await usageError(['--port', '70000'])).message).toMatch(/^--port must be/);
    expect((await usageError(['--port', '-1'])).message).toMatch(/^--port must be/);
    expect((await usageError(['--host', '0.0.0.0', '--store', 'memory'])).message).toMatch(
      /needs an access token: add --token/,
    );
    expect((await usageError(['--store', 'mongodb://localhost/x'])).message).toMatch(
      /^--store: Cannot open store "mongodb:\/\/localhost\/x": "mongodb:" is not a store we know/,
    );
    expect((await usageError(['--store', 'memory', '--stale-after', 'soon'])).message).toMatch(
      /--stale-after must be a positive number of minutes/,
    );
    expect((await usageError(['--store', 'memory', '--token', 'two words'])).message).toMatch(
      /printable ASCII/,
    );
  });

  it('names the store, without its password, when it cannot be reached', async () => {
    const error = await runCommand([
      '--store',
      'postgres://user:hunter2@127.0.0.1:1/plans',
      '--port',
      '0',
    ]).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT.config);
    expect((error as CliError).message).toMatch(
      /^cannot use the PostgreSQL server at postgres:\/\/user:\*\*\*@127\.0\.0\.1:1\/plans \(connect ECONNREFUSED/,
    );
    expect((error as CliError).message).not.toContain('hunter2');
  });

  it('says how to get past a port that is taken', async () => {
    const first = new AbortController();
    let url = '';
    const running = runDashboard(
      { store: 'memory', port: '0' },
      {
        stdout: { write: () => true },
        env: {},
        signal: first.signal,
        onListening: (address) => {
          url = address;
        },
      },
    );
    await waitFor(() => url !== '', 'the dashboard URL', 5000);
    const port = new URL(url).port;
    const error = (await runCommand(['--store', 'memory', '--port', port]).catch(
      (caught: unknown) => caught,
    )) as CliError;
    expect(error).toBeInstanceOf(CliError);
    expect(error.exitCode).toBe(EXIT.config);
    expect(error.message).toBe(
      `Cannot listen on 127.0.0.1:${port}: the port is already in use. Pick another with --port, or --port 0 for any free port.`,
    );
    first.abort();
    await running;
  });

  it('serves the store, prints the address with the token, and stops when told', async () => {
    const output: string[] = [];
    const stop = new AbortController();
    let url = '';
    const path = join(directory, 'in-process.db');
    const running = runDashboard(
      { store: `sqlite:${path}`, port: '0' },
      {
        stdout: { write: (text: string) => output.push(text) },
        env: { PLANKEEPER_DASHBOARD_TOKEN: 'from-the-environment' },
        signal: stop.signal,
        onListening: (address) => {
          url = address;
        },
      },
    );
    await waitFor(() => url !== '', 'the dashboard URL', 5000);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=from-the-environment$/);
    expect(output.join('')).toContain(`plankeeper dashboard: ${url}\nstore: sqlite:${path}`);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const refused = await fetch(`${new URL(url).origin}/api/plans`);
    expect(refused.status).toBe(401);
    stop.abort();
    await running;
    expect(output.at(-1)).toBe('plankeeper dashboard: stopped\n');
    await expect(fetch(url)).rejects.toThrow();
  });
});

describe('plankeeper dashboard --lang', () => {
  it('serves the page and the refusals in Chinese with --lang zh, and refuses another language', async () => {
    const stop = new AbortController();
    let url = '';
    const running = runDashboard(
      { store: `sqlite:${join(directory, 'lang.db')}`, port: '0', lang: 'zh' },
      {
        stdout: { write: () => {} },
        env: {},
        signal: stop.signal,
        onListening: (address) => {
          url = address;
        },
      },
    );
    await waitFor(() => url !== '', 'the dashboard URL', 5000);
    expect(await (await fetch(url)).text()).toContain('<html lang="zh-CN">');
    expect(await (await fetch(new URL('/nope', url))).json()).toEqual({
      error: '/nope 处没有内容。请试试 / 或 /api/plans。',
    });
    stop.abort();
    await running;
    await expect(
      runDashboard({ port: '0', lang: 'fr' }, { stdout: { write: () => {} }, env: {} }),
    ).rejects.toThrow('--lang: "fr" is not supported; use en or zh.');
  });
});

describe('plankeeper dashboard as a process', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('reads PLANKEEPER_STORE, serves the plans in it, and exits 0 on SIGINT', async () => {
    const path = join(directory, 'process.db');
    await withPlanEngine(`sqlite:${path}`, (engine) =>
      engine.write({ agent: 'ops', session: 'nightly' }, [
        { content: 'Rotate logs', status: 'in_progress', activeForm: 'Rotating logs' },
      ]),
    );

    child = spawn(
      process.execPath,
      ['--import', './register-ts.mjs', 'dashboard-cli.mjs', '--port', '0'],
      {
        cwd: support,
        env: { ...process.env, PLANKEEPER_STORE: `sqlite:${path}`, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child?.on('exit', resolve));
    await waitFor(
      () => /dashboard: (http\S+)/.test(stdout) || child?.exitCode !== null,
      'the dashboard URL or an exit',
      20_000,
    );
    const url = /dashboard: (http\S+)/.exec(stdout)?.[1];
    expect(url, stderr).toBeDefined();

    const response = await fetch(new URL('/api/plans', url));
    const body = (await response.json()) as PlanListResponse;
    expect(body.plans.map((plan) => [plan.agent, plan.session, plan.current?.activeForm])).toEqual([
      ['ops', 'nightly', 'Rotating logs'],
    ]);

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stdout).toContain('plankeeper dashboard: stopped');
    expect(stderr).toBe('');
  }, 60_000);

  it('exits with the usage code and one line on a bad flag', async () => {
    const run = spawn(
      process.execPath,
      ['--import', './register-ts.mjs', 'dashboard-cli.mjs', '--port', 'x'],
      {
        cwd: support,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    run.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => run.on('exit', resolve));
    expect(code).toBe(EXIT.usage);
    expect(stderr).toBe(
      'plankeeper: --port must be a whole number from 0 to 65535 (0 picks a free port), not "x".\n',
    );
  }, 60_000);
});
