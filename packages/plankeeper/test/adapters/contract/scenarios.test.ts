/**
 * The adapter contract: one scenario list, run through every host's own loop — plankeeper's
 * `Agent`, the AI SDK's `generateText`, the Agents SDK's `run()`, LangChain's `createAgent` —
 * with the same scripted replies and the same discipline settings. Each scenario asserts on
 * what the model received, so a host that drops the plan section, a reminder, a bounce or a
 * hold fails here by name.
 *
 * These scenarios assert where the plan section and the rules' texts sit in each call, so
 * they run on the hosts that show a plan section (`traits.planSection`); a host without one
 * (the Claude Agent SDK, the MCP server alone) answers with tool results and hook context
 * instead, so it is not listed here at all rather than listed as skipped. The presets and the host's own check run on every host in
 * preset-scenarios.test.ts.
 */
import { getLocale } from 'plankeeper';
import { quoteText } from 'plankeeper/harness';
import { describe, expect, it } from 'vitest';
import { PERSON_CANCELS_2, type Received } from './host.js';
import { HOSTS } from './hosts.js';

const en = getLocale('en');
const TASK = 'Can I return opened headphones?';
const POLICY = 'Find the return policy';
const ANSWER = 'Answer the customer';

const twoSteps = {
  todos: [
    { content: POLICY, status: 'in_progress' },
    { content: ANSWER, status: 'pending' },
  ],
};
const bothDone = {
  todos: [
    { id: '1', content: POLICY, status: 'completed' },
    { id: '2', content: ANSWER, status: 'completed' },
  ],
};
const lookup = (query: string) => ({ call: 'lookup', input: { query } });

/** The plan section after the model's own write of `twoSteps`: the ids it was stored with. */
const STORED = 'Stored as: now #1; open #2.';
/** The section on later calls while the plan stays as written. */
const UNCHANGED = `### Current todo list (0/2 completed, unchanged)\nNow: #1 ${POLICY}\nOpen: #2`;

const last = (call: Received[] | undefined) => call?.at(-1);
const userTexts = (call: Received[] | undefined) =>
  (call ?? []).filter((message) => message.role === 'user').map((message) => message.text);
const toolTexts = (call: Received[] | undefined) =>
  (call ?? []).filter((message) => message.role === 'tool').map((message) => message.text);

const PLAN_SECTION_HOSTS = HOSTS.filter((host) => host.traits.planSection);

