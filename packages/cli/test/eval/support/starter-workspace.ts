/**
 * Runs a starter-suite task's check the way `plankeeper eval --suite` does: the task's `files/`
 * copied into a fresh workspace, optionally overlaid with a reference solution, then the one
 * command in `check` run with `sh` in the workspace and `PLANKEEPER_TASK_DIR` set to the task.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const suiteDir = new URL('../../../eval-suite/', import.meta.url).pathname;
export const solutionsDir = new URL('../starter-solutions/', import.meta.url).pathname;

/** A fresh workspace holding the task's starting files, with `overlay` copied over them. */
export function workspaceFor(taskId: string, overlay?: string): string {
  const workspace = mkdtempSync(join(tmpdir(), `starter-${taskId}-`));
  const files = join(suiteDir, taskId, 'files');
  if (existsSync(files)) cpSync(files, workspace, { recursive: true });
  if (overlay) cpSync(overlay, workspace, { recursive: true });
  return workspace;
}

export interface CheckOutcome {
  status: number | null;
  output: string;
}

/** Runs the task's check in `workspace`, then removes the workspace. */
export function runCheck(taskId: string, workspace: string): CheckOutcome {
  const command = readFileSync(join(suiteDir, taskId, 'check'), 'utf8').trim();
  try {
    const run = spawnSync('sh', ['-c', command], {
      cwd: workspace,
      encoding: 'utf8',
      env: { ...process.env, PLANKEEPER_TASK_DIR: join(suiteDir, taskId) },
      timeout: 10_000,
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}
