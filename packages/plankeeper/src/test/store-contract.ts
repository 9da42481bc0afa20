/**
 * The store contract (see `PlanStore`), as a vitest suite any store can run. A store that
 * passes it can back the engine; a store that fails it loses or corrupts plans somewhere.
 * Call it inside your own `describe`, with a function that opens a fresh store over one
 * shared backing database (the suite opens several at once to test what they share).
 *
 * The harness state tests (`getState` / `compareAndSetState`, optional in the contract)
 * run when the store has both methods. A store without them has those tests reported as
 * skipped, with the reason, and never passing; set `harnessState: true` to make a missing
 * method fail them instead.
 *
 * @example
 * import { describe } from 'vitest';
 * import { storeContract } from 'plankeeper/test/store-contract';
 * describe('my store', () => storeContract({ open: () => MyStore.connect(url) }));
 */
import { describe } from 'vitest';
import { checkCases } from './store-contract/checks.js';
import {
  contractSuite,
  defineCases,
  type StoreContractTarget,
} from './store-contract/contract-suite.js';
import { deleteCases } from './store-contract/delete.js';
import { epochCases } from './store-contract/epoch.js';
import { stateLifetimeCases } from './store-contract/harness-state-lifetime.js';
import { stateRaceCases } from './store-contract/harness-state-races.js';
import { stateValueCases } from './store-contract/harness-state-values.js';
import { stateVersionCases } from './store-contract/harness-state-versions.js';
import { historyCases } from './store-contract/history.js';
import { listCases } from './store-contract/list.js';
import { subscribeCases } from './store-contract/subscribe.js';
import { ttlCases } from './store-contract/ttl.js';
import { unreadableRecordCases } from './store-contract/unreadable-records.js';
import { versionCases } from './store-contract/versions.js';

export type { StoreContractTarget } from './store-contract/contract-suite.js';

/** Defines the contract's tests for `target`; closes every store it opened after each test. */
export function storeContract(target: StoreContractTarget): void {
  const suite = contractSuite(target);
  describe('get and compare-and-set', () => defineCases(suite, versionCases));
  describe('TTL', () => defineCases(suite, ttlCases));
  describe('epoch', () => defineCases(suite, epochCases));
  describe('history', () => defineCases(suite, historyCases));
  describe('delete', () => defineCases(suite, deleteCases));
  describe('checks', () => defineCases(suite, checkCases));
  describe('list', () => defineCases(suite, listCases));
  describe('subscribe', () => defineCases(suite, subscribeCases));
  describe('harness state', () => {
    defineCases(suite, stateVersionCases);
    defineCases(suite, stateValueCases);
    defineCases(suite, stateRaceCases);
    defineCases(suite, stateLifetimeCases);
  });
  unreadableRecordCases(suite);
}
