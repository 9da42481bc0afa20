/**
 * `runHook` end to end over a SQLite store, one call per hook process as Claude Code makes
 * them: the discipline's decisions across calls, the state they keep in the store, and
 * failing open.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runHook } from '../../../src/coding-agents/hook/run-hook.js';
import { withPlanEngine } from '../../support/seeded-store.js';

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../claude-code/fixtures/${name}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
const SESSION = '487a3458-47e5-424b-9467-f9bcde48e9ab';
const KEY = { agent: 'claude-code', session: SESSION };

let dir: string;
let store: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pk-hook-'));
  store = `sqlite:${join(dir, 'plans.db')}`;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

interface HookOutput {
  decision?: string;
  reason?: string;
  hookSpecificOutput?: { hookEventName: string; additionalContext: string };
}

async function hook(event: string, input: unknown, extra: string[] = [], deadlineMs?: number) {
  let stdout = '';
  let stderr = '';
  const code = await runHook(
    ['claude-code', event, '--store', store, ...extra],
    {
      stdin: [typeof input === 'string' ? input : JSON.stringify(input)],
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env: {},
      cwd: dir,
    },
    deadlineMs === undefined ? {} : { deadlineMs },
  );
  const parsed = stdout.trim() === '' ? undefined : (JSON.parse(stdout) as HookOutput);
  return { code, stdout, stderr, parsed };
}

async function writePlan(todos: Array<{ content: string; status: string }>) {
  await withPlanEngine(store, (engine) => engine.write(KEY, todos as never));
}

const tool = (name: string, failed = false) => ({
  ...fixture(failed ? 'PostToolUseFailure.mcp' : 'PostToolUse'),
  tool_name: name,
});

describe('plankeeper hook claude-code', () => {
  it('nudges after 3 tool calls without a successful plan write, failed writes included', async () => {
    await hook('UserPromptSubmit', fixture('UserPromptSubmit'));
    await writePlan([{ content: 'Write the parser', status: 'in_progress' }]);
    expect((await hook('PostToolUse', tool('mcp__plankeeper__todo_write'))).stdout).toBe('');
    expect((await hook('PostToolUse', tool('Read'))).stdout).toBe('');
    expect(
      (await hook('PostToolUseFailure', tool('mcp__plankeeper__todos_complete', true))).stdout,
    ).toBe('');
    const third = await hook('PostToolUse', tool('Bash'));
    expect(third.parsed?.hookSpecificOutput?.additionalContext).toContain(
      '3 tool rounds without a todo list update',
    );
    // The reminder restarts the count.
    expect((await hook('PostToolUse', tool('Read'))).stdout).toBe('');
  });

  it('--discipline sets how soon the nudge comes: strict after 2 calls, light after 5', async () => {
    for (const [discipline, after] of [
      ['strict', 2],
      ['light', 5],
    ] as const) {
      await hook('UserPromptSubmit', fixture('UserPromptSubmit'));
      await writePlan([{ content: 'Write the parser', status: 'in_progress' }]);
      await hook('PostToolUse', tool('mcp__plankeeper__todo_write'));
      const answers: string[] = [];
      for (let call = 1; call <= after; call++) {
        answers.push(
          (await hook('PostToolUse', tool('Read'), ['--discipline', discipline])).stdout,
        );
      }
      expect(answers.slice(0, -1)).toEqual(Array(after - 1).fill(''));
      expect(answers.at(-1)).toContain(`${after} tool rounds without a todo list update`);
    }
    // --nudge-after wins over the preset.
    await hook('UserPromptSubmit', fixture('UserPromptSubmit'));
    await hook('PostToolUse', tool('mcp__plankeeper__todo_write'));
    const extra = ['--discipline', 'strict', '--nudge-after', '1'];
    expect((await hook('PostToolUse', tool('Read'), extra)).stdout).toContain('1 tool round');
  });

  it('an unknown --discipline fails open with one line on stderr', async () => {
    const { code, stdout, stderr } = await hook('PostToolUse', tool('Read'), [
      '--discipline',
      'loose',
    ]);
    expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('--discipline loose');
  });

  it('blocks the stop once with the finish check, once with the goal check, then lets it go', async () => {
    await hook('UserPromptSubmit', fixture('UserPromptSubmit'));
    await writePlan([
      { content: 'Write the parser', status: 'completed' },
      { content: 'Test the parser', status: 'pending' },
    ]);
    await hook('PostToolUse', tool('mcp__plankeeper__todo_write'));
    const first = await hook('Stop', fixture('Stop'));
    expect(first.parsed).toEqual({
      hookSpecificOutput: {
        hookEventName: 'Stop',
        additionalContext: expect.stringContaining('#2 Test the parser.'),
      },
    });
    const second = await hook('Stop', fixture('Stop.after-block'));
    expect(second.parsed?.hookSpecificOutput?.additionalContext).toContain(
      'Plan the parser work, then do it.',
    );
    expect((await hook('Stop', fixture('Stop.after-block'))).stdout).toBe('');
  });

  it('an honest "could not" answer skips the goal check; a turn without a plan write is never blocked', async () => {
    await hook('UserPromptSubmit', fixture('UserPromptSubmit'));
    await writePlan([{ content: 'Write the parser', status: 'pending' }]);
    expect((await hook('Stop', fixture('Stop'))).stdout).toBe('');
    await hook('PostToolUse', tool('mcp__plankeeper__todo_write'));
    expect((await hook('Stop', fixture('Stop'))).parsed?.hookSpecificOutput?.hookEventName).toBe(
      'Stop',
    );
    const honest = { ...fixture('Stop'), last_assistant_message: 'I could not test it.' };
    expect((await hook('Stop', honest)).stdout).toBe('');
  });

  it('marks a plan left open from an earlier request as leftover on the next prompt', async () => {
    await writePlan([{ content: 'Old work', status: 'pending' }]);
    const answer = await hook('UserPromptSubmit', fixture('UserPromptSubmit'));
    const text = answer.parsed?.hookSpecificOutput?.additionalContext as string;
    expect(text).toContain('### Leftover todo list from an earlier request');
    expect(text).toContain('#1 Old work');
  });

  it('shows a plan changed by someone else on the next tool call, once', async () => {
    await hook('UserPromptSubmit', fixture('UserPromptSubmit'));
    await writePlan([{ content: 'Added by a person', status: 'pending' }]);
    const answer = await hook('PostToolUse', tool('Read'));
    expect(answer.parsed?.hookSpecificOutput?.additionalContext).toContain(
      'changed outside this conversation',
    );
    expect((await hook('PostToolUse', tool('Read'))).stdout).toBe('');
  });

  it('names the person who changed the plan (plankeeper todos), on the next tool call, once', async () => {
    await hook('UserPromptSubmit', fixture('UserPromptSubmit'));
    await writePlan([
      { content: 'Write the parser', status: 'in_progress' },
      { content: 'Document it', status: 'pending' },
    ]);
    await hook('PostToolUse', tool('Read'));
    await withPlanEngine(store, (engine) =>
      engine.editAsPerson(KEY, { kind: 'cancel', id: '2' }, { name: 'Ana' }),
    );
    const text = (await hook('PostToolUse', tool('Read'))).parsed?.hookSpecificOutput
      ?.additionalContext;
    expect(text?.split('\n').slice(0, 2)).toEqual([
      'Changed by a person (Ana): cancelled #2',
      '### Your todo list was changed outside this conversation (another session, a person or a sub-agent); this is the list now',
    ]);
    // The third call without a plan write brings the nudge, but nothing about the change.
    expect((await hook('PostToolUse', tool('Read'))).stdout).not.toContain('person');
  });

  it('shows the plan again after compaction, not on a fresh start', async () => {
    await writePlan([{ content: 'Write the parser', status: 'in_progress' }]);
    expect((await hook('SessionStart', fixture('SessionStart'))).stdout).toBe('');
    const answer = await hook('SessionStart', fixture('SessionStart.compact'));
    const text = answer.parsed?.hookSpecificOutput?.additionalContext;
    expect(text).toContain('shown again after the conversation was compacted or resumed');
    expect(text).toContain('[>] #1 Write the parser');
  });

  it('on resume the plan is shown once, by the next prompt, under one heading', async () => {
    await hook('UserPromptSubmit', fixture('UserPromptSubmit'));
    await writePlan([{ content: 'Write the parser', status: 'in_progress' }]);
    await hook('PostToolUse', tool('mcp__plankeeper__todo_write'));
    expect((await hook('SessionStart', fixture('SessionStart.resume'))).stdout).toBe('');
    const next = { ...fixture('UserPromptSubmit'), prompt: 'What is left?', prompt_id: 'p2' };
    const text = (await hook('UserPromptSubmit', next)).parsed?.hookSpecificOutput
      ?.additionalContext;
    expect(text?.split('\n')[0]).toBe('### Leftover todo list from an earlier request');
    expect(text).not.toContain('shown again');
  });

  it('a plan a person approved since the model saw it is shown as the plan to carry out, not a leftover', async () => {
    await hook('UserPromptSubmit', fixture('UserPromptSubmit'));
    await writePlan([{ content: 'Write the parser', status: 'pending' }]);
    await hook('PostToolUse', tool('mcp__plankeeper__todo_write'));
    await withPlanEngine(store, (engine) =>
      engine.editAsPerson(KEY, { kind: 'approve' }, { name: 'Ana' }),
    );
    await hook('SessionStart', fixture('SessionStart.resume'));
    const next = { ...fixture('UserPromptSubmit'), prompt: 'Go on.', prompt_id: 'p2' };
    const text = (await hook('UserPromptSubmit', next)).parsed?.hookSpecificOutput
      ?.additionalContext;
    expect(text?.split('\n')[0]).toBe('Approved by a person (Ana): carry out the plan.');
    expect(text).not.toContain('Leftover');
    expect(text).toContain('[ ] #1 Write the parser');
  });

  it('after /clear the new session starts with nothing shown: the old plan is not its plan', async () => {
    await writePlan([{ content: 'Write the parser', status: 'in_progress' }]);
    const cleared = fixture('SessionStart.clear');
    expect(cleared.session_id).not.toBe(SESSION);
    expect((await hook('SessionStart', cleared)).stdout).toBe('');
    const prompt = { ...fixture('UserPromptSubmit'), session_id: cleared.session_id };
    expect((await hook('UserPromptSubmit', prompt)).stdout).toBe('');
  });

  it('a plan write after PreCompact shows the list, so no restore follows it', async () => {
    await hook('UserPromptSubmit', fixture('UserPromptSubmit'));
    await writePlan([{ content: 'Write the parser', status: 'in_progress' }]);
    await hook('PreCompact', fixture('PreCompact'));
    await hook('PostToolUse', tool('mcp__plankeeper__todo_write'));
    expect((await hook('PostToolUse', tool('Read'))).stdout).toBe('');
  });

  it('without a plan write, the first tool call after PreCompact shows the plan again', async () => {
    await hook('UserPromptSubmit', fixture('UserPromptSubmit'));
    await writePlan([{ content: 'Write the parser', status: 'in_progress' }]);
    await hook('PostToolUse', tool('Read'));
    await hook('PreCompact', fixture('PreCompact'));
    const answer = await hook('PostToolUse', tool('Read'));
    expect(answer.parsed?.hookSpecificOutput?.additionalContext).toContain(
      'shown again after the conversation was compacted or resumed',
    );
  });

  it('answers in Chinese with --lang zh', async () => {
    await writePlan([{ content: 'Old work', status: 'pending' }]);
    const answer = await hook('UserPromptSubmit', fixture('UserPromptSubmit'), ['--lang', 'zh']);
    expect(answer.parsed?.hookSpecificOutput?.additionalContext).toContain(
      '之前请求遗留的待办清单',
    );
  });
});

describe('plankeeper hook: a huge prompt', () => {
  it('keeps no more of it than the goal check quotes, so later calls stay small', async () => {
    const prompt = `Migrate the database. ${'x'.repeat(20_000_000)}`;
    await hook('UserPromptSubmit', { ...fixture('UserPromptSubmit'), prompt });
    const stored = await withPlanEngine(store, (engine) => engine.turnState(KEY));
    expect(String(stored?.state.task).length).toBe(601);
    expect(JSON.stringify(stored?.state).length).toBeLessThan(2_000);
  });
});

describe('plankeeper hook: failing open', () => {
  it.each([
    ['an unreachable store', ['--store', 'redis://127.0.0.1:1'], JSON.stringify(fixture('Stop'))],
    ['input that is not JSON', [], 'not json {'],
    ['an unknown option', ['--colour', 'red'], JSON.stringify(fixture('Stop'))],
  ])('%s: one line on stderr, nothing on stdout, exit 0', async (_, extra, input) => {
    const started = Date.now();
    const result = await hook('Stop', input, extra, 1500);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^plankeeper hook: .+ \(answered neutrally\)\n$/);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('a mistyped event is named, before any input is read', async () => {
    const result = await hook('Stopp', '');
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toBe(
      'plankeeper hook: unknown event "Stopp" for claude-code (did you mean Stop?); plankeeper answers SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, PostToolUseFailure, Stop, SubagentStart, SubagentStop, PreCompact (answered neutrally)\n',
    );
  });

  it('no input on stdin says what the hook expects there', async () => {
    const result = await hook('Stop', '');
    expect(result.stderr).toBe(
      'plankeeper hook: no hook input on stdin: claude-code runs this with its hook input as JSON (answered neutrally)\n',
    );
  });

  it('an unknown agent is one line on stderr too', async () => {
    let stderr = '';
    const code = await runHook(['vim', 'Stop'], {
      stdin: ['{}'],
      stdout: { write: () => {} },
      stderr: { write: (text: string) => (stderr += text) },
      env: {},
      cwd: dir,
    });
    expect(code).toBe(0);
    expect(stderr).toContain('unknown agent "vim"');
  });
});
