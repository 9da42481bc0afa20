/**
 * Builds `plankeeper/test/store-contract`, the store suite, which is written against vitest
 * (its one peer). The package's `exports` name it, so every build emits it, with or without
 * vitest: what `npm pack` ships must not depend on whether the tests ever ran. Without vitest
 * (`npm ci` installs no test runner) the suite is emitted unchecked (`--noCheck`): its imports
 * of vitest are runtime imports, and the emitted files are the same; `npm test` installs vitest
 * first, so the suite is type-checked whenever the tests run.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const project = fileURLToPath(new URL('../tsconfig.store-contract.json', import.meta.url));

let checked = true;
try {
  require.resolve('vitest/package.json');
} catch {
  checked = false;
}
execFileSync(
  process.execPath,
  [require.resolve('typescript/bin/tsc'), '-p', project, ...(checked ? [] : ['--noCheck'])],
  { stdio: 'inherit' },
);
