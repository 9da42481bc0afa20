/**
 * Builds `plankeeper/test/store-contract`, the store suite, which is written against vitest
 * (its one peer). The rest of the package builds without vitest, so `npm ci && npm run demo`
 * need not install a test runner; `npm test` installs it first, so the suite is built, and
 * checked, whenever the tests run. Without vitest this says so in one line and builds nothing.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const project = fileURLToPath(new URL('../tsconfig.store-contract.json', import.meta.url));

let vitest;
try {
  vitest = require.resolve('vitest/package.json');
} catch {
  process.stdout.write(
    'plankeeper/test/store-contract not built: vitest is not installed (npm test installs it).\n',
  );
}
if (vitest) {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', project], {
    stdio: 'inherit',
  });
}
