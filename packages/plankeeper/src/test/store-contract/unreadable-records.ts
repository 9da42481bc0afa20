/**
 * Unreadable records (a future format version, undecodable data): for a store that can plant
 * one (`target.plant`), `get` names the plan it cannot read and a listing still works.
 */
import { describe, expect, it } from 'vitest';
import { PlanRecordError } from '../../engine/errors.js';
import { planRecord } from '../store-test-helpers.js';
import { type ContractSuite, freshKey } from './contract-suite.js';

/** Defines the unreadable-record tests, when the store can plant such a record. */
export function unreadableRecordCases({ target, open }: ContractSuite): void {
  const plant = target.plant;
  if (plant)
    describe('unreadable records', () => {
      it.each(['future-format', 'garbage'] as const)(
        'a %s record makes get throw PlanRecordError naming the key',
        async (bad) => {
          const store = await open();
          const key = freshKey('session/with slash');
          await store.compareAndSet(key, 0, planRecord([{ content: 'fine so far' }]));
          await plant(key, bad);
          const error = await store.get(key).then(
            () => undefined,
            (thrown: unknown) => thrown,
          );
          expect(error).toBeInstanceOf(PlanRecordError);
          expect((error as PlanRecordError).key).toBe(
            `${encodeURIComponent(key.agent)}/${encodeURIComponent(key.session)}`,
          );
          expect((error as Error).message).toContain(encodeURIComponent(key.session));
          expect((error as Error).message).toMatch(
            bad === 'future-format' ? /unknown format version 99/ : /corrupt record/,
          );
          // A listing still works: one bad plan must not hide every other plan.
          expect(
            (await store.list({ agent: key.agent })).map((listing) => listing.version),
          ).toEqual([1]);
        },
      );
    });
}
