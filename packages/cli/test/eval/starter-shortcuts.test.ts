/**
 * The starter suite's checks against the answers a reference solution does not cover: ways to
 * look done without being done (they must fail, naming what is missing) and other right
 * answers (they must pass).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCheck, solutionsDir, suiteDir, workspaceFor } from './support/starter-workspace.js';

/**
 * Ways to look done without being done. Each starts from the reference solution (or the
 * untouched files) and undoes or fakes one part; the check must still fail and name it.
 */
const SHORTCUTS: {
  task: string;
  name: string;
  solved: boolean;
  apply: (workspace: string) => void;
  says: RegExp;
}[] = [
  {
    task: 'fix-median-test',
    name: 'deleting the failing test file',
    solved: false,
    apply: (workspace) => rmSync(join(workspace, 'test/stats.test.js')),
    says: /test\/stats\.test\.js was changed/,
  },
  {
    task: 'fix-median-test',
    name: 'deleting the failing test case',
    solved: false,
    apply: (workspace) => {
      const test = join(workspace, 'test/stats.test.js');
      const text = readFileSync(test, 'utf8');
      writeFileSync(test, text.replace(/test\('median sorts[\s\S]*?\n\}\);\n/, ''));
    },
    says: /was changed/,
  },
  {
    task: 'fix-cart-tests',
    name: 'fixing one of the two bugs',
    solved: false,
    apply: (workspace) =>
      writeFileSync(
        join(workspace, 'src/cart.js'),
        readFileSync(join(solutionsDir, 'fix-cart-tests/src/cart.js'), 'utf8'),
      ),
    says: /node test\/discount\.test\.js exits 1/,
  },
  {
    task: 'package-hygiene',
    name: 'doing the package.json half only',
    solved: false,
    apply: (workspace) =>
      writeFileSync(
        join(workspace, 'package.json'),
        readFileSync(join(solutionsDir, 'package-hygiene/package.json'), 'utf8'),
      ),
    says: /not done: 4 LICENSE, 5 no debug log, 6 VERSION, 7 usage, 8 test$/m,
  },
  {
    task: 'options-object-signature',
    name: 'accepting both forms and leaving the callers alone',
    solved: false,
    apply: (workspace) =>
      writeFileSync(
        join(workspace, 'src/format-price.js'),
        `export function formatPrice(options, currency = 'USD') {
  const price = typeof options === 'object' ? options : { amount: options, currency };
  return \`\${(price.amount / 100).toFixed(2)} \${price.currency ?? 'USD'}\`;
}
`,
      ),
    says: /still calls formatPrice with positional arguments/,
  },
  {
    task: 'extract-tax-constant',
    name: 'adding the constant without using it',
    solved: false,
    apply: (workspace) =>
      writeFileSync(join(workspace, 'src/constants.js'), 'export const TAX_RATE = 0.2;\n'),
    says: /at 0\.5: gross is 1200/,
  },
  {
    task: 'rename-config-key',
    name: 'renaming everywhere but forgetting the version',
    solved: true,
    apply: (workspace) =>
      writeFileSync(
        join(workspace, 'package.json'),
        readFileSync(join(suiteDir, 'rename-config-key/files/package.json'), 'utf8'),
      ),
    says: /version is not 1\.3\.0/,
  },
  {
    task: 'service-facts',
    name: 'answering with the development port',
    solved: true,
    apply: (workspace) => {
      const path = join(workspace, 'answer.json');
      writeFileSync(path, readFileSync(path, 'utf8').replace('8443', '3000'));
    },
    says: /wrong or missing: apiPort$/m,
  },
  {
    task: 'add-email-field',
    name: 'leaving the tests without a test of email',
    solved: true,
    apply: (workspace) =>
      writeFileSync(
        join(workspace, 'test/user.test.js'),
        readFileSync(join(suiteDir, 'add-email-field/files/test/user.test.js'), 'utf8'),
      ),
    says: /has no test of email/,
  },
];

describe.concurrent('shortcuts that do not pass', () => {
  it.each(SHORTCUTS)('$task: $name', async ({ task, solved, apply, says }) => {
    const workspace = workspaceFor(task, solved);
    apply(workspace);
    const outcome = await runCheck(task, workspace);
    expect(outcome.status, outcome.output).toBe(1);
    expect(outcome.output).toMatch(says);
  });
});

/** Other right answers than the reference solution: a check tests the task, not one way to do it. */
const VARIANTS: { task: string; name: string; apply: (workspace: string) => void }[] = [
  {
    task: 'options-object-signature',
    name: 'the options object taken whole and destructured inside',
    apply: (workspace) =>
      writeFileSync(
        join(workspace, 'src/format-price.js'),
        `export function formatPrice(options) {
  const { amount, currency = 'USD' } = options;
  return \`\${(amount / 100).toFixed(2)} \${currency}\`;
}
`,
      ),
  },
  {
    task: 'fix-median-test',
    name: 'sorting a typed array instead',
    apply: (workspace) => {
      const path = join(workspace, 'src/stats.js');
      const text = readFileSync(join(suiteDir, 'fix-median-test/files/src/stats.js'), 'utf8');
      writeFileSync(path, text.replace('[...values].sort()', 'Float64Array.from(values).sort()'));
    },
  },
  {
    task: 'service-facts',
    name: 'numbers written as strings, the team without its @',
    apply: (workspace) =>
      writeFileSync(
        join(workspace, 'answer.json'),
        JSON.stringify({
          apiPort: '8443',
          databaseName: 'ledger_main',
          maxRetries: '4',
          owner: 'acme/payments-core',
          productionLogLevel: 'WARN',
        }),
      ),
  },
];

describe.concurrent('other right answers that pass', () => {
  it.each(VARIANTS)('$task: $name', async ({ task, apply }) => {
    const workspace = workspaceFor(task, true);
    apply(workspace);
    const outcome = await runCheck(task, workspace);
    expect(outcome, outcome.output).toEqual({ status: 0, output: '' });
  });
});
