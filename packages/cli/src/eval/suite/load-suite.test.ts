/** A suite folder read as tasks: sorted, the prompt in the run's language when the task has one. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSuite } from './load-suite.js';

const SUITE = fileURLToPath(new URL('../../../test/eval/fixtures/suite', import.meta.url));

describe('loadSuite', () => {
  it('reads every task folder in name order, with its check and files', () => {
    const suite = loadSuite(SUITE, 'en');
    expect(suite.tasks.map((task) => [task.id, task.promptFile, task.checkCommand])).toEqual([
      ['one-file', 'task.md', 'grep -qx 42 answer.txt'],
      ['two-files', 'task.md', 'sh "$PLANKEEPER_TASK_DIR/check.sh"'],
    ]);
    // As it runs: the task folder named, so a check's own files can stay out of the workspace.
    expect(suite.tasks[1]!.runnableCheck).toBe(
      `PLANKEEPER_TASK_DIR='${SUITE}/two-files'; export PLANKEEPER_TASK_DIR; sh "$PLANKEEPER_TASK_DIR/check.sh"`,
    );
    expect(suite.tasks[0]!.filesDir).toMatch(/one-file\/files$/);
    const prompt = readFileSync(`${SUITE}/one-file/task.md`, 'utf8');
    expect(suite.tasks[0]!.promptSha256).toBe(createHash('sha256').update(prompt).digest('hex'));
  });

  it('takes task.zh.md under zh where there is one, task.md where not', () => {
    const suite = loadSuite(SUITE, 'zh');
    expect(suite.tasks.map((task) => task.promptFile)).toEqual(['task.zh.md', 'task.md']);
    expect(suite.tasks[0]!.prompt).toContain('把答案写进 answer.txt');
  });
});
