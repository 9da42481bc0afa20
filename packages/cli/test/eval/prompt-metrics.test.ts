import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { ChatMessage } from 'plankeeper';
import { Agent, getLocale } from 'plankeeper';
import { ScriptedModel } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { lookup, lookupTool, write } from '../../../plankeeper/test/support/lookup-tool.js';
import {
  cacheablePrefixTokens,
  findHistoryChange,
  inputTokens,
  measureCalls,
  planTextOf,
  planTokens,
  serializeMessage,
  serializeMessages,
  tokenCount,
} from '../../src/eval/prompt-metrics.js';

const en = getLocale('en');

const system: ChatMessage = { role: 'system', content: 'You keep a plan.' };
const task: ChatMessage = { role: 'user', content: 'Ship the release.' };
const call: ChatMessage = {
  role: 'assistant',
  content: '',
  toolCalls: [{ id: 'c1', name: 'lookup', arguments: { query: 'notes' } }],
};
const result: ChatMessage = {
  role: 'tool',
  toolCallId: 'c1',
  name: 'lookup',
  content: 'Found.',
  ok: true,
};
const section: ChatMessage = {
  role: 'user',
  content: '### Current todo list (0/1 completed)\n- [>] #1 Ship',
  injected: 'plan',
};

describe('serialization and token counts', () => {
  it('lays out each message as a role line and its content, tool calls as arrows', () => {
    expect(serializeMessages([system, task, call, result])).toBe(
      '[system]\nYou keep a plan.\n[user]\nShip the release.\n[assistant]\n→ lookup {"query":"notes"}\n[tool lookup]\nFound.\n',
    );
    expect(serializeMessage({ role: 'assistant', content: 'Done.' })).toBe('[assistant]\nDone.\n');
    expect(serializeMessage(section)).toBe(`[user]\n${section.content}\n`);
  });

  it('counts o200k tokens of the serialized input', () => {
    const messages = [system, task, call, result];
    expect(inputTokens(messages)).toBe(countTokens(serializeMessages(messages)));
    expect(tokenCount('')).toBe(0);
    expect(tokenCount('hello world')).toBe(2);
  });
});

describe('cacheablePrefixTokens', () => {
  it('is the whole previous input when the new input only appends to it', () => {
    const previous = [system, task];
    expect(cacheablePrefixTokens(previous, [...previous, call, result])).toBe(
      inputTokens(previous),
    );
  });

  it('stops where the inputs first differ', () => {
    const previous = [system, task, section];
    const current = [system, task, call, result];
    // The transient section is not part of the next call, so only system and task are shared.
    const shared = cacheablePrefixTokens(previous, current);
    expect(shared).toBeGreaterThanOrEqual(inputTokens([system, task]));
    expect(shared).toBeLessThan(inputTokens([system, task, call]));
    const rewritten = [{ ...system, content: 'You keep two plans.' }, task, call];
    expect(cacheablePrefixTokens(previous, rewritten)).toBeLessThan(inputTokens([system]));
  });
});

describe('findHistoryChange', () => {
  it('accepts appends and a trailing transient plan section that disappears', () => {
    expect(findHistoryChange([system, task], [system, task, call])).toBeUndefined();
    expect(
      findHistoryChange([system, task, section], [system, task, call, result]),
    ).toBeUndefined();
  });

  it('reports the first earlier message that changed or vanished', () => {
    const changed = findHistoryChange(
      [system, task, call, result],
      [system, task, call, { ...result, content: 'Found, edited.' }],
    );
    expect(changed).toMatchObject({ index: 3, before: result });
    // A plan section that is not the last message is history, and must stay.
    expect(findHistoryChange([system, section, task], [system, task])).toMatchObject({
      index: 1,
    });
    expect(findHistoryChange([system, task], [system])).toMatchObject({
      index: 1,
      after: undefined,
    });
    // A kept section at the end of one call must reappear unchanged in the next.
    const kept = { ...section, content: `${section.content} (kept)` };
    expect(
      findHistoryChange([system, task, section], [system, task, section, call]),
    ).toBeUndefined();
    expect(findHistoryChange([system, task, section], [system, task, kept, call])).toMatchObject({
      index: 2,
    });
  });
});

