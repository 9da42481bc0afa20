/**
 * The Codex hook adapter over the recorded hook inputs (fixtures/): neutral events and plan
 * keys, and an output that holds exactly the fields of Codex's schema (an unknown one makes
 * Codex ignore the whole answer).
 */
import { describe, expect, it } from 'vitest';
import { codexAdapter } from '../../../src/coding-agents/codex/codex-adapter.js';
import { readFixture } from './support/hook-inputs.js';

const main = { agent: 'codex', session: '01a231f5-88fb-7d51-bcd3-e8fb22bf9be9' };

describe('Codex adapter: parse', () => {
  it('SessionStart sources, prompt with its turn id, Stop', () => {
    expect(codexAdapter.parse('SessionStart', readFixture('SessionStart.resume'))).toEqual({
      key: main,
      event: { kind: 'session-start', source: 'resume' },
    });
    const prompt = readFixture('UserPromptSubmit');
    expect(codexAdapter.parse('UserPromptSubmit', prompt)?.event).toEqual({
      kind: 'prompt',
      text: prompt.prompt,
      turn: prompt.turn_id,
    });
    const stop = readFixture('Stop.stop_hook_active');
    expect(codexAdapter.parse('Stop', stop)?.event).toEqual({
      kind: 'stop',
      stopHookActive: true,
      lastMessage: stop.last_assistant_message,
    });
  });

  it('PostToolUse: a plan write by its MCP name, a failure by isError', () => {
    const input = readFixture('PostToolUse');
    expect(codexAdapter.parse('PostToolUse', input)?.event).toEqual({
      kind: 'tool-done',
      tool: 'mcp__standin__echo',
      ok: true,
      isPlanWrite: false,
      isPlanTool: false,
    });
    const failedWrite = {
      ...input,
      tool_name: 'mcp__plankeeper__todo_write',
      tool_response: { content: [], isError: true },
    };
    expect(codexAdapter.parse('PostToolUse', failedWrite)?.event).toMatchObject({
      ok: false,
      isPlanWrite: true,
    });
  });

  it('a sub-agent’s events are keyed to the scope [agent_id]', () => {
    const input = readFixture('PostToolUse.subagent');
    expect(codexAdapter.parse('PostToolUse', input)?.key).toEqual({
      agent: 'codex',
      session: input.session_id,
      scope: [input.agent_id],
    });
    const stop = readFixture('SubagentStop');
    expect(codexAdapter.parse('SubagentStop', stop)).toEqual({
      key: { agent: 'codex', session: stop.session_id, scope: [stop.agent_id] },
      event: { kind: 'subagent-stop', stopHookActive: false, lastMessage: 'Sub-agent finished.' },
    });
    expect(codexAdapter.parse('SessionEnd', readFixture('SessionEnd'))).toBeUndefined();
  });
});

describe('Codex adapter: format', () => {
  it('exactly the schema’s fields', () => {
    expect(
      JSON.parse(codexAdapter.format('UserPromptSubmit', { kind: 'context', text: 'T' })),
    ).toEqual({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'T' },
    });
    expect(JSON.parse(codexAdapter.format('Stop', { kind: 'bounce', reason: 'R' }))).toEqual({
      decision: 'block',
      reason: 'R',
    });
    expect(codexAdapter.format('Stop', { kind: 'none' })).toBe('');
    expect(codexAdapter.format('PreCompact', { kind: 'context', text: 'T' })).toBe('');
  });
});
