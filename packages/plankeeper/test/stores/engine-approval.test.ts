/**
 * A person's approval is kept in the plan record on every store: another instance (another
 * process, for shared stores) reads it back, it survives the model's later writes, and it
 * is a revision in the history by the person.
 */

import { PlanEngine } from 'plankeeper';
import { approvalWait } from 'plankeeper/rules';
import { describe, expect, it } from 'vitest';
import { allBackends, namespaceStores, warnIfUnavailable } from '../support/store-fixtures.js';

describe.each(allBackends)('plan approval on the $name store', (backend) => {
  const skip = warnIfUnavailable(backend, 'the approval store tests');

  describe.skipIf(skip)('engine', () => {
    const stores = namespaceStores(backend);

    it('keeps the approval in the record, across instances and later writes', async () => {
      const writer = new PlanEngine({ store: await stores.open() });
      const reader = new PlanEngine({
        store: backend.shared ? await stores.open() : writer.store,
        recentPlans: 0,
      });
      const key = { agent: 'approval', session: `s-${Math.random().toString(36).slice(2, 8)}` };
      await writer.add(key, [{ content: 'Run the tests' }]);
      expect(approvalWait(await reader.snapshot(key))).toBe('unapproved');
      const approved = await reader.editAsPerson(key, { kind: 'approve' }, { name: 'Ana' });
      expect(approved.ok).toBe(true);
      await writer.complete(key, [{ id: '1', reason: 'pass' }]);
      const plan = await reader.snapshot(key);
      expect(plan.approval).toMatchObject({ name: 'Ana' });
      expect(approvalWait(plan, 'on-change')).toBeUndefined();
      const history = await reader.history(key);
      expect(history.map((revision) => revision.source.tool)).toEqual([
        'todos_add',
        'person:approve',
        'todos_complete',
      ]);
      expect(history[1]?.record?.approval?.name).toBe('Ana');
    });

    it('keeps the writing host’s approval rule, so a viewer knows the plan waits for a person', async () => {
      const engine = new PlanEngine({ store: await stores.open() });
      const key = { agent: 'approval', session: `r-${Math.random().toString(36).slice(2, 8)}` };
      await engine.add(key, [{ content: 'Run the tests' }]);
      expect((await engine.store.get(key))?.record.approvalRule).toBeUndefined();
      await engine.add(key, [{ content: 'Ship' }], { approval: 'on-change' });
      expect((await engine.store.get(key))?.record.approvalRule).toBe('on-change');
      // A person's edit keeps it; a host that asks no approval drops it with its write.
      await engine.editAsPerson(key, { kind: 'approve' }, { name: 'Ana' });
      expect((await engine.store.get(key))?.record.approvalRule).toBe('on-change');
      await engine.complete(key, [{ id: '1', reason: 'pass' }]);
      expect((await engine.store.get(key))?.record.approvalRule).toBeUndefined();
    });
  });
});
