/**
 * The starter suite that ships with the CLI (`eval-suite/`, run by `plankeeper eval --suite`):
 * every task's check fails on the untouched files (and on an empty workspace, in one line) and
 * passes on a reference solution, and every task has the layout the runner reads. Shortcuts
 * and other right answers: starter-shortcuts.test.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
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
