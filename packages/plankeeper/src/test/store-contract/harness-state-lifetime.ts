/** Harness state (optional in the contract): its keys and its lifetime beside the plan's (delete, TTL). */
import { expect } from 'vitest';
import type { PlanKey } from '../../engine/plan-key.js';
import { planRecord, sleep } from '../store-test-helpers.js';
import { anEpoch, type ContractCase, freshKey } from './contract-suite.js';

export const stateLifetimeCases: readonly ContractCase[] = [
  {
    name: 'may exist without a plan, which stays absent and unlisted',
    async run({ openStateStore }, context) {
      const store = await openStateStore(context);
      const key = freshKey();
      await store.compareAndSetState(key, 0, { turn: 't1' });
      expect(await store.get(key)).toBeUndefined();
      expect(await store.list({ agent: key.agent })).toEqual([]);
      expect(await store.history(key)).toEqual([]);
      expect(await store.compareAndSet(key, 1, planRecord([]))).toEqual({
        ok: false,
        currentVersion: 0,
      });
      expect(await store.compareAndSet(key, 0, planRecord([{ content: 'first' }]))).toEqual({
        ok: true,
        version: 1,
        epoch: anEpoch,
      });
      expect(await store.getState(key)).toEqual({ version: 1, state: { turn: 't1' } });
    },
  },
  {
    name: 'goes with the plan on delete, and on a delete of the key when there was no plan',
    async run({ openStateStore }, context) {
      const store = await openStateStore(context);
      const key = freshKey();
      await store.compareAndSet(key, 0, planRecord([{ content: 'a' }]));
      await store.compareAndSetState(key, 0, { rounds: 1 });
      await store.compareAndSetState(key, 1, { rounds: 2 });
      expect(await store.delete(key)).toBe(true);
      expect(await store.getState(key)).toBeUndefined();
      expect(await store.compareAndSetState(key, 2, { rounds: 3 })).toEqual({
        ok: false,
        currentVersion: 0,
      });
      expect(await store.compareAndSetState(key, 0, { rounds: 1 })).toEqual({
        ok: true,
        version: 1,
      });

      const stateOnly = freshKey();
      await store.compareAndSetState(stateOnly, 0, { rounds: 1 });
      expect(await store.delete(stateOnly)).toBe(false);
      expect(await store.getState(stateOnly)).toBeUndefined();
      expect(await store.history(stateOnly)).toEqual([]);
    },
  },
  {
    name: 'keeps keys apart exactly as plans are, scopes and separators included',
    async run({ openStateStore }, context) {
      const store = await openStateStore(context);
      const suffix = Math.random().toString(36).slice(2, 8);
      const keys: PlanKey[] = [
        { agent: `x/${suffix}`, session: 'y' },
        { agent: 'x', session: `${suffix}/y` },
        { agent: 'x', session: suffix },
        { agent: 'x', session: suffix, scope: ['y'] },
        { agent: 'x', session: suffix, scope: ['y', 'z'] },
        { agent: 'x', session: suffix, scope: ['y/z'] },
        { agent: `x-${suffix}`, session: 'y' },
      ];
      for (const [index, key] of keys.entries()) {
        expect(await store.compareAndSetState(key, 0, { index })).toEqual({ ok: true, version: 1 });
      }
      for (const [index, key] of keys.entries()) {
        expect(await store.getState(key)).toEqual({ version: 1, state: { index } });
      }
      // Deleting a scope's key leaves its parent and its child scope alone.
      await store.delete(keys[3]!);
      expect(
        await Promise.all(keys.map(async (key) => (await store.getState(key))?.state.index)),
      ).toEqual([0, 1, 2, undefined, 4, 5, 6]);
    },
  },
  {
    name: 'forgets a state once its TTL passes; the next write expects 0',
    async run({ openStateStore }, context) {
      const store = await openStateStore(context);
      const key = freshKey();
      await store.compareAndSetState(key, 0, { short: 'lived' }, { ttlMs: 400 });
      expect((await store.getState(key))?.version).toBe(1);
      await sleep(600);
      expect(await store.getState(key)).toBeUndefined();
      expect(await store.compareAndSetState(key, 1, { late: true })).toEqual({
        ok: false,
        currentVersion: 0,
      });
      expect(await store.compareAndSetState(key, 0, { fresh: true })).toEqual({
        ok: true,
        version: 1,
      });
      expect(await store.getState(key)).toEqual({ version: 1, state: { fresh: true } });
    },
  },
  {
    name: 'restarts the clock on every state write, and a write without TTL never expires',
    async run({ openStateStore }, context) {
      const store = await openStateStore(context);
      const key = freshKey();
      await store.compareAndSetState(key, 0, { at: 'a' }, { ttlMs: 1000 });
      await sleep(600);
      await store.compareAndSetState(key, 1, { at: 'b' }, { ttlMs: 1000 });
      await sleep(600);
      // At least 1200 ms after the first write: still here only because the second restarted the clock.
      expect((await store.getState(key))?.version).toBe(2);
      await store.compareAndSetState(key, 2, { at: 'c' });
      await sleep(600);
      // Past the second write's expiry: still here only because the third had no TTL.
      expect(await store.getState(key)).toEqual({ version: 3, state: { at: 'c' } });
    },
  },
  {
    name: 'expires apart from its plan, in both directions',
    async run({ openStateStore }, context) {
      const store = await openStateStore(context);
      const planExpires = freshKey();
      const stateExpires = freshKey();
      await store.compareAndSet(planExpires, 0, planRecord([]), { ttlMs: 300 });
      await store.compareAndSetState(planExpires, 0, { stays: true });
      await store.compareAndSet(stateExpires, 0, planRecord([]));
      await store.compareAndSetState(stateExpires, 0, { goes: true }, { ttlMs: 300 });
      await sleep(500);
      expect(await store.get(planExpires)).toBeUndefined();
      expect(await store.getState(planExpires)).toEqual({ version: 1, state: { stays: true } });
      expect((await store.get(stateExpires))?.version).toBe(1);
      expect(await store.getState(stateExpires)).toBeUndefined();
    },
  },
];
