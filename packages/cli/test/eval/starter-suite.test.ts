/**
 * The starter suite that ships with the CLI (`eval-suite/`, run by `plankeeper eval --suite`):
 * every task's check fails on the untouched files and passes on a reference solution, a few
 * obvious shortcuts do not pass, and every task has the layout the runner reads.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  emptyWorkspace,
  runCheck,
  solutionsDir,
  suiteDir,
  workspaceFor,
} from './support/starter-workspace.js';

const taskIds = readdirSync(suiteDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const read = (taskId: string, name: string) => readFileSync(join(suiteDir, taskId, name), 'utf8');
const filesOf = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((path) =>
    statSync(join(folder, path)).isFile(),
  );

describe.concurrent('every starter task', () => {
  describe.each(taskIds)('%s', (taskId) => {
    it('fails its check on the untouched files', async () => {
      const outcome = await runCheck(taskId, workspaceFor(taskId));
      expect(outcome.status, outcome.output).not.toBe(0);
      // A failing check says why in one line, never with a stack trace.
      expect(outcome.output).toMatch(/^check failed: .+\n$/);
    });

    it('fails with one line, not a stack trace, on an empty workspace', async () => {
      const outcome = await runCheck(taskId, emptyWorkspace());
      expect(outcome.status).toBe(1);
      expect(outcome.output).toMatch(/^check failed: .+\n$/);
    });

    it('passes its check with the reference solution', async () => {
      const outcome = await runCheck(taskId, workspaceFor(taskId, true));
      expect(outcome, outcome.output).toEqual({ status: 0, output: '' });
    });
  });
});

describe('the starter suite layout', () => {
  it('holds 20 to 30 tasks with stable kebab-case ids, each with a reference solution', () => {
    expect(taskIds.length).toBeGreaterThanOrEqual(20);
    expect(taskIds.length).toBeLessThanOrEqual(30);
    expect(taskIds.filter((id) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id))).toEqual([]);
    expect(new Set(taskIds.map((id) => id.toLowerCase())).size).toBe(taskIds.length);
    expect(readdirSync(solutionsDir).sort()).toEqual(taskIds);
  });

  it("is the README's task table: every id with its kind and step count, no more, no less", () => {
    const readme = readFileSync(join(suiteDir, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## The tasks'));
    const rows = [...table.matchAll(/^\| `([a-z0-9-]+)` +\| ([a-z-]+) +\| (\d+) +\|/gm)].map(
      ([, id, kind, steps]) => ({ id, kind, steps: Number(steps) }),
    );
    const metas = taskIds.map((id) => {
      const { kind, steps } = JSON.parse(read(id, 'meta.json')) as { kind: string; steps: number };
      return { id, kind, steps };
    });
    expect(rows).toEqual(metas);
    const ones = [
      '',
      '-one',
      '-two',
      '-three',
      '-four',
      '-five',
      '-six',
      '-seven',
      '-eight',
      '-nine',
    ];
    const count = taskIds.length === 30 ? 'Thirty' : `Twenty${ones[taskIds.length - 20]}`;
    expect(readme).toContain(`${count} small coding tasks`);
  });

  it.each(taskIds)('%s has task.md, task.zh.md, check, files/ and meta.json', (taskId) => {
    const entries = readdirSync(join(suiteDir, taskId)).sort();
    expect(entries).toEqual(
      expect.arrayContaining(['check', 'files', 'meta.json', 'task.md', 'task.zh.md']),
    );
    expect(statSync(join(suiteDir, taskId, 'files')).isDirectory()).toBe(true);
    const meta = JSON.parse(read(taskId, 'meta.json')) as { kind: string; steps: number };
    expect(Object.keys(meta).sort()).toEqual(['kind', 'steps']);
    expect(['multi-step', 'fix-test', 'refactor', 'facts', 'checklist', 'trivial']).toContain(
      meta.kind,
    );
    expect(Number.isInteger(meta.steps) && meta.steps >= 1).toBe(true);
  });

  it.each(taskIds)('%s: the English prompt is English, the Chinese one Chinese', (taskId) => {
    const english = read(taskId, 'task.md').trim();
    const chinese = read(taskId, 'task.zh.md').trim();
    expect(english.length).toBeGreaterThan(40);
    expect(english).not.toMatch(/\p{Script=Han}/u);
    // Code, file names and quoted strings stay as they are; the prose around them is Chinese.
    const prose = chinese.replace(/`[^`]*`/g, '');
    const han = prose.match(/\p{Script=Han}/gu)?.length ?? 0;
    const latin = prose.match(/[A-Za-z]/g)?.length ?? 0;
    expect(han).toBeGreaterThan(15);
    expect(han).toBeGreaterThan(latin);
    // Both name the same files, flags and values.
    const codeSpans = (text: string) => [...text.matchAll(/`[^`]*`/g)].map(([span]) => span).sort();
    expect(codeSpans(chinese)).toEqual(codeSpans(english));
  });

  it.each(taskIds)('%s: one check command whose logic is out of the workspace', (taskId) => {
    const check = read(taskId, 'check');
    expect(check.trim().split('\n')).toHaveLength(1);
    expect(check.trim()).toBe('node "$PLANKEEPER_TASK_DIR/check.mjs"');
    expect(filesOf(join(suiteDir, taskId))).toContain('check.mjs');
    expect(filesOf(join(suiteDir, taskId, 'files'))).not.toContain('check.mjs');
  });

  it.each(taskIds)('%s: files/ is under 20 KB and needs no npm dependency', (taskId) => {
    const files = join(suiteDir, taskId, 'files');
    const bytes = filesOf(files).reduce((sum, path) => sum + statSync(join(files, path)).size, 0);
    expect(bytes).toBeLessThan(20_000);
    const manifest = filesOf(files).includes('package.json')
      ? (JSON.parse(readFileSync(join(files, 'package.json'), 'utf8')) as Record<string, unknown>)
      : {};
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.devDependencies ?? {}).toEqual({});
  });
});

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
