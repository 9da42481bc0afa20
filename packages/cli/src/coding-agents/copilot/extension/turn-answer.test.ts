import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copilotAdapter } from '../copilot-adapter.js';
import { extensionHooks } from './plankeeper-extension.js';
import { ANSWER_FIELD, TurnAnswer } from './turn-answer.js';

const message = (content: string, parentToolCallId?: string) => ({
  type: 'assistant.message',
  data: { content, ...(parentToolCallId && { parentToolCallId }) },
});
const turnStart = { type: 'assistant.turn_start', data: {} };

describe('the turn’s answer, from the session’s events', () => {
  it('is the main agent’s last message of the turn, forgotten when the next turn starts', () => {
    const turn = new TurnAnswer();
    expect(turn.withAnswer({ a: 1 })).toEqual({ a: 1 });
    turn.seen(turnStart);
    turn.seen(message('All done.'));
    turn.seen(message('SUB DONE', 'call-1'));
    expect(turn.withAnswer({ a: 1 })).toEqual({ a: 1, [ANSWER_FIELD]: 'All done.' });
    turn.seen(turnStart);
    expect(turn.withAnswer({ a: 1 })).toEqual({ a: 1 });
    turn.seen(message(''));
    expect(turn.withAnswer({ a: 1 })).toEqual({ a: 1 });
  });

  it('goes with the stop only, and the hook reads it without waiting for the transcript', async () => {
    const turn = new TurnAnswer();
    turn.seen(message('I could not test it.'));
    const asked: [string, Record<string, unknown>][] = [];
    const hooks = extensionHooks(
      ['agentStop', 'postToolUse'],
      async (event, input) => {
        asked.push([event, input as Record<string, unknown>]);
        return {};
      },
      turn,
    );
    await hooks.onPostToolUse?.({ toolName: 'view' });
    await hooks.onAgentStop?.({ sessionId: 's1', transcriptPath: '/none' });
    expect(asked[0]![1]).not.toHaveProperty(ANSWER_FIELD);
    const stop = asked[1]![1];
    expect(stop[ANSWER_FIELD]).toBe('I could not test it.');

    // A transcript behind its events: the hook would wait for the turn's end; with the
    // answer given it does not, and reads that answer.
    const dir = mkdtempSync(join(tmpdir(), 'plankeeper-turn-'));
    try {
      const transcript = join(dir, 'events.jsonl');
      writeFileSync(transcript, `${JSON.stringify({ type: 'tool.execution_start', data: {} })}\n`);
      const input = { ...stop, transcriptPath: transcript };
      const started = Date.now();
      await copilotAdapter.settle!('agentStop', input);
      expect(Date.now() - started).toBeLessThan(500);
      const parsed = copilotAdapter.parse('agentStop', input);
      expect(parsed?.event).toMatchObject({ kind: 'stop', lastMessage: 'I could not test it.' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