describe('plan text', () => {
  it('finds plan sections and rendered lists in plan tool results, nothing else', () => {
    expect(planTextOf(section, en)).toBe(section.content);
    const echoed: ChatMessage = {
      role: 'tool',
      toolCallId: 'c2',
      name: 'todo_write',
      content:
        'Todo list updated (0/1 completed).\n### Current todo list (0/1 completed)\n- [>] #1 Ship',
      ok: true,
    };
    expect(planTextOf(echoed, en)).toBe('### Current todo list (0/1 completed)\n- [>] #1 Ship');
    const terse: ChatMessage = { ...echoed, content: 'Todo list updated (0/1 completed).' };
    expect(planTextOf(terse, en)).toBeUndefined();
    const other: ChatMessage = { ...result, content: '### Current todo list lookalike' };
    expect(planTextOf(other, en)).toBeUndefined();
    const reminder: ChatMessage = {
      role: 'user',
      content: '<reminder>x</reminder>',
      injected: 'reminder',
    };
    expect(planTextOf(reminder, en)).toBeUndefined();
    expect(planTokens([system, section, echoed, terse, reminder], en)).toBe(
      tokenCount(section.content) +
        tokenCount('### Current todo list (0/1 completed)\n- [>] #1 Ship'),
    );
  });
});

describe('measureCalls on a real agent run', () => {
  async function run(planning: ConstructorParameters<typeof Agent>[0]['planning']) {
    const model = new ScriptedModel([
      write(['Search', 'in_progress'], ['Answer', 'pending']),
      lookup(),
      lookup(),
      write(['Search', 'completed'], ['Answer', 'in_progress']),
      { final: 'Done.' },
      { final: 'Done, checked.' },
      { final: 'Done, checked again.' },
    ]);
    const agent = new Agent({ model, tools: [lookupTool], planning });
    return agent.run('Find it and answer.');
  }

  it('sums input and plan tokens over calls and finds the history append-only', async () => {
    const result = await run(true);
    const metrics = measureCalls(result.calls, en);
    expect(metrics.calls).toBe(result.calls.length);
    expect(metrics.inputTokens).toBe(
      result.calls.reduce((sum, messages) => sum + inputTokens(messages), 0),
    );
    // The first call has no plan yet; every later one ends with the tail section.
    expect(planTokens(result.calls[0]!, en)).toBe(0);
    const sections = result.calls.slice(1).map((messages) => messages.at(-1)!);
    expect(
      sections.every((message) => message.role === 'user' && message.injected === 'plan'),
    ).toBe(true);
    expect(metrics.planTokens).toBe(
      sections.reduce((sum, message) => sum + tokenCount(message.content), 0),
    );
    expect(metrics.historyChanges).toBe(0);
    expect(metrics.firstHistoryChange).toBeUndefined();
    expect(metrics.cacheableShare).toBeGreaterThan(0.5);
    expect(metrics.cacheableShare).toBeLessThan(1);
  });

  it('counts echoed lists when injection is off, and no plan text with echo off too', async () => {
    const echo = measureCalls((await run({ injection: false })).calls, en);
    const none = measureCalls((await run({ injection: false, echoPlan: false })).calls, en);
    expect(echo.planTokens).toBeGreaterThan(0);
    expect(none.planTokens).toBe(0);
  });

  it('notices when a call rewrote an earlier message', async () => {
    const { calls } = await run(true);
    const tampered = calls.map((messages, index) =>
      index === 3
        ? messages.map((message, at) => (at === 1 ? { ...message, content: 'Changed.' } : message))
        : messages,
    );
    const metrics = measureCalls(tampered, en);
    // Call 4 differs from call 3, and call 5 (untouched) differs from call 4.
    expect(metrics.historyChanges).toBe(2);
    expect(metrics.firstHistoryChange).toMatchObject({ call: 4, index: 1 });
  });
});
