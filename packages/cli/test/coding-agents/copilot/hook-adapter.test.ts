/**
 * Copilot CLI's hook adapter on its recorded inputs: plan keys (a sub-agent's scope under its
 * parent's session), the final answer read from the transcript, the answers it prints, and the
 * two events it answers from the input alone.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copilotAdapter, lastAnswer } from '../../../src/coding-agents/copilot/copilot-adapter.js';
import { fixture } from '../support/contract-inputs.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function transcript(lines: object[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'pk-copilot-transcript-'));
  dirs.push(dir);
  const path = join(dir, 'events.jsonl');
  writeFileSync(path, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  return path;
}

const message = (content: string, data: object = {}) => ({
  type: 'assistant.message',
  data: { content, toolRequests: [], ...data },
});

describe('copilot hook adapter', () => {
  it('keys the main agent by its session, a sub-agent by its parent’s session and its own id', () => {
    expect(copilotAdapter.parse('postToolUse', fixture('copilot', 'postToolUse'))?.key).toEqual({
      agent: 'copilot',
      session: 'ad1b91fe-ffe9-4da6-9b40-a0d96d7a5edf',
    });
    const sub = {
      ...fixture('copilot', 'postToolUse'),
      sessionId: 'sub-1',
      agentId: 'sub-1',
      parentAgentId: 'main-1',
    };
    expect(copilotAdapter.parse('postToolUse', sub)?.key).toEqual({
      agent: 'copilot',
      session: 'main-1',
      scope: ['sub-1'],
    });
    expect(copilotAdapter.parse('subagentStop', fixture('copilot', 'subagentStop'))).toEqual({
      key: {
        agent: 'copilot',
        session: '4a993987-6a35-4520-867f-bae7221f272e',
        scope: ['f3fbf985-6372-4f8b-a51a-6fed58640647'],
      },
      event: { kind: 'subagent-stop', stopHookActive: false, lastMessage: 'SUB DONE' },
    });
    // A sub-agent's own agentStop is left to the parent's subagentStop.
    expect(copilotAdapter.parse('agentStop', { ...sub, stop_hook_active: false })).toBeUndefined();
  });

  it('reads the final answer from the transcript: the main agent’s last message with text', () => {
    const path = transcript([
      message('Draft one.'),
      message('', { toolRequests: [{ name: 'view' }] }),
      message('The answer.'),
      message('A sub-agent’s words.', { parentToolCallId: 'call_2' }),
      { type: 'assistant.turn_end', data: {} },
    ]);
    expect(lastAnswer(path)).toBe('The answer.');
    const stop = copilotAdapter.parse('agentStop', {
      ...fixture('copilot', 'agentStop'),
      transcriptPath: path,
    });
    expect(stop?.event).toEqual({
      kind: 'stop',
      stopHookActive: false,
      lastMessage: 'The answer.',
    });
    expect(lastAnswer(join(tmpdir(), 'no-such-transcript.jsonl'))).toBe('');
    expect(lastAnswer(undefined)).toBe('');
  });

  it('approves plankeeper’s own tools only, and adds a sub-agent’s id to its plankeeper calls only', () => {
    const permission = fixture('copilot', 'permissionRequest');
    expect(copilotAdapter.direct?.('permissionRequest', permission)).toBe('{"behavior":"allow"}');
    expect(copilotAdapter.direct?.('permissionRequest', { ...permission, toolName: 'bash' })).toBe(
      '',
    );
    const call = fixture('copilot', 'preMcpToolCall');
    expect(
      JSON.parse(
        copilotAdapter.direct?.('preMcpToolCall', { ...call, _meta: { progressToken: 2 } }) ?? '',
      ),
    ).toEqual({
      metaToUse: { progressToken: 2, 'plankeeper/agentId': 'f3fbf985-6372-4f8b-a51a-6fed58640647' },
    });
    expect(copilotAdapter.direct?.('preMcpToolCall', { ...call, serverName: 'other' })).toBe('');
    const { agentId: _, parentAgentId: __, ...mainCall } = call;
    expect(copilotAdapter.direct?.('preMcpToolCall', mainCall)).toBe('');
    expect(copilotAdapter.direct?.('agentStop', fixture('copilot', 'agentStop'))).toBeUndefined();
  });

  it('answers in Copilot’s flat form', () => {
    expect(copilotAdapter.format('postToolUse', { kind: 'context', text: 'T' })).toBe(
      '{"additionalContext":"T"}',
    );
    expect(copilotAdapter.format('agentStop', { kind: 'block', reason: 'R' })).toBe(
      '{"decision":"block","reason":"R"}',
    );
    expect(copilotAdapter.format('agentStop', { kind: 'context', text: 'T' })).toBe('');
    expect(copilotAdapter.format('sessionStart', { kind: 'none' })).toBe('');
  });
});
