/**
 * A write that changes nothing is no write, on every store: the version, history and
 * listing stay, and no subscriber (the MCP server's resource notifications, the
 * dashboard's live stream, other processes) hears of a change.
 */

import { PlanEngine } from 'plankeeper';
import type { PlanChange } from 'plankeeper/stores';
import { describe, expect, it } from 'vitest';
import {
  allBackends,
  namespaceStores,
  sleep,
  waitFor,
  warnIfUnavailable,
} from '../support/store-fixtures.js';

describe.each(allBackends)('unchanged writes on the $name store', (backend) => {
  const skip = warnIfUnavailable(backend, 'the unchanged write tests');

  describe.skipIf(skip)('engine', () => {
    const stores = namespaceStores(backend);

    it('add no version, revision or change event, and answer with the stored plan', async () => {
      const store = await stores.open();
      // A second instance stands for another process: it hears changes the way they travel.
      const watcher = backend.shared ? await stores.open() : store;
      const engine = new PlanEngine({ store });
      const key = { agent: 'unchanged', session: `s-${Math.random().toString(36).slice(2, 8)}` };
      const list = [
        { content: 'Read the logs', status: 'completed' as const, note: 'done' },
        { content: 'Fix the bug', status: 'in_progress' as const },
      ];
      await engine.write(key, list, { turn: 't1' });
      const changes: PlanChange[] = [];
      const unsubscribe = await watcher.subscribe((change) => {
        if (change.key.session === key.session) changes.push(change);
      });
      try {
        const before = await engine.snapshot(key);
        const again = await engine.write(key, list, { turn: 't1' });
        expect(again).toMatchObject({ ok: true, facts: { unchanged: true } });
        expect(again.snapshot).toEqual(before);
        const done = await engine.complete(key, [{ id: '1', reason: 'again' }], { turn: 't1' });
        expect(done).toMatchObject({ ok: true, facts: { alreadyCompleted: ['1'] } });
        expect(done.snapshot.version).toBe(before.version);
        // A fresh engine holds nothing from earlier writes: it decides on a read, too.
        const other = new PlanEngine({ store });
        expect((await other.write(key, list, { turn: 't1' })).snapshot.version).toBe(1);

        // The same list in a new turn takes the plan over into it: that is a change.
        const adopted = await engine.write(key, list, { turn: 't2' });
        expect(adopted.snapshot.version).toBe(2);
        await waitFor(() => changes.length === 1, 'the change of the new turn');
        await sleep(backend.shared ? 400 : 20);
        expect(changes.map((change) => change.version)).toEqual([2]);
        expect((await store.history(key)).map((revision) => revision.version)).toEqual([1, 2]);
        expect((await store.list({ session: key.session })).map((plan) => plan.version)).toEqual([
          2,
        ]);
      } finally {
        unsubscribe();
      }
    });
  });
});
