/**
 * The Gemini CLI hook adapter over the recorded hook inputs (fixtures/): its own event names
 * as neutral events, and `{}` as the neutral answer (an empty stdout would make the CLI read
 * stderr instead).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { geminiAdapter } from '../../../src/coding-agents/gemini/gemini-adapter.js';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
const key = { agent: 'gemini', session: '11111111-1111-4111-8111-111111111111' };

describe('Gemini adapter: parse', () => {
  it.each([
    ['SessionStart', 'SessionStart.resume', { kind: 'session-start', source: 'resume' }],
    ['BeforeAgent', 'BeforeAgent', { kind: 'prompt', text: fixture('BeforeAgent').prompt }],
    [
      'AfterTool',
      'AfterTool',
      {
        kind: 'tool-done',
        tool: 'mcp_plankeeper_todo_write',
        ok: true,
        isPlanWrite: true,
        isPlanTool: true,
      },
    ],
    [
      'AfterTool',
      'AfterTool.builtin',
      { kind: 'tool-done', tool: 'read_file', ok: true, isPlanWrite: false, isPlanTool: false },
    ],
    [
      'AfterAgent',
      'AfterAgent',
      { kind: 'stop', stopHookActive: false, lastMessage: 'The README is read.  is read.' },
    ],
  ])('%s (%s.json)', (event, name, expected) => {
    expect(geminiAdapter.parse(event, fixture(name))).toEqual({ key, event: expected });
  });

  it('a tool response with an error is a failed call', () => {
    const failed = { ...fixture('AfterTool'), tool_response: { llmContent: '', error: 'x' } };
    expect(geminiAdapter.parse('AfterTool', failed)?.event).toMatchObject({ ok: false });
  });

  it('PreCompress auto (before every model turn) is ignored; manual (/compress) is a compaction', () => {
    expect(geminiAdapter.parse('PreCompress', fixture('PreCompress'))).toBeUndefined();
    const manual = { ...fixture('PreCompress'), trigger: 'manual' };
    expect(geminiAdapter.parse('PreCompress', manual)?.event).toEqual({ kind: 'pre-compact' });
  });
});

describe('Gemini adapter: format', () => {
  it('{} for nothing, context as hookSpecificOutput, a block on AfterAgent only', () => {
    expect(geminiAdapter.format('AfterTool', { kind: 'none' })).toBe('{}');
    expect(JSON.parse(geminiAdapter.format('AfterTool', { kind: 'context', text: 'T' }))).toEqual({
      hookSpecificOutput: { hookEventName: 'AfterTool', additionalContext: 'T' },
    });
    expect(JSON.parse(geminiAdapter.format('AfterAgent', { kind: 'bounce', reason: 'R' }))).toEqual(
      {
        decision: 'block',
        reason: 'R',
      },
    );
    expect(geminiAdapter.format('BeforeAgent', { kind: 'bounce', reason: 'R' })).toBe('{}');
  });
});
