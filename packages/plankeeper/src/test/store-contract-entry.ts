/**
 * `plankeeper/test/store-contract`: the suite every plankeeper store passes, to run against a
 * store of your own. It is a vitest suite, so this entry needs vitest (an optional peer);
 * `plankeeper/test` does not.
 *
 * @example
 * import { describe } from 'vitest';
 * import { storeContract } from 'plankeeper/test/store-contract';
 * describe('my store', () => storeContract({ open: () => MyStore.connect(url) }));
 */
export { type StoreContractTarget, storeContract } from './store-contract.js';
