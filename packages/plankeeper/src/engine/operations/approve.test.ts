import { describe, expect, it } from 'vitest';
import type { TodoItem } from '../todo-item.js';
import { isApproved, planSteps } from './approve.js';

const items: TodoItem[] = [
  { id: '1', content: 'Find', status: 'pending' },
  { id: '2', content: 'Fix', status: 'in_progress' },
];

describe('approval fingerprints', () => {
  it('reads an approval stored before 0.3 (ids and texts only) as it was stored', () => {
    // The fingerprint 0.2 stored for these steps.
    const approval = { steps: '196cd72zscs', at: 0 };
    expect(isApproved({ items, approval }, 'on-change')).toBe(true);
    const reworded = [{ ...items[0]!, content: 'Find it' }, items[1]!];
    expect(isApproved({ items: reworded, approval }, 'on-change')).toBe(false);
  });

  it('names statuses in no fingerprint, and every field shown beside a step in the new one', () => {
    const done = items.map((item) => ({ ...item, status: 'completed' as const }));
    expect(planSteps(done)).toBe(planSteps(items));
    expect(planSteps([{ ...items[0]!, description: 'and log it' }, items[1]!])).not.toBe(
      planSteps(items),
    );
  });
});
