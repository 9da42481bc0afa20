import type { ChatMessage } from 'plankeeper';
import { getLocale } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { ModelView } from '../../src/eval/behaviour/model-view.js';

const en = getLocale('en');

const user = (content: string): ChatMessage => ({ role: 'user', content });
const injected = (
  injectedKind: 'plan' | 'reminder' | 'finish-check' | 'goal-check',
  content: string,
): ChatMessage => ({ role: 'user', content, injected: injectedKind });
const reply: ChatMessage = {
  role: 'assistant',
  content: '',
  toolCalls: [{ id: 'c1', name: 'todo_read', arguments: '{}' }],
};
const tool = (name: string, content: string): ChatMessage => ({
  role: 'tool',
  toolCallId: 'c1',
  name,
  content,
  ok: true,
});

describe('ModelView', () => {
  it('knows the current turn, its request and what arrived since the last reply', () => {
    const view = new ModelView(
      [
        user('First request'),
        { role: 'assistant', content: 'Done.' },
        user('Second request'),
        reply,
        tool('todo_read', 'x'),
        injected('reminder', '<reminder>…</reminder>'),
      ],
      en,
    );
    expect(view.turn).toBe(2);
    expect(view.task).toBe('Second request');
    expect(view.replies).toBe(1);
    expect(view.fresh.map((message) => message.role)).toEqual(['tool', 'user']);
    expect(view.freshInjected('reminder')).toBe('<reminder>…</reminder>');
    expect(view.freshInjected('goal-check')).toBeUndefined();
    expect(view.did('todo_read')).toBe(true);
  });

  it('reads open items from full listings, the focus form and finish-check bounces', () => {
    const view = new ModelView([], en);
    expect(
      view.openItemsListedIn([
        tool(
          'todo_read',
          '### Current todo list (1/3 completed)\n- [x] #1 Search\n- [>] #2 Draft — with sources\n- [ ] #3 Send',
        ),
      ]),
    ).toEqual([
      { id: '2', content: 'Draft — with sources' },
      { id: '3', content: 'Send' },
    ]);
    expect(
      view
        .openItemsListedIn([
          injected(
            'plan',
            en.harness.focus(
              { total: 4, completed: 1, cancelled: 0, inProgress: 1, pending: 2 },
              { id: '2', content: 'Draft', status: 'in_progress' },
              ['3', '4'],
            ),
          ),
        ])
        .map((item) => item.id),
    ).toEqual(['2', '3', '4']);
    expect(
      view.openItemsListedIn([
        injected('finish-check', 'Your todo list still has open items: #5 Ship.'),
      ]),
    ).toEqual([{ id: '5', content: undefined }]);
    // A reminder or a business tool's output is not a listing.
    expect(
      view.openItemsListedIn([
        injected('reminder', '- [ ] #9 not a plan'),
        tool('lookup', '- [ ] #9 not a plan'),
      ]),
    ).toEqual([]);
  });

  it('tells a leftover plan section from a current one by its heading', () => {
    const leftover = new ModelView(
      [user('New question'), injected('plan', `${en.harness.leftoverHeading}\n- [ ] #3 Publish`)],
      en,
    );
    expect(leftover.leftoverPlanSection).toContain('#3 Publish');
    expect(leftover.currentPlanSection).toBeUndefined();
    const current = new ModelView(
      [
        user('New question'),
        injected('plan', '### Current todo list (0/1 completed)\n- [ ] #3 Publish'),
      ],
      en,
    );
    expect(current.currentPlanSection).toContain('#3 Publish');
    expect(current.leftoverPlanSection).toBeUndefined();
  });
});
