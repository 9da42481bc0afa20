/**
 * A plan file refused follows `--lang`: through the real `plankeeper todos` (stderr, one
 * line) and the real `plankeeper mcp` driven by the official MCP SDK client (the tool error),
 * in English and Chinese; the file is left as it was.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planFileClient } from '../support/plan-file-mcp-client.js';

import { runCli } from '../support/run-cli.js';

/** The CLI's exit code for a run that could not be done. */
const RUN_FAILED = 1;

const CONFLICT = '- [ ] #1 One\n<<<<<<< HEAD\n- [ ] #2 Ours\n=======\n- [ ] #2 Theirs\n>>>>>>> b\n';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plankeeper-plan-file-refusals-'));
});
afterEach(() => {
  chmodSync(join(dir, 'PLAN.md'), 0o644);
  rmSync(dir, { recursive: true, force: true });
});

/** Each refused file, and the change that meets it. */
const CASES: [string, () => void, string[]][] = [
  ['merge conflict', () => writeFileSync(join(dir, 'PLAN.md'), CONFLICT), []],
  [
    'not UTF-8',
    () => writeFileSync(join(dir, 'PLAN.md'), Buffer.from('- [ ] caf\xe9\n', 'latin1')),
    [],
  ],
  [
    'read-only',
    () => {
      writeFileSync(join(dir, 'PLAN.md'), '- [ ] #1 One\n');
      chmodSync(join(dir, 'PLAN.md'), 0o444);
    },
    ['--add', 'Two'],
  ],
];

describe.each(['en', 'zh'])('plan-file refusals in --lang %s', (lang) => {
  it.each(CASES)('todos: %s', async (_, plant, change) => {
    plant();
    const before = readFileSync(join(dir, 'PLAN.md'));
    const run = await runCli(['todos', '--plan-file', 'PLAN.md', '--lang', lang, ...change], {
      cwd: dir,
      env: { PLANKEEPER_STORE: undefined },
    });
    expect(run.stderr).toMatchSnapshot();
    expect(run.stderr.trimEnd()).not.toContain('\n');
    expect(run.code).toBe(RUN_FAILED);
    expect(readFileSync(join(dir, 'PLAN.md'))).toEqual(before);
  });

  it('mcp: a merge conflict, as the tool error', async () => {
    writeFileSync(join(dir, 'PLAN.md'), CONFLICT);
    const client = await planFileClient(dir, '--lang', lang);
    try {
      const read = (await client.callTool({ name: 'todo_read', arguments: {} })) as CallToolResult;
      expect(read.isError).toBe(true);
      expect(read.content).toMatchSnapshot();
    } finally {
      await client.close();
    }
    expect(readFileSync(join(dir, 'PLAN.md'), 'utf8')).toBe(CONFLICT);
  });
});
