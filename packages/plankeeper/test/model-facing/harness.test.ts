/** Every harness message the model can receive, per language, reviewed as one file each. */

import type { ChatMessage, TodoItem } from 'plankeeper';
import { Agent, getLocale, LOCALE_IDS } from 'plankeeper';
import { quoteText } from 'plankeeper/harness';
import { ScriptedModel } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';

const open: TodoItem[] = [
  { id: '2', content: 'Draft the answer', status: 'in_progress' },
  { id: '3', content: 'Send it', status: 'pending' },
];

describe.each(LOCALE_IDS)('harness messages (%s)', (localeId) => {
  it('matches the reviewed text', async () => {
    const locale = getLocale(localeId);
    const h = locale.harness;
    const model = new ScriptedModel();
    const agent = new Agent({
      model,
      planning: true,
      locale: localeId,
      system: 'You are a support agent.',
    });
    const session = agent.session('snapshot');
    model.load([
      {
        tool: 'todo_write',
        args: {
          todos: [
            { content: 'Look up the policy', status: 'in_progress' },
            { content: 'Answer', status: 'pending' },
          ],
        },
      },
      { tool: 'todo_read' },
      { tool: 'todo_read' },
      { tool: 'todo_read' },
      { final: 'Done.' },
      {
        tool: 'todo_write',
        args: {
          todos: [
            { content: 'Look up the policy', status: 'completed' },
            { content: 'Answer', status: 'cancelled' },
            { content: 'Follow up next week', status: 'pending' },
          ],
        },
      },
      { final: 'Done; the follow-up is for next week.' },
      { final: 'Done, checked.' },
    ]);
    await session.send('Can I return opened headphones?');
    model.load([{ final: 'Hello.' }]);
    await session.send('Hi');
    const show = (messages: readonly ChatMessage[]) =>
      messages
        .map(
          (message) =>
            `[${message.role}${message.role === 'user' && message.injected ? `:${message.injected}` : ''}${message.role === 'tool' ? `:${message.name}` : ''}] ${message.content}${message.role === 'assistant' && message.toolCalls ? ` ${JSON.stringify(message.toolCalls.map((call) => call.name))}` : ''}`,
        )
        .join('\n');
    // A turn whose last write closes the plan: the goal check rides on that write's result.
    const closing = new ScriptedModel([
      {
        tool: 'todo_write',
        args: { todos: [{ content: 'Look up the policy', status: 'in_progress' }] },
      },
      {
        tool: 'todo_write',
        args: { todos: [{ content: 'Look up the policy', status: 'completed' }] },
      },
      { final: 'Yes, within 14 days.' },
    ]);
    await new Agent({ model: closing, planning: true, locale: localeId })
      .session('snapshot-closing')
      .send('Can I return opened headphones?');
    const sections = [
      `# Harness messages (${localeId})`,
      '## Conversation of the first turn, as the model last received it',
      show(model.requests[7]!.messages),
      '## First call of the next turn (leftover plan)',
      show(model.requests[8]!.messages.slice(-2)),
      '## A turn whose last write closes the plan, as the model last received it',
      show(closing.requests[2]!.messages),
      '## Stored ids (right after the model wrote the list itself)',
      h.storedIds('2', ['3', '4']),
      h.storedIds(undefined, ['3']),
      '## Focus form',
      h.focus({ total: 5, completed: 2, cancelled: 0, inProgress: 1, pending: 2 }, open[0], [
        '3',
        '4',
      ]),
      '## Finish check',
      h.finishCheck(open, quoteText),
      '## Goal check',
      h.goalCheck('Can I return opened headphones?'),
      '## Goal check ahead of the answer (added to the result of the write that closes the plan)',
      h.goalCheckAhead('Can I return opened headphones?'),
      '## Continue (completion loop)',
      h.continueWork(open, quoteText),
      '## Reminder',
      h.reminder(3),
      '## Reminder after one round',
      h.reminder(1),
    ];
    await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot(
      `__snapshots__/harness.${localeId}.md`,
    );
  });
});
