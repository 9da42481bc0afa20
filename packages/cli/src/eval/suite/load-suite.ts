/**
 * A suite folder as tasks: one folder per task with `task.md` (or `task.zh.md` under zh), an
 * optional `files/` and a `check` file holding a shell command (or a `#!` script). Everything
 * is read and checked before the first run, so a broken suite fails at once, not an hour in.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocaleId } from 'plankeeper';
import { SuiteError } from './suite-error.js';

export interface SuiteTask {
  /** The task folder's name. */
  readonly id: string;
  readonly prompt: string;
  /** `task.md` or `task.zh.md`: which file the prompt came from. */
  readonly promptFile: string;
  readonly promptSha256: string;
  readonly checkCommand: string;
  /**
   * The check as it runs: with `PLANKEEPER_TASK_DIR` set to the task folder, so a check can
   * keep its logic beside `check`, outside the workspace the model edits. The checks arm's
   * verify command is this too, since the host runs it outside the suite runner.
   */
  readonly runnableCheck: string;
  /** The folder copied into each run's workspace, when the task has one. */
  readonly filesDir: string | undefined;
}

export interface LoadedSuite {
  readonly dir: string;
  readonly tasks: readonly SuiteTask[];
}

/** The suite the CLI ships (`packages/cli/eval-suite/`), which `--suite starter` names. */
export const STARTER_SUITE = fileURLToPath(new URL('../../../eval-suite', import.meta.url));

export function loadSuite(dir: string, lang: LocaleId): LoadedSuite {
  // `starter` is the shipped suite, unless the person has a folder of that name here.
  const root = dir === 'starter' && !existsSync(dir) ? STARTER_SUITE : resolve(dir);
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
    throw new SuiteError(`--suite: ${dir} is not a folder. Give a folder of task folders.`);
  }
  const names = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  if (names.length === 0) {
    throw new SuiteError(
      `--suite: ${dir} holds no task folders. Add one folder per task with task.md and check.`,
    );
  }
  return { dir: root, tasks: names.map((name) => loadTask(join(root, name), name, lang)) };
}

function loadTask(folder: string, id: string, lang: LocaleId): SuiteTask {
  const localized = lang === 'zh' && existsSync(join(folder, 'task.zh.md'));
  const promptFile = localized ? 'task.zh.md' : 'task.md';
  const prompt = readText(join(folder, promptFile));
  if (prompt === undefined || prompt.trim() === '') {
    throw new SuiteError(`Task ${id}: no ${promptFile} (or it is empty). Write the prompt there.`);
  }
  const check = readText(join(folder, 'check'))?.trim();
  if (check === undefined || check === '') {
    throw new SuiteError(
      `Task ${id}: no check file (or it is empty). Put the shell command that passes when the task is done in ${id}/check.`,
    );
  }
  const files = join(folder, 'files');
  return {
    id,
    prompt,
    promptFile,
    promptSha256: createHash('sha256').update(prompt).digest('hex'),
    checkCommand: check,
    runnableCheck: `PLANKEEPER_TASK_DIR=${shellQuote(folder)}; export PLANKEEPER_TASK_DIR; ${asCommand(check, join(folder, 'check'))}`,
    filesDir: statSync(files, { throwIfNoEntry: false })?.isDirectory() ? files : undefined,
  };
}

/**
 * A check that starts with `#!` is a script: run with the interpreter its first line names
 * (a Node or Python check, no execute bit needed). Anything else is shell, as written.
 */
function asCommand(check: string, file: string): string {
  if (!check.startsWith('#!')) return check;
  const interpreter = check.slice(2).split('\n')[0]?.trim() ?? '';
  return `${interpreter} ${shellQuote(file)}`;
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

function readText(path: string): string | undefined {
  return statSync(path, { throwIfNoEntry: false })?.isFile()
    ? readFileSync(path, 'utf8')
    : undefined;
}
