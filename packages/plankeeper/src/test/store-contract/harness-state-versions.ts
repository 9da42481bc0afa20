/** Harness state (optional in the contract): its versions and compare-and-set. */
import { expect } from 'vitest';
import { type ContractCase, freshKey } from './contract-suite.js';

export const stateVersionCases: readonly ContractCase[] = [
  {
    name: 'is absent until written, starts at version 1 and grows by one per accepted write',
    async run({ openStateStore }, context) {
      const store = await openStateStore(context);
      const key = freshKey();
      expect(await store.getState(key)).toBeUndefined();
      expect(await store.compareAndSetState(key, 0, { turn: 't1', rounds: 0 })).toEqual({
        ok: true,
        version: 1,
      });
      expect(await store.getState(key)).toEqual({ version: 1, state: { turn: 't1', rounds: 0 } });
      expect(await store.compareAndSetState(key, 1, { turn: 't1', rounds: 1 })).toEqual({
        ok: true,
        version: 2,
      });
      expect(await store.getState(key)).toEqual({ version: 2, state: { turn: 't1', rounds: 1 } });
    },
  },
  {
    name: 'refuses a stale, absent or made-up expected version and changes nothing',
    async run({ openStateStore }, context) {
      const store = await openStateStore(context);
      const key = freshKey();
      expect(await store.compareAndSetState(key, 1, { lost: true })).toEqual({
        ok: false,
        currentVersion: 0,
      });
      expect(await store.getState(key)).toBeUndefined();
      await store.compareAndSetState(key, 0, { kept: 1 });
      await store.compareAndSetState(key, 1, { kept: 2 });
      for (const expected of [0, 1, 3, 9]) {
        expect(await store.compareAndSetState(key, expected, { lost: true })).toEqual({
          ok: false,
          currentVersion: 2,
        });
      }
      expect(await store.getState(key)).toEqual({ version: 2, state: { kept: 2 } });
    },
  },
];
