/**
 * Every text the hooks give a model, in English and Chinese, as the model reads it: the
 * leftover plan on a new prompt, a plan changed by someone else, the plan shown again after
 * compaction, the nudge, the finish check and the goal check.
 */
import { getLocale, LOCALE_IDS, type PlanSnapshot, type TodoItem } from 'plankeeper';
import { decide, type HostAnswer, readTurnRecord } from 'plankeeper/rules';
import { describe, expect, it } from 'vitest';

const items: TodoItem[] = [
  { id: '1', content: 'Write the parser', status: 'completed' },
  { id: '2', content: 'Test the parser', status: 'in_progress' },
  { id: '3', content: 'Document it', status: 'pending' },
];
const snapshot: PlanSnapshot = { items, version: 4, nextId: 4, updatedAt: 0, turn: undefined };
const inTurn = readTurnRecord({
  turn: 't1',
  task: 'Write, test and document the parser.',
  shownVersion: 4,
  wroteThisTurn: true,
});

const textOf = (answer: HostAnswer) =>
  answer.kind === 'context' ? answer.text : answer.kind === 'bounce' ? answer.reason : '(nothing)';

describe.each(LOCALE_IDS)('hook texts (%s)', (id) => {
  const options = { locale: getLocale(id), now: 0 };
  const say = (...args: Parameters<typeof decide>) => textOf(decide(...args).answer);

  it('leftover plan on a new prompt', () => {
    expect(
      say({ kind: 'prompt', text: 'Next question', turn: 't2' }, snapshot, inTurn, options),
    ).toMatchSnapshot();
  });
  it('a plan changed by someone else', () => {
    const changed = { ...snapshot, version: 5 };
    expect(
      say(
        { kind: 'tool-done', tool: 'Read', ok: true, isPlanWrite: false },
        changed,
        inTurn,
        options,
      ),
    ).toMatchSnapshot();
  });
  it('a plan changed by a person: who and what, before the list', () => {
    const changed = { ...snapshot, version: 6 };
    const person = (version: number, edit: object, name?: string) => ({
      version,
      at: 0,
      record: null,
      source: {
        tool: 'person:x',
        by: 'person' as const,
        ...(name && { name }),
        edit: edit as never,
      },
    });
    const recent = [
      // Already shown (version 4): not told again.
      person(4, { kind: 'edit', id: '1' }, 'Ana'),
      person(5, { kind: 'cancel', id: '3', reason: 'not needed' }, 'Ana'),
      { version: 6, at: 0, record: null, source: { tool: 'todos_add' } },
    ];
    expect(
      say(
        { kind: 'tool-done', tool: 'Read', ok: true, isPlanWrite: false },
        changed,
        inTurn,
        options,
        recent,
      ),
    ).toMatchSnapshot();
  });
  it('the plan shown again after compaction', () => {
    expect(
      say({ kind: 'session-start', source: 'compact' }, snapshot, inTurn, options),
    ).toMatchSnapshot();
  });
  it('the nudge', () => {
    expect(
      say(
        { kind: 'tool-done', tool: 'Read', ok: true, isPlanWrite: false },
        snapshot,
        { ...inTurn, rounds: 2 },
        options,
      ),
    ).toMatchSnapshot();
  });
  it('the finish check', () => {
    expect(
      say({ kind: 'stop', stopHookActive: false, lastMessage: 'Done.' }, snapshot, inTurn, options),
    ).toMatchSnapshot();
  });
  it('the goal check', () => {
    const done = {
      ...snapshot,
      items: items.map((item) => ({ ...item, status: 'completed' as const })),
    };
    expect(
      say({ kind: 'stop', stopHookActive: false, lastMessage: 'Done.' }, done, inTurn, options),
    ).toMatchSnapshot();
  });
});
