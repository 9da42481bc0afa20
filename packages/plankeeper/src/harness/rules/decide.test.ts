import { describe, expect, it } from 'vitest';
import type { PlanSnapshot } from '../../engine/plan-engine.js';
import type { TodoItem } from '../../engine/todo-item.js';
import { getLocale } from '../../locale/index.js';
import type { AnswerCheck } from './check.js';
import { decide, type RuleOptions } from './decide.js';
import type { HostEvent } from './events.js';
import { finishCheck } from './finish-check.js';
import { goalCheck, MAX_TASK_EXCERPT } from './goal-check.js';
import { newTurnRecord, readTurnRecord, type TurnRecord } from './turn-record.js';

const locale = getLocale('en');
const items: TodoItem[] = [
  { id: '1', content: 'Read the notes', status: 'completed' },
  { id: '2', content: 'Write the summary', status: 'pending' },
];
const snapshot: PlanSnapshot = { items, version: 3, nextId: 3, updatedAt: 0, turn: 't1' };
const options: RuleOptions = { locale, now: 1_000 };
const stop: HostEvent = { kind: 'stop', stopHookActive: false, lastMessage: 'Done.' };
const wrote: TurnRecord = {
  ...newTurnRecord('t1', 'Summarise the notes.', 0),
  wroteThisTurn: true,
  planUsed: true,
};

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe('decide', () => {
  it('changes none of its inputs, and gives the same decision for the same inputs', () => {
    const events: HostEvent[] = [
      { kind: 'prompt', text: 'Next', turn: 't2' },
      { kind: 'tool-done', tool: 'Read', ok: true, isPlanWrite: false },
      { kind: 'tool-done', tool: 'todo_write', ok: true, isPlanWrite: true, isPlanTool: true },
      { kind: 'round-done' },
      { kind: 'pre-compact' },
      { kind: 'session-start', source: 'compact' },
      stop,
    ];
    const frozen = deepFreeze({ snapshot, record: structuredClone(wrote), options });
    for (const event of events) {
      const once = decide(deepFreeze(event), frozen.snapshot, frozen.record, frozen.options);
      expect(decide(event, frozen.snapshot, frozen.record, frozen.options)).toEqual(once);
    }
  });

  it('runs the checks in the order given, each at most once per turn', () => {
    let record = wrote;
    const texts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { next, answer } = decide(stop, snapshot, record, options);
      if (answer.kind === 'bounce') texts.push(answer.check ?? '');
      record = next ?? record;
    }
    expect(texts).toEqual(['finish-check', 'goal-check']);

    const reordered = { ...options, checks: [goalCheck(), finishCheck()] };
    expect(decide(stop, snapshot, wrote, reordered).answer).toMatchObject({ check: 'goal-check' });
    const dropped = { ...options, checks: [goalCheck()] };
    expect(decide(stop, snapshot, wrote, dropped).answer).toMatchObject({ check: 'goal-check' });
  });

  it('asks no goal check of a sub-agent, whose request its hooks never saw', () => {
    const started = decide(
      { kind: 'subagent-start', agentId: 'a1' },
      snapshot,
      readTurnRecord(undefined),
      options,
    ).next!;
    const done = {
      ...snapshot,
      items: items.map((item) => ({ ...item, status: 'completed' as const })),
    };
    const used = { ...started, wroteThisTurn: true, planUsed: true };
    const stopped: HostEvent = {
      kind: 'subagent-stop',
      stopHookActive: false,
      lastMessage: 'Done.',
    };
    expect(decide(stopped, done, used, options).answer).toEqual({ kind: 'none' });
    // With the request, the same answer is checked against it.
    expect(decide(stopped, done, { ...used, task: 'Read it.' }, options).answer.kind).toBe(
      'bounce',
    );
  });

  it('takes a check of the host’s own, with the same once-per-turn count', () => {
    const cites: AnswerCheck = {
      name: 'cites-sources',
      check: ({ answer }) => (answer.includes('[1]') ? undefined : 'Cite your sources.'),
    };
    const own = { ...options, checks: [cites] };
    const first = decide(stop, snapshot, wrote, own);
    expect(first.answer).toEqual({
      kind: 'bounce',
      reason: 'Cite your sources.',
      check: 'cites-sources',
    });
    expect(decide(stop, snapshot, first.next!, own).answer).toEqual({ kind: 'none' });
  });

  it('nudges by the rule given: after N idle rounds, while an item is open when asked', () => {
    const idle: HostEvent = { kind: 'tool-done', tool: 'Read', ok: true, isPlanWrite: false };
    const run = (rule: RuleOptions['nudge'], plan: PlanSnapshot) => {
      let record = wrote;
      const reminders: number[] = [];
      for (let call = 1; call <= 4; call++) {
        const { next, answer } = decide(idle, plan, record, { ...options, nudge: rule });
        if (answer.kind === 'context' && answer.text.includes('<reminder>')) reminders.push(call);
        record = next ?? record;
      }
      return reminders;
    };
    const closed = {
      ...snapshot,
      items: items.map((item) => ({ ...item, status: 'completed' as const })),
    };
    expect(run({ after: 2 }, snapshot)).toEqual([2, 4]);
    expect(run({ after: 2 }, closed)).toEqual([2, 4]);
    expect(run({ after: 2, onlyWhileOpen: true }, closed)).toEqual([]);
    expect(run(false, snapshot)).toEqual([]);
  });

  it('records a success at `now`, never a plan tool’s', () => {
    const done = (tool: string, isPlanTool: boolean) =>
      decide(
        { kind: 'tool-done', tool, ok: true, isPlanWrite: false, isPlanTool },
        snapshot,
        wrote,
        {
          ...options,
          now: 42,
        },
      ).next;
    expect(done('Read', false)?.successes).toEqual([{ tool: 'Read', at: 42 }]);
    expect(done('todo_read', true)?.successes).toBeUndefined();
  });
});

describe('the turn record', () => {
  it('keeps no more of the request than the goal check quotes', () => {
    const huge = 'x'.repeat(5_000_000);
    const started = decide({ kind: 'prompt', text: huge, turn: 't2' }, snapshot, wrote, options);
    expect(started.next?.task?.length).toBe(MAX_TASK_EXCERPT + 1);
    expect(readTurnRecord({ task: huge }).task?.length).toBe(MAX_TASK_EXCERPT + 1);
  });

  it('reads a record an earlier release stored, and anything else as a fresh one', () => {
    expect(
      readTurnRecord({ turn: 't1', finishBounces: 1, goalBounces: 0, wroteThisTurn: true }),
    ).toMatchObject({ turn: 't1', bounced: ['finish-check'], wroteThisTurn: true, planUsed: true });
    expect(readTurnRecord({ rounds: 'many', bounced: [1, 'goal-check'] })).toMatchObject({
      rounds: 0,
      bounced: ['goal-check'],
      planUsed: false,
    });
  });
});
