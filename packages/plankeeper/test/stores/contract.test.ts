/**
 * The store contract (`plankeeper/test/store-contract`), run against every store here.
 */

import { storeContract } from 'plankeeper/test/store-contract';
import { afterAll, beforeAll, describe } from 'vitest';
import { allBackends, type StoreNamespace, warnIfUnavailable } from '../support/store-fixtures.js';

describe.each(allBackends)('$name store', (backend) => {
  const skip = warnIfUnavailable(backend, 'the store contract suite');

  describe.skipIf(skip)('contract', () => {
    let namespace: StoreNamespace;
    beforeAll(async () => {
      namespace = await backend.namespace();
    });
    afterAll(async () => {
      await namespace?.cleanup();
    });
    storeContract({
      open: (options) => namespace.open(options),
      shared: backend.shared,
      // Every plankeeper store keeps harness state: a missing method fails, never skips.
      harnessState: true,
      ...(backend.name === 'memory' ? {} : { plant: (key, bad) => namespace.plant!(key, bad) }),
    });
  });
});