describe.each(PLAN_SECTION_HOSTS)('adapter contract: $name', (host) => {
  it('the plan section reaches the model on each call while the plan is open', async () => {
    const run = await host.run(
      TASK,
      [
        { call: 'todo_write', input: twoSteps },
        lookup('policy'),
        { call: 'todo_write', input: bothDone },
        { text: 'Yes.' },
      ],
      { finishCheck: false, goalCheck: false },
    );
    expect(run.calls).toHaveLength(4);
    expect(run.calls[0]?.[0]?.role).toBe('system');
    expect(userTexts(run.calls[0])).toEqual([TASK]);
    expect(last(run.calls[1])).toEqual({ role: 'user', text: STORED });
    expect(last(run.calls[2])).toEqual({ role: 'user', text: UNCHANGED });
    // The section is transient: the earlier call's section is not kept in the history.
    expect(userTexts(run.calls[2])).toEqual([TASK, UNCHANGED]);
    // A plan the model itself just finished needs no section.
    expect(last(run.calls[3])).toEqual({
      role: 'tool',
      text: 'Todo list updated (2/2 completed).',
    });
    expect(run.answer).toBe('Yes.');
    expect(run.lookups).toEqual(['policy']);
  });

  it('reminds after three tool rounds without a plan update, and not before', async () => {
    const run = await host.run(
      TASK,
      [
        { call: 'todo_write', input: twoSteps },
        lookup('a'),
        lookup('b'),
        lookup('c'),
        { text: 'Yes.' },
      ],
      { finishCheck: false, goalCheck: false, nudge: { after: 3 } },
    );
    const reminder = en.harness.reminder(3);
    expect(run.calls.map((call) => userTexts(call).includes(reminder))).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    // The reminder comes before the plan section, which stays last.
    expect(userTexts(run.calls[4]).slice(-2)).toEqual([reminder, UNCHANGED]);
    expect(run.lookups).toEqual(['a', 'b', 'c']);
  });

  it('bounces an answer with open items once (finish check), then once more to check it against the request (goal check)', async () => {
    const run = await host.run(
      TASK,
      [
        { call: 'todo_write', input: twoSteps },
        { text: 'All done.' },
        { text: 'Still done.' },
        { text: 'Partly done: the policy was not found.' },
      ],
      {},
    );
    const open = [
      { id: '1', content: POLICY, status: 'in_progress' as const },
      { id: '2', content: ANSWER, status: 'pending' as const },
    ];
    const finishCheck = en.harness.finishCheck(open, quoteText);
    const goalCheck = en.harness.goalCheck(TASK);
    expect(run.calls).toHaveLength(4);
    expect(userTexts(run.calls[2])).toEqual([TASK, finishCheck, UNCHANGED]);
    expect(userTexts(run.calls[3])).toEqual([TASK, finishCheck, goalCheck, UNCHANGED]);
    // Each check bounces once a turn: the third answer ends it.
    expect(run.answer).toBe('Partly done: the policy was not found.');
  });

  it('the goal check rides on the result of the write that closes the plan, and the answer is not bounced', async () => {
    const run = await host.run(
      TASK,
      [
        { call: 'todo_write', input: twoSteps },
        { call: 'todo_write', input: bothDone },
        { text: 'Yes, within 14 days.' },
      ],
      {},
    );
    expect(run.calls).toHaveLength(3);
    const closing = toolTexts(run.calls[2]).at(-1);
    expect(closing).toContain('Todo list updated (2/2 completed).');
    expect(closing).toContain(en.harness.goalCheckAhead(TASK));
    expect(userTexts(run.calls[2])).toEqual([TASK]);
    expect(run.answer).toBe('Yes, within 14 days.');
  });

  it('holds a non-plan tool while the plan waits for approval: it does not run, the model reads why', async () => {
    const run = await host.run(
      TASK,
      [
        { call: 'todo_write', input: { todos: [{ content: 'Look it up', status: 'pending' }] } },
        lookup('policy'),
        { text: 'The plan is ready for review.' },
      ],
      { approval: 'required' },
    );
    expect(run.lookups).toEqual([]);
    expect(toolTexts(run.calls[2]).at(-1)).toBe(en.approval.waiting('unapproved', 'lookup'));
    // Plan tools are never held.
    expect(toolTexts(run.calls[2])[0]).toBe('Todo list updated (0/1 completed).');
    expect(run.answer).toBe('The plan is ready for review.');
  });

  it("a person's cancel while a reply's calls run survives that reply's whole-list write, and the model is told", async () => {
    const run = await host.run(
      TASK,
      [
        { call: 'todo_write', input: twoSteps },
        {
          calls: [
            { tool: 'lookup', input: { query: PERSON_CANCELS_2 } },
            {
              tool: 'todo_write',
              input: {
                todos: [
                  { id: '1', content: POLICY, status: 'completed' },
                  { id: '2', content: ANSWER, status: 'in_progress' },
                ],
              },
            },
          ],
        },
        { text: 'Yes.' },
      ],
      { finishCheck: false, goalCheck: false },
    );
    expect(run.lookups).toEqual([PERSON_CANCELS_2]);
    expect(run.plan.map((item) => [item.id, item.status, item.note])).toEqual([
      ['1', 'completed', undefined],
      ['2', 'cancelled', 'not needed'],
    ]);
    // Hosts that run a reply's calls one by one keep the cancel in the write and say so;
    // those that run them at once may store the write first, and the next section tells.
    const told = [...toolTexts(run.calls[2]), ...userTexts(run.calls[2])].join('\n');
    expect(told).toMatch(
      /Kept changes by a person \(Ana\) that you had not seen: #2 cancelled \(not needed\)|Changed by a person \(Ana\): cancelled #2 \(not needed\)/,
    );
  });
});
