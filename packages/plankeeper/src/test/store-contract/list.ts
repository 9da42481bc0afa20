/** Listing plans: live plans with their counts, filtered exactly by agent and session. */
import { expect } from 'vitest';
import type { PlanKey } from '../../engine/plan-key.js';
import type { PlanRecord } from '../../engine/todo-item.js';
import { planRecord } from '../store-test-helpers.js';
import { byScopeDepth, type ContractCase, freshKey } from './contract-suite.js';

export const listCases: readonly ContractCase[] = [
  {
    name: 'lists live plans with version, update time and item counts, filtered exactly',
    async run({ open }) {
      const store = await open();
      const agent = freshKey().agent;
      const other = freshKey().agent;
      const plans = listedPlans(agent, other);
      for (const [key, record] of plans) await store.compareAndSet(key, 0, record);
      await store.compareAndSet(plans[0]![0], 1, plans[0]![1]);

      const byKey = (a: { key: PlanKey }, b: { key: PlanKey }) =>
        JSON.stringify(a.key).localeCompare(JSON.stringify(b.key));
      const mine = (await store.list({ agent })).sort(byKey);
      expect(mine).toEqual(
        [
          { key: { agent, session: 's1' }, version: 2, updatedAt: 1001, total: 4, open: 2 },
          {
            key: { agent, session: 's1', scope: ['sub'] },
            version: 1,
            updatedAt: 1002,
            total: 1,
            open: 1,
          },
          { key: { agent, session: 's10' }, version: 1, updatedAt: 1003, total: 0, open: 0 },
        ].sort(byKey),
      );
      const session = await store.list({ agent, session: 's1' });
      expect(session.map((listing) => listing.key).sort(byScopeDepth)).toEqual([
        { agent, session: 's1' },
        { agent, session: 's1', scope: ['sub'] },
      ]);
      const acrossAgents = (await store.list({ session: 's1' })).filter(
        (listing) => listing.key.agent === agent || listing.key.agent === other,
      );
      expect(acrossAgents.map((listing) => listing.key.agent).sort()).toEqual(
        [agent, agent, other].sort(),
      );
      const everything = await store.list();
      for (const [key] of plans) {
        expect(
          everything.some((listing) => JSON.stringify(listing.key) === JSON.stringify(key)),
        ).toBe(true);
      }
      expect(await store.list({ agent: `${agent}-nobody` })).toEqual([]);
    },
  },
];

/** Plans of two agents: one with an item of each status, a sub-agent's, an empty one and another agent's. */
function listedPlans(agent: string, other: string): [PlanKey, PlanRecord][] {
  return [
    [
      { agent, session: 's1' },
      planRecord(
        [
          { status: 'completed' },
          { status: 'in_progress' },
          { status: 'pending' },
          { status: 'cancelled' },
        ],
        { updatedAt: 1001 },
      ),
    ],
    [{ agent, session: 's1', scope: ['sub'] }, planRecord([{}], { updatedAt: 1002 })],
    [{ agent, session: 's10' }, planRecord([], { updatedAt: 1003 })],
    [{ agent: other, session: 's1' }, planRecord([{ status: 'completed' }], { updatedAt: 1004 })],
  ];
}
