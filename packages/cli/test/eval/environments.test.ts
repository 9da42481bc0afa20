import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import type { ToolDefinition } from 'plankeeper';
import { describe, expect, it } from 'vitest';
import { CheckedFolder } from '../../src/eval/environments/checked-folder.js';
import {
  annotateSource,
  fixDaysBetween,
  isFullyAnnotated,
  PythonUtilsProject,
} from '../../src/eval/environments/python-utils.js';
import { ReleaseDesk } from '../../src/eval/environments/release-desk.js';

function tool(tools: ToolDefinition[], name: string): ToolDefinition {
  const found = tools.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

describe('PythonUtilsProject', () => {
  it('fails the tests on the off-by-one until days_between is fixed', async () => {
    const project = new PythonUtilsProject();
    const run = tool(project.tools, 'run_tests');
    const failing = await run.execute({}, {});
    expect(failing.text).toContain('FAILED tests/test_utils.py::test_days_between - assert 3 == 2');
    const dates = project.files.get('utils/dates.py')!;
    await tool(project.tools, 'write_file').execute(
      { path: 'utils/dates.py', content: fixDaysBetween(dates) },
      {},
    );
    expect((await run.execute({}, {})).text).toContain('4 passed');
    expect(project.testRuns).toEqual([false, true]);
    expect(project.bugFixed).toBe(true);
  });

  it('counts a module as annotated only when every function is', async () => {
    const project = new PythonUtilsProject();
    expect(project.annotatedModules()).toEqual([]);
    const strings = project.files.get('utils/strings.py')!;
    const half = strings.replace('def slugify(text):', 'def slugify(text: str) -> str:');
    expect(isFullyAnnotated(half)).toBe(false);
    expect(isFullyAnnotated(annotateSource(strings))).toBe(true);
    expect(isFullyAnnotated('def f(a: int, b) -> int:\n    pass')).toBe(false);
    expect(isFullyAnnotated('def f(a: Callable[[], int], b: int) -> int:\n    pass')).toBe(true);
    await tool(project.tools, 'write_file').execute(
      { path: 'utils/strings.py', content: annotateSource(strings) },
      {},
    );
    expect(project.annotatedModules()).toEqual(['utils/strings.py']);
  });

  it('breaks the test run when a function disappears, and refuses writes outside utils/ and tests/', async () => {
    const project = new PythonUtilsProject();
    const write = tool(project.tools, 'write_file');
    await write.execute({ path: 'utils/money.py', content: '"""gone"""\n' }, {});
    expect((await tool(project.tools, 'run_tests').execute({}, {})).text).toContain(
      "ImportError: cannot import name 'to_cents' from 'utils.money'",
    );
    const refused = await write.execute({ path: 'setup.py', content: '' }, {});
    expect(refused).toMatchObject({ ok: false });
    const listing = await tool(project.tools, 'list_files').execute({ path: 'utils/' }, {});
    expect(listing.text.split('\n')).toHaveLength(5);
    const bad = await tool(project.tools, 'read_file').execute({ file: 'x' }, {});
    expect(bad.ok).toBe(false);
  });
});

describe('ReleaseDesk', () => {
  it('records each action with its user turn', async () => {
    const desk = new ReleaseDesk();
    await tool(desk.tools, 'set_version').execute({ version: '2.5.0' }, {});
    desk.beginTurn(2);
    const published = await tool(desk.tools, 'publish_package').execute({}, {});
    expect(published.text).toBe('Published voltway-sdk@2.5.0.');
    expect(desk.did('set_version', 1)).toBe(true);
    expect(desk.did('publish_package', 1)).toBe(false);
    expect(desk.did('publish_package', 2)).toBe(true);
    const wrong = await tool(desk.tools, 'apply_patch').execute({ name: 'nope' }, {});
    expect(wrong).toMatchObject({ ok: false });
    expect(wrong.text).toContain('Available: fix-login-timeout');
    expect(desk.did('apply_patch')).toBe(false);
  });
});

describe('CheckedFolder', () => {
  it("compares the files with the person's spec, counts only the harness's runs, and updates the spec by turn", async () => {
    const folder = new CheckedFolder('en', {
      1: { 'NOTES.md': 'one\ntwo\n' },
      2: { 'NOTES.md': 'one\n' },
    });
    try {
      expect(folder.check()).toEqual({
        ok: false,
        output: 'FAIL NOTES.md: the file is missing\n1 of 1 files differ',
      });
      const write = tool(folder.tools, 'write_file');
      await write.execute({ path: 'NOTES.md', content: 'one\nthree\n' }, {});
      expect(folder.check()).toEqual({
        ok: false,
        output:
          'FAIL NOTES.md: line 2 differs\n  expected: two\n  actual:   three\n1 of 1 files differ',
      });
      // The eval's own checks are not runs; the command as the harness runs it is.
      expect(folder.checkRuns()).toBe(0);
      const run = spawnSync(folder.verify.command, { shell: true, cwd: folder.verify.cwd });
      expect(run.status).toBe(1);
      expect(folder.checkRuns()).toBe(1);
      await write.execute({ path: 'NOTES.md', content: 'one\ntwo\n' }, {});
      expect(folder.check()).toEqual({ ok: true });
      // The person's spec changes from turn 2 on; the work folder does not.
      folder.beginTurn(2);
      expect(folder.check()).toMatchObject({ ok: false });
      expect(readdirSync(folder.workspace).sort()).toEqual(['NOTES.md', 'check.mjs']);
    } finally {
      folder.dispose();
    }
    expect(existsSync(folder.root)).toBe(false);
  });
});
