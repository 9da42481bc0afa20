/**
 * Plan approval in the coding agents' hooks, each hook call its own `plankeeper hook`
 * process as the agent runs it: with `--approval`, a tool other than plankeeper's is
 * denied in the agent's own format while the plan waits for a person; `plankeeper todos
 * --approve` (another process) releases it; a stop is not bounced while the plan waits.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { seededStore } from '../../support/seeded-store.js';

const BIN = fileURLToPath(new URL('../../../../../bin/plankeeper.js', import.meta.url));
const fixture = (agent: string, name: string) =>
  JSON.parse(
    readFileSync(new URL(`../${agent}/fixtures/${name}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
const SESSION = '487a3458-47e5-424b-9467-f9bcde48e9ab';

function hook(agent: string, event: string, store: string, input: unknown, extra: string[] = []) {
  const result = spawnSync(
    process.execPath,
    [BIN, 'hook', agent, event, '--store', store, ...extra],
    { input: JSON.stringify(input), encoding: 'utf8', timeout: 15_000 },
  );
  expect(result.status).toBe(0);
  expect(result.stderr).toBe('');
  return result.stdout;
}

function withPlan(agent: string, session = SESSION) {
  return seededStore('pk-approval-hook-', (engine) =>
    engine.write({ agent, session }, [{ content: 'Write the parser', status: 'pending' }]),
  );
}

const approve = (store: string, agent: string, session = SESSION) =>
  runCli([
    'todos',
    '--store',
    store,
    '--agent',
    agent,
    '--session',
    session,
    '--approve',
    '--by',
    'Ana',
  ]);

const WAITING =
  "Held: Bash did not run; the plan waits for a person's approval. Meanwhile you may revise the plan with the plan tools, then end your turn and say it is ready for review.";

describe('plankeeper hook with --approval', () => {
  it('claude-code: PreToolUse denies another tool until a person approves; plan tools pass; no stop bounce meanwhile', async () => {
    const store = await withPlan('claude-code');
    const bash = {
      ...fixture('claude-code', 'PreToolUse'),
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    };
    const held = hook('claude-code', 'PreToolUse', store, bash, ['--approval', 'once']);
    expect(JSON.parse(held)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: WAITING,
      },
    });
    // Without --approval nothing is held.
    expect(hook('claude-code', 'PreToolUse', store, bash)).toBe('');
    // plankeeper's own tools are never held.
    expect(
      hook('claude-code', 'PreToolUse', store, fixture('claude-code', 'PreToolUse'), [
        '--approval',
        'once',
      ]),
    ).toBe('');
    // The model ends its turn to ask for review: no finish bounce while the plan waits.
    hook('claude-code', 'UserPromptSubmit', store, fixture('claude-code', 'UserPromptSubmit'), [
      '--approval',
      'once',
    ]);
    hook('claude-code', 'PostToolUse', store, fixture('claude-code', 'PostToolUse'), [
      '--approval',
      'once',
    ]);
    expect(
      hook('claude-code', 'Stop', store, fixture('claude-code', 'Stop'), ['--approval', 'once']),
    ).toBe('');

    expect((await approve(store, 'claude-code')).code).toBe(0);
    expect(hook('claude-code', 'PreToolUse', store, bash, ['--approval', 'once'])).toBe('');
    // After approval the model is told who approved, on its next tool result.
    const after = hook(
      'claude-code',
      'PostToolUse',
      store,
      { ...fixture('claude-code', 'PostToolUse'), tool_name: 'Bash' },
      ['--approval', 'once'],
    );
    expect(JSON.parse(after).hookSpecificOutput.additionalContext.split('\n')[0]).toBe(
      'Approved by a person (Ana): carry out the plan.',
    );
    // Told once: the next tool result says nothing more.
    expect(
      hook('claude-code', 'PostToolUse', store, fixture('claude-code', 'PostToolUse'), [
        '--approval',
        'once',
      ]),
    ).toBe('');
  });

  it('claude-code: an approval between turns is told on the next prompt, before the list it approved (the plan to carry out, not a leftover)', async () => {
    const store = await withPlan('claude-code');
    const prompt = fixture('claude-code', 'UserPromptSubmit');
    hook('claude-code', 'UserPromptSubmit', store, prompt, ['--approval', 'once']);
    expect(
      hook('claude-code', 'Stop', store, fixture('claude-code', 'Stop'), ['--approval', 'once']),
    ).toBe('');
    expect((await approve(store, 'claude-code')).code).toBe(0);
    const next = hook(
      'claude-code',
      'UserPromptSubmit',
      store,
      { ...prompt, prompt_id: 'p-2', prompt: 'Go ahead' },
      ['--approval', 'once'],
    );
    const lines = JSON.parse(next).hookSpecificOutput.additionalContext.split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'Approved by a person (Ana): carry out the plan.',
      '### Current todo list (0/1 completed)',
    ]);
  });

  it('codex, gemini and opencode answer a held call in their own formats, in the --lang language', async () => {
    const codexStore = await withPlan('codex', String(fixture('codex', 'PreToolUse').session_id));
    const codex = hook(
      'codex',
      'PreToolUse',
      codexStore,
      { ...fixture('codex', 'PreToolUse'), tool_name: 'Bash' },
      ['--approval', 'on-change'],
    );
    expect(JSON.parse(codex).hookSpecificOutput).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: WAITING,
    });

    const geminiInput = fixture('gemini', 'BeforeTool.builtin');
    const geminiStore = await withPlan('gemini', String(geminiInput.session_id));
    const gemini = hook('gemini', 'BeforeTool', geminiStore, geminiInput, [
      '--approval',
      'once',
      '--lang',
      'zh',
    ]);
    expect(JSON.parse(gemini)).toEqual({
      decision: 'deny',
      reason:
        '已暂停：read_file 未执行；计划正等待人员批准。在此期间你可以用计划工具修改计划，然后结束本轮，说明计划已可审阅。',
    });
    expect((await approve(geminiStore, 'gemini', String(geminiInput.session_id))).code).toBe(0);
    expect(hook('gemini', 'BeforeTool', geminiStore, geminiInput, ['--approval', 'once'])).toBe(
      '{}\n',
    );

    const opencodeStore = await withPlan('opencode', 'ses_1');
    const opencode = hook(
      'opencode',
      'tool.execute.before',
      opencodeStore,
      { input: { tool: 'bash', sessionID: 'ses_1', callID: 'c1' } },
      ['--approval', 'once'],
    );
    expect(JSON.parse(opencode)).toEqual({
      deny: "Held: bash did not run; the plan waits for a person's approval. Meanwhile you may revise the plan with the plan tools, then end your turn and say it is ready for review.",
    });
  });
});
