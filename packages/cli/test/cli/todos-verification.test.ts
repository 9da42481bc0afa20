/**
 * `plankeeper todos --session`: what verified the plan (its last check) and each completed
 * item (the check that let it through, or the calls that counted), in English and Chinese;
 * a `host:check` revision named as the check it was; stored command text escaped.
 */
import type { PlanEngine } from 'plankeeper';
import type { CheckResult } from 'plankeeper/checks';
import type { CompletionGate } from 'plankeeper/harness';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { seededStore } from '../support/seeded-store.js';

const key = { agent: 'coder', session: 'checked' };
const at = 1_700_000_000_000;
const passed: CheckResult = {
  command: 'npm test',
  outcome: 'passed',
  durationMs: 12_345,
  tail: '',
  at,
};

/** A host's gate whose verifier ran `check` for item `id` and let it through. */
const checkedBy = (id: string, check: CheckResult): CompletionGate => ({
  callsFor: () => [],
  verify: async () => ({ refusals: [], checks: [{ id, check }] }),
});

async function seed(engine: PlanEngine, failing: string) {
  await engine.add(key, [
    { content: 'Fix the parser' },
    { content: 'Run the linter' },
    { content: 'Tell Ana' },
  ]);
  await engine.complete(key, [{ id: '1', reason: 'fixed' }], { gate: checkedBy('1', passed) });
  await engine.write(
    key,
    [
      { id: '1', content: 'Fix the parser', status: 'completed', note: 'fixed' },
      { id: '2', content: 'Run the linter', status: 'in_progress' },
      { id: '3', content: 'Tell Ana', status: 'pending' },
    ],
    { callId: 'call_a' },
  );
  await engine.write(
    key,
    [
      { id: '1', content: 'Fix the parser', status: 'completed', note: 'fixed' },
      { id: '2', content: 'Run the linter', status: 'completed' },
      { id: '3', content: 'Tell Ana', status: 'pending' },
    ],
    {
      callId: 'call_b',
      gate: {
        callsFor: () => [
          { tool: 'run_linter', callId: 'c1', at },
          { tool: 'read_file', callId: 'c2', at },
        ],
      },
    },
  );
  await engine.recordCheck(key, {
    command: failing,
    outcome: 'failed',
    exit: 1,
    durationMs: 3_000,
    tail: 'FAIL parser.test.ts',
    at,
    when: 'answer',
    letThrough: true,
  });
}

/** The `host:check` revision in the history, named as the check it was. */
const HOST_CHECK_LINE = {
  en: /\n {2}v5 {2}\S+ {2}check before the answer: npm test → exit 1 in 3\.0 s, answer let through\n/,
  zh: /\n {2}v5 {2}\S+ {2}答复前的检查：npm test → 退出码 1，用时 3\.0 秒，答复已放行\n/,
};

describe('plankeeper todos: verification', () => {
  it.each(['en', 'zh'])(
    'shows the last check and each completed item’s evidence (%s)',
    async (lang) => {
      const url = await seededStore(
        'plankeeper-todos-verified-',
        (engine) => seed(engine, 'npm test'),
        {
          evidence: 'warn',
        },
      );
      const shown = await runCli([
        'todos',
        '--store',
        url,
        '--session',
        'checked',
        '--history',
        '0',
        '--lang',
        lang,
      ]);
      expect(shown.code).toBe(0);
      await expect(shown.stdout).toMatchFileSnapshot(
        `__snapshots__/todos-verification.${lang}.txt`,
      );
      const history = await runCli([
        'todos',
        '--store',
        url,
        '--session',
        'checked',
        '--lang',
        lang,
      ]);
      expect(history.stdout).toMatch(HOST_CHECK_LINE[lang as 'en' | 'zh']);
      // The completion's revision names the check that let #1 through.
      expect(history.stdout).toMatch(
        /\n {2}v2 {2}\S+ {2}todos_complete: completed #1: "fixed" · evidence #1: npm test → exit 0 in 12\.3 s\n/,
      );
    },
  );

  it('--json gives the plan’s lastCheck and each completion’s evidence with its check', async () => {
    const url = await seededStore(
      'plankeeper-todos-verified-json-',
      (engine) => seed(engine, 'npm test'),
      {
        evidence: 'warn',
      },
    );
    const { stdout } = await runCli(['todos', '--store', url, '--session', 'checked', '--json']);
    const shown = JSON.parse(stdout);
    expect(shown.plan.lastCheck).toEqual({
      command: 'npm test',
      outcome: 'failed',
      exit: 1,
      durationMs: 3_000,
      tail: 'FAIL parser.test.ts',
      at,
      version: 4,
      when: 'answer',
      letThrough: true,
    });
    expect(shown.history[1].source.evidence).toEqual([
      { id: '1', calls: [], count: 0, check: { ...passed, version: 1, when: 'completion' } },
    ]);
    expect(shown.history[4].source).toMatchObject({
      tool: 'host:check',
      check: shown.plan.lastCheck,
    });
  });

  it('escapes a stored command for the terminal: no escape sequence or line of its own', async () => {
    const url = await seededStore(
      'plankeeper-todos-verified-unsafe-',
      (engine) => seed(engine, 'npm test\u001b]0;owned\u0007\nverified: all good'),
      { evidence: 'warn' },
    );
    const { stdout } = await runCli(['todos', '--store', url, '--session', 'checked']);
    expect(stdout).not.toContain('\u001b');
    expect(stdout).not.toContain('\u0007');
    expect(stdout).not.toMatch(/^verified: all good/m);
    expect(stdout).toContain(
      'check failed: npm test\\u001b]0;owned\\u0007\\u000averified: all good → exit 1',
    );
  });
});
