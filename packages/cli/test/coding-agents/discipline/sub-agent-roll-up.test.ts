/**
 * Sub-agent roll-up through Claude Code's hooks (recorded inputs, one hook process per
 * call, a SQLite store): SubagentStart links the sub-agent to the parent's item in
 * progress; a SubagentStop that is not blocked records how it ended; the parent's next
 * tool call is told once.
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
const AGENT_ID = 'a31480ec1e6ab1cfb';
const PARENT = { agent: 'claude-code', session: SESSION };
const CHILD = { ...PARENT, scope: [AGENT_ID] };

let dir: string;
let store: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pk-hook-sub-'));
  store = `sqlite:${join(dir, 'plans.db')}`;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function hook(event: string, input: Record<string, unknown>) {
  let stdout = '';
  let stderr = '';
  const code = await runHook(['claude-code', event, '--store', store], {
    stdin: [JSON.stringify(input)],
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    cwd: dir,
  });
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  return stdout.trim() === ''
    ? undefined
    : (JSON.parse(stdout) as {
        hookSpecificOutput?: { hookEventName: string; additionalContext: string };
      });
}

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  ...fixture('PostToolUse'),
  tool_name: name,
  ...extra,
});

describe('plankeeper hook claude-code: sub-agent roll-up', () => {
  it('links the sub-agent to the item in progress and tells the parent how it ended, once', async () => {
    await hook('UserPromptSubmit', fixture('UserPromptSubmit'));
    await withPlanEngine(store, (engine) =>
      engine.write(PARENT, [
        { content: 'Check the parser', status: 'in_progress' },
        { content: 'Fix it', status: 'pending' },
      ]),
    );
    await hook('PostToolUse', tool('mcp__plankeeper__todo_write'));
    await hook('SubagentStart', fixture('SubagentStart'));
    expect(
      await withPlanEngine(store, async (engine) => (await engine.snapshot(PARENT)).items[0]),
    ).toMatchObject({
      id: '1',
      subAgent: { scope: AGENT_ID },
    });
    // The link alone changes nothing the parent's model would see: no "changed" list for it.
    expect(await hook('PostToolUse', tool('Read'))).toBeUndefined();

    // The sub-agent plans in its own scope and stops with an item open: bounced once first.
    await withPlanEngine(store, (engine) =>
      engine.write(CHILD, [
        { content: 'Read the parser', status: 'completed' },
        { content: 'Run its tests', status: 'pending' },
      ]),
    );
    await hook('PostToolUse', tool('mcp__plankeeper__todo_write', { agent_id: AGENT_ID }));
    // Refused: the reason goes back as feedback.
    expect(
      (await hook('SubagentStop', fixture('SubagentStop')))?.hookSpecificOutput?.additionalContext,
    ).toContain('Run its tests');
    expect(
      await withPlanEngine(
        store,
        async (engine) => (await engine.snapshot(PARENT)).items[0]?.subAgent,
      ),
    ).toEqual({ scope: AGENT_ID });
    // Its second stop is let go (the goal check is answered honestly): that is its end.
    const honest = {
      ...fixture('SubagentStop'),
      last_assistant_message: 'I could not run the tests.',
    };
    expect(await hook('SubagentStop', honest)).toBeUndefined();

    const told = (await hook('PostToolUse', fixture('PostToolUse.Agent')))?.hookSpecificOutput
      ?.additionalContext;
    expect(told?.split('\n')).toEqual([
      'Sub-agent on #1 stopped with 1 open (1/2 done; its open items: #2). Decide what to do with #1.',
      '### Your todo list was changed outside this conversation (another session, a person or a sub-agent); this is the list now',
      '- [>] #1 Check the parser',
      '- [ ] #2 Fix it',
    ]);
    // Told once: the next call gets no notice (only the nudge, its third round without a write).
    const after = (await hook('PostToolUse', tool('Read')))?.hookSpecificOutput?.additionalContext;
    expect(after).not.toContain('Sub-agent on #1');
    expect(after).not.toContain('changed outside');
    // Not completed for the parent: its model decides.
    expect(
      await withPlanEngine(store, async (engine) => (await engine.snapshot(PARENT)).items[0]),
    ).toMatchObject({
      status: 'in_progress',
      subAgent: { scope: AGENT_ID, ended: 'stopped' },
    });
  });

  it('links nothing when the parent has no item in progress', async () => {
    await hook('UserPromptSubmit', fixture('UserPromptSubmit'));
    await withPlanEngine(store, (engine) =>
      engine.write(PARENT, [{ content: 'Later', status: 'pending' }]),
    );
    await hook('SubagentStart', fixture('SubagentStart'));
    expect(await hook('SubagentStop', fixture('SubagentStop'))).toBeUndefined();
    const history = await withPlanEngine(store, (engine) => engine.history(PARENT));
    expect(history.some((revision) => revision.source.tool.startsWith('host:sub-agent'))).toBe(
      false,
    );
    expect(
      await withPlanEngine(
        store,
        async (engine) => (await engine.snapshot(PARENT)).items[0]?.subAgent,
      ),
    ).toBeUndefined();
  });
});
