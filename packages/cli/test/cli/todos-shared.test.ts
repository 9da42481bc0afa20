/**
 * `plankeeper todos --list NAME` on a list two sessions wrote: the plan names the owner of
 * the item in progress, and each history line names the session that wrote it.
 */
import { sharedListKey } from 'plankeeper/harness';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { seededStore } from '../support/seeded-store.js';

describe('plankeeper todos --list', () => {
  it('names the writer of each revision of a shared list', async () => {
    const key = sharedListKey('release');
    const url = await seededStore('plankeeper-todos-shared-', async (engine) => {
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
    });

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
