/**
 * The real Claude Code CLI in a project set up by `plankeeper setup claude-code`: the
 * scripted model calls plankeeper's todo_write with no permission prompt (none denied in -p,
 * where a prompt would be a denial) and reads plankeeper's plan text; it stops with an open
 * item and its next request carries plankeeper's finish check, once. The hooks run through the
 * real `plankeeper hook` (support/test-bin/plankeeper.js).
 */
import { describe, expect, it } from 'vitest';
import { seenText } from '../claude-code/support/scripted-anthropic-server.js';
import { hookEvents, TEST_BIN } from './support/bin.js';
import {
  runWithHookLog,
  SMOKE_SCRIPT,
  startClaudeCode,
} from './support/claude-code-after-setup.js';
import {
  finishCheckReason,
  HONEST_ANSWER,
  IN_PROGRESS_LINE,
  occurrences,
} from './support/expected-answers.js';
import { setUpForRealCli } from './support/project.js';

describe('Claude Code after plankeeper setup claude-code (real CLI)', () => {
  it('gives the model plankeeper’s plan text for todo_write, and the finish check once, as feedback, when it stops with open items', async () => {
    // The sandbox trusts the project, as the setup report tells the person to.
    const { server, sandbox } = await startClaudeCode(SMOKE_SCRIPT);
    setUpForRealCli('claude-code', sandbox);
    const { run, log, why } = await runWithHookLog(sandbox, server, 'Write and test the parser.');
    expect(run.timedOut, why).toBe(false);
    expect(run.code, why).toBe(0);
    expect(run.result?.is_error, why).toBe(false);
    expect(run.result?.permission_denials, why).toEqual([]);
    expect(server.blockedRequests).toEqual([]);
    expect(server.overruns, why).toBe(0);
    const main = server.ofKind('main');
    expect(main, why).toHaveLength(3);

    // alwaysLoad: the first request offers plankeeper's tools with their schemas, not behind
    // ToolSearch.
    const offered = (main[0]!.body.tools ?? []) as Array<{ name: string; input_schema?: unknown }>;
    const todoWrite = offered.find((tool) => tool.name === 'mcp__plankeeper__todo_write');
    expect(todoWrite, offered.map((tool) => tool.name).join(', ')).toBeDefined();
    expect(JSON.stringify(todoWrite?.input_schema)).toContain('"todos"');
    expect(
      offered.filter((tool) => tool.name.startsWith('mcp__plankeeper__')).length,
    ).toBeGreaterThanOrEqual(7);

    const result = server.toolResult(server.steps[0]!.toolCalls[0]!.id);
    expect(result?.isError, why).toBe(false);
    expect(result?.text, why).toContain(IN_PROGRESS_LINE);

    // The refused stop reaches the model once, as feedback: not a second time in a system
    // message "Stop hook blocking error from command: "<node> <bin> hook …": <reason>" (what
    // `{"decision": "block"}` gave), so no error label and no path of this machine.
    const reason = finishCheckReason();
    const next = seenText(main[2]!);
    expect(occurrences(next, reason), next).toBe(1);
    expect(next).not.toContain('blocking error');
    expect(next).not.toContain(TEST_BIN);
    expect(seenText(main[1]!)).not.toContain('Your todo list still has open items');
    expect(run.result?.result).toBe(HONEST_ANSWER);
    // PreToolUse runs for plankeeper's own tools: it records which plan each call is for.
    expect(hookEvents(log), why).toEqual(
      expect.arrayContaining(
        ['UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'].map(
          (event) => `hook claude-code ${event}`,
        ),
      ),
    );
    // A new session has no plan to restore: no SessionStart process (its matcher).
    expect(hookEvents(log), why).not.toContain('hook claude-code SessionStart');
  }, 90_000);
});
