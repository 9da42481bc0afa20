/**
 * `plankeeper hook copilot <event>` on Copilot CLI's recorded inputs, through the bin: the two
 * events answered from the input alone (approving plankeeper's tools, a sub-agent's id in its
 * calls' `_meta`), a sub-agent's hooks keyed under its parent's session, and the final answer
 * read from the session's transcript for the goal check.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getLocale } from 'plankeeper/harness';
import { afterAll, describe, expect, it } from 'vitest';
import { withPlanEngine } from '../../support/seeded-store.js';
import { fixture } from '../support/contract-inputs.js';

const BIN = fileURLToPath(new URL('../../../../../bin/plankeeper.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pk-copilot-hook-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const store = `sqlite:${join(dir, 'plans.db')}`;

function hook(event: string, input: Record<string, unknown>): string {
  const run = spawnSync(process.execPath, [BIN, 'hook', 'copilot', event, '--store', store], {
    input: JSON.stringify(input),
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  expect(run.stderr).toBe('');
  return run.stdout.trim();
}

function transcript(lastMessage: string): string {
  const path = join(dir, `events-${Math.random().toString(36).slice(2)}.jsonl`);
  const lines = [
    { type: 'assistant.message', data: { content: 'A draft.', toolRequests: [] } },
    { type: 'assistant.message', data: { content: '', toolRequests: [{ name: 'view' }] } },
    { type: 'assistant.message', data: { content: lastMessage, toolRequests: [] } },
    // A sub-agent's message, later in the file: not the main agent's answer.
    { type: 'assistant.message', data: { content: 'Sub-task done.', parentToolCallId: 'c2' } },
    { type: 'assistant.turn_end', data: {} },
  ];
  writeFileSync(path, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  return path;
}

describe('plankeeper hook copilot', () => {
  it('approves plankeeper’s own tools only', () => {
    const permission = fixture('copilot', 'permissionRequest');
    expect(hook('permissionRequest', permission)).toBe('{"behavior":"allow"}');
    expect(hook('permissionRequest', { ...permission, toolName: 'shell' })).toBe('');
  });

  it('adds a sub-agent’s id to its plankeeper calls only, keeping their _meta', () => {
    const call: Record<string, unknown> = {
      ...fixture('copilot', 'preMcpToolCall'),
      _meta: { progressToken: 2 },
    };
    expect(JSON.parse(hook('preMcpToolCall', call))).toEqual({
      metaToUse: { progressToken: 2, 'plankeeper/agentId': call.agentId },
    });
    expect(hook('preMcpToolCall', { ...call, serverName: 'other' })).toBe('');
    const { agentId: _, parentAgentId: __, ...mainCall } = call;
    expect(hook('preMcpToolCall', mainCall)).toBe('');
  });

  it('keys a sub-agent’s hooks under its parent’s session, in its own scope', async () => {
    const sub = {
      ...fixture('copilot', 'userPromptSubmitted'),
      sessionId: 'sub-1',
      agentId: 'sub-1',
      parentAgentId: 'main-1',
    };
    hook('userPromptSubmitted', sub);
    const records = await withPlanEngine(store, async (engine) => [
      await engine.turnState({ agent: 'copilot', session: 'main-1', scope: ['sub-1'] }),
      await engine.turnState({ agent: 'copilot', session: 'sub-1' }),
    ]);
    expect(records[0]).toBeDefined();
    expect(records[1]).toBeUndefined();
  });

  it('reads the main agent’s last answer from the transcript: an honest partial passes the goal check', () => {
    const goal = getLocale('en').harness.goalCheck('Write the parser.');
    const stopWith = (session: string, answer: string) => {
      const base = { ...fixture('copilot', 'userPromptSubmitted'), sessionId: session };
      hook('userPromptSubmitted', { ...base, prompt: 'Write the parser.' });
      hook('postToolUse', {
        ...base,
        toolName: 'plankeeper-todo_read',
        toolArgs: {},
        toolResult: { resultType: 'success', textResultForLlm: 'No todos.' },
      });
      return hook('agentStop', {
        ...fixture('copilot', 'agentStop'),
        sessionId: session,
        transcriptPath: transcript(answer),
      });
    };
    expect(JSON.parse(stopWith('s-done', 'Done.'))).toEqual({ decision: 'block', reason: goal });
    expect(
      stopWith('s-partial', 'I could not test the parser: there is no test runner here.'),
    ).toBe('');
  });
});
