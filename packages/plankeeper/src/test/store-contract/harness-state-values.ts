/** Harness state (optional in the contract): the values it reads back, and the ones it refuses. */
import { expect } from 'vitest';
import { ConfigurationError } from '../../engine/errors.js';
import { type ContractCase, freshKey } from './contract-suite.js';

export const stateValueCases: readonly ContractCase[] = [
  {
    name: 'reads back every JSON value as written, leaving out properties set to undefined',
    async run({ openStateStore }, context) {
      const store = await openStateStore(context);
      const key = freshKey();
      const state = {
        turn: 'turn-7',
        task: '查资料 "quoted" \\ back\nline 🙂',
        nul: 'a\u0000b',
        startedAt: 1_700_000_000_123,
        rounds: 0,
        ratio: 0.25,
        below: -3,
        bounceSpent: false,
        seen: true,
        nothing: null,
        list: [1, 'two', [3], { four: 4 }, null, []],
        nested: { deeper: { deepest: {} } },
      };
      await store.compareAndSetState(key, 0, state);
      expect(await store.getState(key)).toEqual({ version: 1, state });
      await store.compareAndSetState(key, 1, { kept: 1, dropped: undefined });
      const read = await store.getState(key);
      expect(read).toEqual({ version: 2, state: { kept: 1 } });
      expect(Object.keys(read!.state)).toEqual(['kept']);
      await store.compareAndSetState(key, 2, {});
      expect(await store.getState(key)).toEqual({ version: 3, state: {} });
    },
  },
  {
    name: 'reads back U+0000 and lone surrogates in a state exactly',
    async run({ openStateStore }, context) {
      const store = await openStateStore(context);
      const key = freshKey();
      const state = { nul: 'a\u0000b', halves: ['\ud83e', '\udc00\ud800'], whole: '🧭' };
      await store.compareAndSetState(key, 0, state);
      expect(await store.getState(key)).toEqual({ version: 1, state });
    },
  },
  {
    name: 'hands out copies: changing a written or returned state changes nothing stored',
    async run({ openStateStore }, context) {
      const store = await openStateStore(context);
      const key = freshKey();
      const written = { rounds: 1, list: ['a'] };
      await store.compareAndSetState(key, 0, written);
      written.rounds = 99;
      written.list.push('b');
      const read = await store.getState(key);
      (read!.state.list as string[]).push('c');
      read!.state.rounds = 42;
      expect(await store.getState(key)).toEqual({ version: 1, state: { rounds: 1, list: ['a'] } });
    },
  },
  {
    name: 'refuses a state that is not a plain JSON object with a ConfigurationError, writing nothing',
    async run({ openStateStore }, context) {
      const store = await openStateStore(context);
      const key = freshKey();
      const cyclic: Record<string, unknown> = { name: 'loop' };
      cyclic.self = cyclic;
      class Turn {
        id = 't1';
      }
      const bad: unknown[] = [
        null,
        undefined,
        'text',
        7,
        [],
        [{ turn: 't1' }],
        new Date(),
        new Map([['turn', 't1']]),
        new Turn(),
        { at: new Date() },
        { check: () => true },
        { rounds: Number.NaN },
        { rounds: Number.POSITIVE_INFINITY },
        { rounds: 1n },
        { tag: Symbol('tag') },
        { list: [1, undefined] },
        { nested: { deeper: new Set([1]) } },
        cyclic,
      ];
      for (const [index, value] of bad.entries()) {
        await expect(
          store.compareAndSetState(key, 0, value as Record<string, unknown>),
          `bad state #${index}`,
        ).rejects.toBeInstanceOf(ConfigurationError);
      }
      expect(await store.getState(key)).toBeUndefined();
      await store.compareAndSetState(key, 0, { fine: true });
      await expect(
        store.compareAndSetState(key, 1, { at: new Date() } as Record<string, unknown>),
      ).rejects.toBeInstanceOf(ConfigurationError);
      expect(await store.getState(key)).toEqual({ version: 1, state: { fine: true } });
    },
  },
];
