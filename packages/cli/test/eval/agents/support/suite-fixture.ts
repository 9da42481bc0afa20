/**
 * The small two-task suite of fixtures/two-task-suite, run the way the suite runner runs a task
 * (that runner is built apart): a fresh workspace with the task's files/ copied in, the prompt
 * from task.md, and the task's check run with `sh` in the workspace afterwards (exit 0 = pass).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SUITE = fileURLToPath(new URL('../fixtures/two-task-suite/', import.meta.url));

export type TaskId = 'two-files' | 'one-file';

/** A run's input, as the executor takes it (SuiteRunInput of src/eval/suite/run-executor.ts). */
export interface TaskInput {
  taskId: string;
  workspace: string;
  prompt: string;
  arm: string;
  checkCommand: string;
  locale: 'en' | 'zh';
  signal: AbortSignal;
}

export interface TaskRun {
  input: TaskInput;
  /** Runs the task's check in the workspace: true when it exits 0. */
  check(): boolean;
  dispose(): void;
}

export function taskRun(taskId: TaskId, arm: string): TaskRun {
  const folder = join(SUITE, taskId);
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), `pk-eval-ws-${taskId}-`)));
  if (existsSync(join(folder, 'files')))
    cpSync(join(folder, 'files'), workspace, { recursive: true });
  const checkCommand = readFileSync(join(folder, 'check'), 'utf8').trim();
  return {
    input: {
      taskId,
      workspace,
      prompt: readFileSync(join(folder, 'task.md'), 'utf8').trim(),
      arm,
      checkCommand,
      locale: 'en',
      signal: new AbortController().signal,
    },
    check: () => spawnSync('sh', ['-c', checkCommand], { cwd: workspace }).status === 0,
    dispose: () => rmSync(workspace, { recursive: true, force: true }),
  };
}
