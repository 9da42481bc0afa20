/**
 * `plankeeper todos --list NAME` on a list two sessions wrote: the plan names the owner of
 * the item in progress, and each history line names the session that wrote it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlanEngine } from 'plankeeper';
import { sharedListKey } from 'plankeeper/harness';
import { openStore } from 'plankeeper/stores';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

describe('plankeeper todos --list', () => {
  it('names the writer of each revision of a shared list', async () => {
    const url = `sqlite:${join(mkdtempSync(join(tmpdir(), 'plankeeper-todos-shared-')), 'plans.db')}`;
    const store = await openStore(url);
    const engine = new PlanEngine({ store });
    const key = sharedListKey('release');
    await engine.add(key, [{ content: 'Write docs' }, { content: 'Write tests' }], {
      callId: 'call_a',
      owner: 'sess-a',
    });
    const started = await engine.write(
      key,
      [
        { id: '1', content: 'Write docs', status: 'pending' },
        { id: '2', content: 'Write tests', status: 'in_progress' },
      ],
      { owner: 'sess-b' },
    );
    expect(started.ok).toBe(true);
    await store.close();

    const shown = await runCli(['todos', '--store', url, '--list', 'release']);
    expect(shown).toMatchObject({ code: 0, stderr: '' });
    const lines = shown.stdout.split('\n');
    expect(lines.filter((line) => line.startsWith('- ') && line.includes('#2'))).toEqual([
      expect.stringMatching(/#2 Write tests .*\[sess-b\]$/),
    ]);
    expect(lines.filter((line) => line.startsWith('  v'))).toEqual([
      expect.stringMatching(/^ {2}v1 {2}\S+ {2}todos_add \(call_a, by sess-a\): added #1 #2$/),
      expect.stringMatching(/^ {2}v2 {2}\S+ {2}todo_write \(by sess-b\): /),
    ]);
  });
});
