/**
 * What every case of the store contract works with: the store under test (`target`), a way
 * to open stores that the suite closes after each test, and keys no other test touches.
 */
import { afterEach, expect, it, type TestContext } from 'vitest';
import type { PlanKey } from '../../engine/plan-key.js';
import type { PlanStore } from '../../engine/store/plan-store.js';

export interface StoreContractTarget {
  /** A new store over the shared backing data; `historyLimit` when the suite asks for one. */
  open(options?: { historyLimit?: number }): Promise<PlanStore>;
  /** Whether two stores from `open` see each other's writes (a database, not memory). */
  shared?: boolean;
  /**
   * Overwrites the stored record of `key` with one of an unknown format version (99) or
   * with undecodable data. Stores that keep objects rather than encoded records have
   * nothing to corrupt and leave it out; the unreadable-record tests then do not run.
   */
  plant?(key: PlanKey, bad: 'future-format' | 'garbage'): Promise<void>;
  /**
   * True when the store must keep harness state: the harness state tests then fail for a
   * store without `getState` and `compareAndSetState` instead of being skipped.
   */
  harnessState?: boolean;
}

/** A store with the optional harness state methods. */
export type StateStore = PlanStore & Required<Pick<PlanStore, 'getState' | 'compareAndSetState'>>;

/** Every store here keeps epochs (see the store contract). */
export const anEpoch = expect.any(String);

let keyCounter = 0;
export const byScopeDepth = (a: PlanKey, b: PlanKey) =>
  (a.scope?.length ?? 0) - (b.scope?.length ?? 0);

/** A key no other test touches: its own agent, so filters see only this test's plans. */
export function freshKey(session = 's1', scope?: string[]): PlanKey {
  const agent = `agent-${++keyCounter}-${Math.random().toString(36).slice(2, 6)}`;
  return scope ? { agent, session, scope } : { agent, session };
}

/** The stores a case opens, through the suite so that it closes them. */
export interface ContractSuite {
  target: StoreContractTarget;
  open(options?: { historyLimit?: number }): Promise<PlanStore>;
  /** A store for a harness state test; skips the test, saying why, when the store keeps none. */
  openStateStore(context: TestContext): Promise<StateStore>;
  /** One store, or two over the same data for a shared store. */
  openStateStores(context: TestContext): Promise<StateStore[]>;
}

/** One MUST or SHOULD of the contract, as a test. */
export interface ContractCase {
  name: string;
  /** Only for a shared store: one with a second instance over the same data. */
  sharedOnly?: true;
  run(suite: ContractSuite, context: TestContext): Promise<void>;
}

/** The suite for `target`; closes every store it opened after each test. */
export function contractSuite(target: StoreContractTarget): ContractSuite {
  const opened: PlanStore[] = [];

  async function open(options?: { historyLimit?: number }): Promise<PlanStore> {
    const store = await target.open(options);
    opened.push(store);
    return store;
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  let warnedNoState = false;
  /** A store for a harness state test; skips the test, saying why, when the store keeps none. */
  async function openStateStore(context: TestContext): Promise<StateStore> {
    const store = await open();
    const methods = [store.getState, store.compareAndSetState].filter(
      (method) => typeof method === 'function',
    ).length;
    if (methods === 1) {
      throw new Error(
        'The store has only one of getState and compareAndSetState; the contract asks for both or neither.',
      );
    }
    if (methods === 0) {
      if (target.harnessState) {
        throw new Error(
          'The store has no getState and compareAndSetState, but the target says it keeps harness state.',
        );
      }
      if (!warnedNoState) {
        warnedNoState = true;
        console.warn(
          '[plankeeper] SKIPPED the harness state tests of the store contract: the store has no getState/compareAndSetState (optional).',
        );
      }
      context.skip('the store keeps no harness state (getState/compareAndSetState are optional)');
    }
    return store as StateStore;
  }

  /** One store, or two over the same data for a shared store. */
  async function openStateStores(context: TestContext): Promise<StateStore[]> {
    const first = await openStateStore(context);
    return target.shared ? [first, await openStateStore(context)] : [first];
  }

  return { target, open, openStateStore, openStateStores };
}

/** Defines a test for each of `cases` that applies to the suite's store. */
export function defineCases(suite: ContractSuite, cases: readonly ContractCase[]): void {
  for (const each of cases) {
    if (each.sharedOnly && !suite.target.shared) continue;
    it(each.name, (context) => each.run(suite, context));
  }
}
