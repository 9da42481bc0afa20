import { describe, expect, it } from 'vitest';
import { hookOutputOf, hostEventOf, planKeyOf } from './hook-events.js';
import type { HookInput } from './sdk-types.js';

const base = { session_id: 'sess', transcript_path: '', cwd: '/' };
const input = (fields: Record<string, unknown>) => ({ ...base, ...fields }) as HookInput;

describe('the SDK hook format', () => {
  it('keys a session by its id, a sub-agent one scope below, and a host key the same way', () => {
    const post = { hook_event_name: 'PostToolUse', tool_name: 'Read' };
    expect(planKeyOf(input(post), undefined)).toEqual({
      agent: 'claude-agent-sdk',
      session: 'sess',
    });
    expect(planKeyOf(input({ ...post, agent_id: 'a1' }), undefined)).toEqual({
      agent: 'claude-agent-sdk',
      session: 'sess',
      scope: ['a1'],
    });
    const key = { agent: 'app', session: 'user-1', scope: ['team'] };
    expect(planKeyOf(input({ ...post, agent_id: 'a1' }), key)).toEqual({
      ...key,
      scope: ['team', 'a1'],
    });
  });

  it("reads plankeeper's own tools by their MCP names, and the rest as other work", () => {
    const done = (tool_name: string, hook_event_name = 'PostToolUse') =>
      hostEventOf(input({ hook_event_name, tool_name, tool_use_id: 't' }));
    expect(done('mcp__plankeeper__todo_write')).toEqual({
      kind: 'tool-done',
      tool: 'mcp__plankeeper__todo_write',
      ok: true,
      isPlanWrite: true,
      isPlanTool: true,
    });
    expect(done('mcp__plankeeper__todo_read')).toMatchObject({
      isPlanWrite: false,
      isPlanTool: true,
    });
    expect(done('mcp__other__todo_write')).toMatchObject({ isPlanWrite: false, isPlanTool: false });
    expect(done('Read', 'PostToolUseFailure')).toMatchObject({ ok: false, isPlanTool: false });
    expect(hostEventOf(input({ hook_event_name: 'Stop', stop_hook_active: true }))).toEqual({
      kind: 'stop',
      stopHookActive: true,
      lastMessage: '',
    });
    expect(hostEventOf(input({ hook_event_name: 'Notification', message: 'hi' }))).toBeUndefined();
  });

  it('answers each kind in the form its event takes, and nothing where it takes none', () => {
    const block = { kind: 'bounce', reason: 'Not yet.' } as const;
    expect(hookOutputOf('Stop', block)).toEqual({
      hookSpecificOutput: { hookEventName: 'Stop', additionalContext: 'Not yet.' },
    });
    expect(hookOutputOf('PreToolUse', { kind: 'deny', reason: 'Held.' })).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'Held.',
      },
    });
    expect(hookOutputOf('PostToolUse', { kind: 'context', text: 'Plan.' })).toEqual({
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'Plan.' },
    });
    expect(hookOutputOf('PreCompact', { kind: 'context', text: 'Plan.' })).toEqual({});
    expect(hookOutputOf('PostToolUse', block)).toEqual({});
    // A notice lets the answer through and is said to the person, not the model.
    expect(hookOutputOf('Stop', { kind: 'notice', text: 'Check still fails.' })).toEqual({
      systemMessage: 'Check still fails.',
    });
  });
});
