import type { ChatMessage, InjectionKind, PlanSnapshot, TodoItem } from 'plankeeper';
import { Agent, getLocale } from 'plankeeper';
import { buildPlanSection } from 'plankeeper/harness';
import { ScriptedModel } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { lookup, lookupTool, write } from '../../../plankeeper/test/support/lookup-tool.js';
import {
  type GuardColumn,
  planningFor,
  planSectionWithoutLeftoverMarking,
} from '../../src/eval/guard-columns.js';

const en = getLocale('en');

const items: TodoItem[] = [
  { id: '1', content: 'Search', status: 'completed' },
  { id: '2', content: 'Draft', status: 'in_progress' },
  { id: '3', content: 'Send', status: 'pending' },
];
const snapshot = (turn: string): PlanSnapshot => ({
  items,
  version: 4,
  nextId: 4,
  updatedAt: 1,
  turn,
});

describe('planSectionWithoutLeftoverMarking', () => {
  it('matches the built-in section for a plan of the current turn, changed or not', () => {
    for (const [changed, justWritten] of [
      [true, false],
      [false, false],
      [false, true],
    ] as const) {
      const builtIn = buildPlanSection({
        snapshot: snapshot('t2'),
        locale: en,
        turn: 't2',
        changed,
        whenUnchanged: justWritten ? 'ids' : 'focus',
      });
      const ours = planSectionWithoutLeftoverMarking({
        items,
        leftover: false,
        changed,
        justWritten,
        locale: en,
      });
      expect(ours).toBe(builtIn);
    }
  });

  it('shows a plan from an earlier turn as if it were current, where the built-in marks it', () => {
    const builtIn = buildPlanSection({
      snapshot: snapshot('t1'),
      locale: en,
      turn: 't2',
      changed: false,
      whenUnchanged: 'focus',
    });
    expect(builtIn).toContain(en.harness.leftoverHeading);
    const ours = planSectionWithoutLeftoverMarking({
      items,
      leftover: true,
      changed: false,
      justWritten: false,
      locale: en,
    });
    expect(ours).not.toContain(en.harness.leftoverHeading);
    expect(ours).toBe('### Current todo list (1/3 completed, unchanged)\nNow: #2 Draft\nOpen: #3');
  });
});

/** Which kinds of harness message a run under `column` produced. */
async function injectedKinds(column: GuardColumn): Promise<Set<InjectionKind | 'echo'>> {
  const model = new ScriptedModel([
    write(['Search', 'in_progress'], ['Answer', 'pending']),
    lookup(),
    lookup(),
    lookup(),
    { final: 'Done.' },
    { final: 'Done.' },
    { final: 'Done.' },
  ]);
  const agent = new Agent({ model, tools: [lookupTool], planning: planningFor(column) });
  const result = await agent.run('Find it and answer.');
  const kinds = new Set<InjectionKind | 'echo'>();
  for (const message of result.calls.flat() as ChatMessage[]) {
    if (message.role === 'user' && message.injected) kinds.add(message.injected);
    if (message.role === 'tool' && message.content.includes(en.plan.heading)) kinds.add('echo');
  }
  return kinds;
}

describe('planningFor', () => {
  it.each([
    ['off', []],
    ['injection', ['plan']],
    ['leftover-marking', ['plan']],
    ['nudge', ['reminder']],
    ['finish-check', ['finish-check']],
    ['goal-check', ['goal-check']],
    // The rule and the check inject nothing; they act on plan writes only.
    ['evidence', []],
    ['verifier', []],
    ['all', ['plan', 'reminder', 'finish-check', 'goal-check']],
  ] as const)('%s turns on exactly what its column says', async (column, expected) => {
    expect([...(await injectedKinds(column))].sort()).toEqual([...expected].sort());
  });
});
