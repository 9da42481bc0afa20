/**
 * The adapter contract for the presets and the host's own checks, on every host: a preset
 * means the same rules wherever it is set (the one resolver, plankeeper/rules), and a check
 * the host passes bounces the answer in every host that checks answers. Where a host cannot
 * do a thing by design (the MCP server alone sees no answer and counts no rounds), the
 * scenario asserts that it does not, by the host's named trait, rather than skipping it.
 */
import { getLocale } from 'plankeeper';
import type { AnswerCheck } from 'plankeeper/rules';
import { describe, expect, it } from 'vitest';
import type { Received, Reply } from './host.js';
import { HOSTS } from './hosts.js';

const en = getLocale('en');
const TASK = 'Can I return opened headphones?';
const POLICY = 'Find the return policy';
const ANSWER = 'Answer the customer';

const write = (todos: Record<string, string>[]): Reply => ({
  call: 'todo_write',
  input: { todos },
});
const twoSteps = write([
  { content: POLICY, status: 'in_progress' },
  { content: ANSWER, status: 'pending' },
]);
const lookups = (count: number): Reply[] =>
  Array.from({ length: count }, (_, index) => ({ call: 'lookup', input: { query: `q${index}` } }));
/** No checks in the way: these scenarios are about the nudge, the echo and evidence. */
const UNCHECKED = { finishCheck: false, goalCheck: false };

/** What came back to the model on a call: tool results and the host's user-side texts. */
const readBack = (call: Received[] | undefined) =>
  (call ?? [])
    .filter((message) => message.role === 'tool' || message.role === 'user')
    .map((message) => message.text)
    .join('\n');
/** The open item with its text: in the whole list, not in the ids-only or the bare result. */
const LISTED = `#2 ${ANSWER}`;

describe.each(HOSTS)('adapter contract, presets and checks: $name', (host) => {
  const { traits } = host;
  /** Whether the reminder for `rounds` idle rounds reached the model on each call. */
  const reminded = (calls: Received[][], rounds: number) =>
    calls.map((call) => readBack(call).includes(en.harness.reminder(rounds)));

  it('strict: the whole list after a write, a nudge after two idle rounds', async () => {
    const run = await host.run(TASK, [twoSteps, ...lookups(2), { text: 'Yes.' }], {
      discipline: 'strict',
      ...UNCHECKED,
    });
    expect(readBack(run.calls[1])).toContain(LISTED);
    expect(reminded(run.calls, 2)).toEqual([false, false, false, traits.countsRounds]);
  });

  it('strict: a completion with no work since it started is let through, with a warning', async () => {
    const run = await host.run(
      TASK,
      [
        twoSteps,
        write([
          { id: '1', content: POLICY, status: 'completed' },
          { id: '2', content: ANSWER, status: 'in_progress' },
        ]),
        { text: 'Yes.' },
      ],
      { discipline: 'strict', ...UNCHECKED },
    );
    expect(run.plan.map((item) => item.status)).toEqual(['completed', 'in_progress']);
    // A host that sees no work takes no evidence rule from a preset.
    const warning = en.evidence.unproven([{ id: '1', content: POLICY }]);
    expect(readBack(run.calls[2]).includes(warning)).toBe(traits.seesWork);
  });

  it('standard: a nudge after three idle rounds; the list echoed only where no section shows it', async () => {
    const run = await host.run(TASK, [twoSteps, ...lookups(3), { text: 'Yes.' }], {
      discipline: 'standard',
      ...UNCHECKED,
    });
    expect(readBack(run.calls[1]).includes(LISTED)).toBe(!traits.planSection);
    expect(reminded(run.calls, 3)).toEqual([false, false, false, false, traits.countsRounds]);
  });

  it('light: no list after a write, and a nudge only after five idle rounds', async () => {
    const run = await host.run(TASK, [twoSteps, ...lookups(5), { text: 'Yes.' }], {
      discipline: 'light',
      ...UNCHECKED,
    });
    expect(readBack(run.calls[1])).not.toContain(LISTED);
    expect(reminded(run.calls, 5)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      traits.countsRounds,
    ]);
    expect(readBack(run.calls.at(-1)).includes(en.harness.reminder(3))).toBe(false);
  });

  it("the host's own check sends the first answer back, once", async () => {
    const citesSource: AnswerCheck = {
      name: 'cites-source',
      check: ({ answer }) => (answer.includes('policy page') ? undefined : 'Name your source.'),
    };
    const run = await host.run(
      TASK,
      [{ text: 'Yes.' }, { text: 'Yes.' }, { text: 'Yes, says the policy page.' }],
      { checks: [citesSource] },
    );
    if (!traits.checksAnswers) {
      expect(run.calls).toHaveLength(1);
      expect(run.answer).toBe('Yes.');
      return;
    }
    // Bounced once a turn: the second answer ends it, though it names no source either.
    expect(run.calls).toHaveLength(2);
    expect(readBack(run.calls[1])).toContain('Name your source.');
    expect(run.answer).toBe('Yes.');
  });
});
