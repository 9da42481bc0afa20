/**
 * The engine's turn state over the shared stores: hook processes each open their own
 * store, so two engines on two store instances of one backing store race on the state,
 * and compare-and-set with retries must still lose no update.
 */

import { PlanEngine } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { allBackends, namespaceStores, warnIfUnavailable } from '../support/store-fixtures.js';

const sharedBackends = allBackends.filter((backend) => backend.shared);

describe.each(sharedBackends)('turn state on the $name store', (backend) => {
  const skip = warnIfUnavailable(backend, 'the engine turn state tests');

  describe.skipIf(skip)('two engines on two store instances', () => {
    const stores = namespaceStores(backend);

    it('lose no update when each increments a counter 50 times', async () => {
      const instances = [await stores.open(), await stores.open()];
      const engines = instances.map((store) => new PlanEngine({ store }));
      const key = { agent: 'hooks', session: `s-${Math.random().toString(36).slice(2, 8)}` };
      let calls = 0;
      await Promise.all(
        engines.map(async (engine) => {
          for (let round = 0; round < 50; round++) {
            await engine.updateTurnState(key, (current) => {
              calls++;
              return { ...current, rounds: ((current?.rounds as number | undefined) ?? 0) + 1 };
            });
          }
        }),
      );
      for (const engine of engines) {
        expect(await engine.turnState(key)).toEqual({ version: 100, state: { rounds: 100 } });
      }
      // At least their first updates collide (both read an absent state), so a refused
      // write was retried on the other's state.
      expect(calls).toBeGreaterThan(100);
      // The state writes made no plan.
      expect(await instances[0]!.get(key)).toBeUndefined();
    });
  });
});
