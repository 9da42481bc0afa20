/** Harness state (optional in the contract): concurrent writers, and that it is no plan change. */
import { expect } from 'vitest';
import { planRecord, waitFor } from '../store-test-helpers.js';
import { type ContractCase, freshKey } from './contract-suite.js';

export const stateRaceCases: readonly ContractCase[] = [
  {
    name: 'accepts exactly one of many concurrent creations of a state',
    async run({ openStateStores }, context) {
      const stores = await openStateStores(context);
      const key = freshKey();
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          stores[index % stores.length]!.compareAndSetState(key, 0, { writer: index }),
        ),
      );
      const winners = results.flatMap((result, index) => (result.ok ? [index] : []));
      expect(winners).toHaveLength(1);
      for (const result of results) {
        if (!result.ok) expect(result.currentVersion).toBe(1);
      }
      for (const store of stores) {
        expect(await store.getState(key)).toEqual({ version: 1, state: { writer: winners[0] } });
      }
    },
  },
  {
    name: 'accepts exactly one of many concurrent writes at the same version',
    async run({ openStateStores }, context) {
      const stores = await openStateStores(context);
      const key = freshKey();
      await stores[0]!.compareAndSetState(key, 0, { writer: 'base' });
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          stores[index % stores.length]!.compareAndSetState(key, 1, { writer: index }),
        ),
      );
      const winners = results.flatMap((result, index) => (result.ok ? [index] : []));
      expect(winners).toHaveLength(1);
      for (const result of results) {
        if (!result.ok) expect(result.currentVersion).toBe(2);
      }
      for (const store of stores) {
        expect(await store.getState(key)).toEqual({ version: 2, state: { writer: winners[0] } });
      }
    },
  },
  {
    name: 'is no plan change: the plan keeps its version, epoch, history and listing, and no listener hears of it',
    async run({ openStateStores }, context) {
      const stores = await openStateStores(context);
      const store = stores[0]!;
      const key = freshKey();
      // On a shared store the second instance listens too, for changes made elsewhere.
      const heard = stores.map(() => [] as number[]);
      const offs = await Promise.all(
        stores.map((instance, index) =>
          instance.subscribe((change) => {
            if (change.key.agent === key.agent) heard[index]!.push(change.version);
          }),
        ),
      );
      await store.compareAndSet(key, 0, planRecord([{ content: 'the plan' }]));
      const before = {
        plan: await store.get(key),
        history: await store.history(key),
        listing: await store.list({ agent: key.agent }),
      };
      for (let version = 0; version < 3; version++) {
        expect(await store.compareAndSetState(key, version, { round: version })).toEqual({
          ok: true,
          version: version + 1,
        });
      }
      expect({
        plan: await store.get(key),
        history: await store.history(key),
        listing: await store.list({ agent: key.agent }),
      }).toEqual(before);
      // Changes arrive in order, so once this later plan write is heard, a notification
      // for any of the state writes would have been heard before it.
      await store.compareAndSet(key, 1, planRecord([{ content: 'the plan', status: 'completed' }]));
      await waitFor(
        () => heard.every((versions) => versions.length >= 2),
        'two plan changes',
        3000,
      );
      expect(heard).toEqual(stores.map(() => [1, 2]));
      // And the plan writes left the state alone.
      expect(await store.getState(key)).toEqual({ version: 3, state: { round: 2 } });
      for (const off of offs) off();
    },
  },
];
