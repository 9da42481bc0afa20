/**
 * The Claude Code hook adapter over the recorded hook inputs (fixtures/): the neutral event
 * and plan key of each, and the exact stdout of each answer.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { claudeCodeAdapter } from '../../../src/coding-agents/claude-code/claude-code-adapter.js';
import {
  TOOL_USE_RECORD_TTL_MS,
  toolUseRecordKey,
} from '../../../src/coding-agents/claude-code/tool-use-keys.js';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
const SESSION = '487a3458-47e5-424b-9467-f9bcde48e9ab';
const main = { agent: 'claude-code', session: SESSION };

describe('Claude Code adapter: parse', () => {
  it.each([
    ['SessionStart', 'SessionStart', { kind: 'session-start', source: 'startup' }],
    ['SessionStart', 'SessionStart.compact', { kind: 'session-start', source: 'compact' }],
    ['SessionStart', 'SessionStart.resume', { kind: 'session-start', source: 'resume' }],
    [
      'UserPromptSubmit',
      'UserPromptSubmit',
      {
        kind: 'prompt',
        text: 'Plan the parser work, then do it.',
        turn: '6536baa6-06d1-426b-a8c3-e5d01bdae4a6',
      },
    ],
    [
      'PostToolUse',
      'PostToolUse',
      {
        kind: 'tool-done',
        tool: 'mcp__plankeeper__todo_write',
        ok: true,
        isPlanWrite: true,
        isPlanTool: true,
      },
    ],
    [
      'PostToolUseFailure',
      'PostToolUseFailure.mcp',
      {
        kind: 'tool-done',
        tool: 'mcp__plankeeper__todos_complete',
        ok: false,
        isPlanWrite: true,
        isPlanTool: true,
      },
    ],
    ['Stop', 'Stop', { kind: 'stop', stopHookActive: false, lastMessage: 'First stop.' }],
    [
      'Stop',
      'Stop.after-block',
      {
        kind: 'stop',
        stopHookActive: true,
        lastMessage: 'Second stop, after the hook blocked the first.',
      },
    ],
    ['PreCompact', 'PreCompact', { kind: 'pre-compact' }],
  ])('%s (%s.json) in the main session', (event, name, expected) => {
    expect(claudeCodeAdapter.parse(event, fixture(name))).toEqual({ key: main, event: expected });
  });

  it('a Read is not a plan write; a todo_read is not one either, but is a plan tool', () => {
    const read = { ...fixture('PostToolUse'), tool_name: 'Read' };
    expect(claudeCodeAdapter.parse('PostToolUse', read)?.event).toMatchObject({
      isPlanWrite: false,
      isPlanTool: false,
    });
    const todoRead = { ...fixture('PostToolUse'), tool_name: 'mcp__plankeeper__todo_read' };
    expect(claudeCodeAdapter.parse('PostToolUse', todoRead)?.event).toMatchObject({
      isPlanWrite: false,
      isPlanTool: true,
    });
  });

  it('sub-agent events are keyed to the scope [agent_id]', () => {
    const scoped = { ...main, scope: ['a31480ec1e6ab1cfb'] };
    expect(claudeCodeAdapter.parse('SubagentStart', fixture('SubagentStart'))).toEqual({
      key: scoped,
      event: { kind: 'subagent-start', agentId: 'a31480ec1e6ab1cfb' },
    });
    expect(claudeCodeAdapter.parse('SubagentStop', fixture('SubagentStop'))?.key).toEqual(scoped);
    const toolInSubagent = { ...fixture('PreToolUse.subagent'), hook_event_name: 'PostToolUse' };
    expect(claudeCodeAdapter.parse('PostToolUse', toolInSubagent)?.key).toEqual(scoped);
  });

  it('ignores events it has no part in, and refuses an input without a session', () => {
    expect(claudeCodeAdapter.parse('SessionEnd', fixture('SessionEnd'))).toBeUndefined();
    expect(() => claudeCodeAdapter.parse('Stop', {})).toThrow(/session_id/);
  });
});

describe('Claude Code adapter: PreToolUse records the plan key of the tool use', () => {
  it('in the main session: the session, no scope, expiring; a plan tool about to run', () => {
    const input = fixture('PreToolUse');
    // The event only matters with --approval, and plankeeper's own tools are never held.
    expect(claudeCodeAdapter.parse('PreToolUse', input)?.event).toEqual({
      kind: 'tool-start',
      tool: 'mcp__plankeeper__todo_write',
      isPlanTool: true,
    });
    expect(claudeCodeAdapter.record?.('PreToolUse', input)).toEqual({
      key: toolUseRecordKey('toolu_2025aa5d_001'),
      state: { session: SESSION },
      ttlMs: TOOL_USE_RECORD_TTL_MS,
    });
  });

  it('in a sub-agent: the scope [agent_id]', () => {
    expect(claudeCodeAdapter.record?.('PreToolUse', fixture('PreToolUse.subagent'))).toMatchObject({
      key: { agent: 'claude-code', session: 'tool-use:toolu_2025aa5d_005' },
      state: { session: SESSION, scope: ['a31480ec1e6ab1cfb'] },
    });
  });

  it('nothing for another tool (PreToolUse runs for every tool with --approval)', () => {
    const bash = { ...fixture('PreToolUse'), tool_name: 'Bash', tool_input: { command: 'ls' } };
    expect(claudeCodeAdapter.record?.('PreToolUse', bash)).toBeUndefined();
    expect(claudeCodeAdapter.parse('PreToolUse', bash)?.event).toEqual({
      kind: 'tool-start',
      tool: 'Bash',
      isPlanTool: false,
    });
  });

  it('nothing for other events, or without a tool_use_id', () => {
    expect(claudeCodeAdapter.record?.('PostToolUse', fixture('PostToolUse'))).toBeUndefined();
    const { tool_use_id: _, ...input } = fixture('PreToolUse');
    expect(claudeCodeAdapter.record?.('PreToolUse', input)).toBeUndefined();
  });

  it('the record expires within the hour', () => {
    expect(TOOL_USE_RECORD_TTL_MS).toBeLessThanOrEqual(60 * 60_000);
  });
});

describe('Claude Code adapter: format', () => {
  it('context as hookSpecificOutput.additionalContext of the same event', () => {
    expect(
      JSON.parse(claudeCodeAdapter.format('PostToolUse', { kind: 'context', text: 'T' })),
    ).toEqual({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'T' } });
  });
  it('a refused stop as the Stop event’s additionalContext (feedback, said once) on Stop and SubagentStop only', () => {
    expect(JSON.parse(claudeCodeAdapter.format('Stop', { kind: 'bounce', reason: 'R' }))).toEqual({
      hookSpecificOutput: { hookEventName: 'Stop', additionalContext: 'R' },
    });
    expect(
      JSON.parse(claudeCodeAdapter.format('SubagentStop', { kind: 'bounce', reason: 'R' })),
    ).toEqual({ hookSpecificOutput: { hookEventName: 'SubagentStop', additionalContext: 'R' } });
    expect(claudeCodeAdapter.format('PostToolUse', { kind: 'bounce', reason: 'R' })).toBe('');
  });
  it('nothing as an empty stdout, and no context where Claude Code takes none', () => {
    expect(claudeCodeAdapter.format('Stop', { kind: 'none' })).toBe('');
    expect(claudeCodeAdapter.format('PreCompact', { kind: 'context', text: 'T' })).toBe('');
  });
});
