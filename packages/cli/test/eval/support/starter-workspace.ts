/**
 * Runs a starter-suite task's check the way `plankeeper eval --suite` does: the task's `files/`
 * copied into a fresh workspace (optionally with a reference solution laid over them), then the
 * one command in `check` run with `sh`, the workspace as its folder and `PLANKEEPER_TASK_DIR`
 * naming the task's folder, where the check keeps its logic out of the model's reach.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const suiteDir = new URL('../../../eval-suite/', import.meta.url).pathname;
/** Reference solutions: only the files a task changes, kept out of the shipped suite. */
export const solutionsDir = new URL('../starter-solutions/', import.meta.url).pathname;

/** A fresh workspace holding the task's starting files, with its reference solution over them if asked. */
export function workspaceFor(taskId: string, solved = false): string {
  const workspace = mkdtempSync(join(tmpdir(), `starter-${taskId}-`));
  const files = join(suiteDir, taskId, 'files');
  if (existsSync(files)) cpSync(files, workspace, { recursive: true });
  if (solved) cpSync(join(solutionsDir, taskId), workspace, { recursive: true });
  return workspace;
}

/** An empty workspace: what a run that deleted everything leaves behind. */
export function emptyWorkspace(): string {
  return mkdtempSync(join(tmpdir(), 'starter-empty-'));
}

export interface CheckOutcome {
  /** The exit code of `sh`; 0 is a pass. */
  status: number;
  output: string;
}

/** Runs the task's check in `workspace`, then removes the workspace. */
export async function runCheck(taskId: string, workspace: string): Promise<CheckOutcome> {
  const command = readFileSync(join(suiteDir, taskId, 'check'), 'utf8').trim();
  const env = { ...process.env, PLANKEEPER_TASK_DIR: join(suiteDir, taskId) };
  try {
    return await new Promise((resolve) => {
      execFile(
        'sh',
        ['-c', command],
        { cwd: workspace, env, timeout: 15_000 },
        (error, out, err) => {
          const status = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          resolve({ status, output: `${out}${err}` });
        },
      );
    });
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}
