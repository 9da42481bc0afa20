/**
 * Ctrl-C in the middle of `plankeeper eval --suite` reports what finished, marked partial, and
 * keeps it in --out; --resume continues that file, running only what is missing, and refuses
 * a file from other arms. The real CLI, a real SIGINT, a local stand-in for the model.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FakeProviderServer } from '../support/fake-provider-server.js';
import { runCli, startCli } from '../support/run-cli.js';
import { suiteModel } from '../support/suite-models.js';

const SUITE = fileURLToPath(new URL('./fixtures/suite', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'suite-stop-resume-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function modelFlags(delayMs: number): Promise<string[]> {
  server = await FakeProviderServer.start();
  const model = suiteModel('solver');
  server.respond((request) => ({ ...model(request), delayMs }));
  return ['--model', 'openai:fake-model', '--base-url', server.url('/v1'), '--api-key', 'k'];
}

interface SavedReport {
  partial: boolean;
  runs: Array<{ task: string; arm: string; rep: number; status: string }>;
  arms: Array<{ arm: string; runs: number; passed: number }>;
}

function stopAfterFirstRun(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = startCli(args);
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (!sent && stderr.includes('[1/')) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('plankeeper eval --suite: Ctrl-C and --resume', () => {
  const out = join(scratch, 'run.json');

  it('stops on SIGINT with a partial report on stdout and in --out', async () => {
    const model = await modelFlags(150);
    const args = ['eval', '--suite', SUITE, ...model, '--reps', '3', '--out', out];
    const run = await stopAfterFirstRun(args);
    expect(run.stderr).not.toContain('    at ');
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('Stopping: no new runs start; the report follows.');
    const saved = JSON.parse(readFileSync(out, 'utf8')) as SavedReport;
    expect(saved.partial).toBe(true);
    expect(saved.runs.length).toBeGreaterThanOrEqual(1);
    expect(saved.runs.length).toBeLessThan(12);
    expect(run.stdout).toContain(`Partial: stopped after ${saved.runs.length} of 12 runs.`);
    // Only runs that finished are kept: every one has its check's verdict.
    expect(saved.runs.every((record) => record.status === 'passed')).toBe(true);
  });

  it('continues the file with --resume, running only what is missing', async () => {
    const before = (JSON.parse(readFileSync(out, 'utf8')) as SavedReport).runs;
    const model = await modelFlags(0);
    const run = await runCli(['eval', '--suite', SUITE, ...model, '--reps', '3', '--resume', out], {
      timeoutMs: 30_000,
    });
    expect(run.code).toBe(0);
    const progress = run.stderr.trim().split('\n');
    expect(progress).toHaveLength(12 - before.length);
    expect(progress[0]).toMatch(new RegExp(`^\\[${before.length + 1}/12\\] `));
    const saved = JSON.parse(readFileSync(out, 'utf8')) as SavedReport;
    expect(saved.partial).toBe(false);
    expect(saved.runs).toHaveLength(12);
    expect(saved.runs.slice(0, before.length)).toEqual(before);
    expect(saved.arms.map((arm) => [arm.arm, arm.runs, arm.passed])).toEqual([
      ['off', 6, 6],
      ['standard', 6, 6],
    ]);
  });

  it('refuses to resume a file run with other arms', async () => {
    const model = await modelFlags(0);
    const args = ['eval', '--suite', SUITE, ...model, '--arms', 'off,strict', '--resume', out];
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(
      /--resume: .*run\.json was run with arms "off,standard", not "off,strict"\. Use the same flags, or start anew without --resume\.$/,
    );
    expect(server!.requests).toHaveLength(0);
    expect(existsSync(`${out}.tmp`)).toBe(false);
  });
});
