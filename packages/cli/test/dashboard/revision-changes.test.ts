import type { TodoItem } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { revisionChanges } from '../../src/dashboard/revision-changes.js';

const items = (...ids: string[]): TodoItem[] =>
  ids.map((id) => ({ id, content: `step ${id}`, status: 'pending' }));

describe('revisionChanges: a reorder', () => {
  it('names the item that moved, not every item it passed', () => {
    expect(
      revisionChanges(items('1', '2', '3', '4'), items('1', '2', '4', '3'), 'person:move'),
    ).toEqual([{ kind: 'moved', id: '4', content: 'step 4', before: '3' }]);
    expect(
      revisionChanges(items('1', '2', '3', '4'), items('4', '1', '2', '3'), 'todo_write'),
    ).toEqual([{ kind: 'moved', id: '4', content: 'step 4', before: '1' }]);
    expect(revisionChanges(items('1', '2', '3'), items('2', '3', '1'), 'todo_write')).toEqual([
      { kind: 'moved', id: '1', content: 'step 1' },
    ]);
  });

  it('reports no move when only additions and removals change positions', () => {
    expect(revisionChanges(items('1', '2', '3'), items('1', '3', '5'), 'todos_remove')).toEqual([
      { kind: 'added', id: '5', content: 'step 5', status: 'pending' },
      { kind: 'removed', id: '2', content: 'step 2', status: 'pending' },
    ]);
  });
});
