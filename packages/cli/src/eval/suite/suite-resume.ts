/**
 * `--out FILE` keeps the report on disk after every run; `--resume FILE` continues one,
 * skipping the runs it holds. A report from another suite, model, language or set of arms
 * (or prompts that changed since) is refused: its runs would not be comparable.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { SuiteError } from './suite-error.js';
import type { SuiteRunRecord } from './suite-record.js';
import type { SuiteMeta, SuiteReport } from './suite-report.js';

export interface ResumedRun {
  startedAt: string;
  runs: SuiteRunRecord[];
}

export function readResume(file: string, meta: SuiteMeta): ResumedRun {
  let previous: Partial<SuiteReport>;
  try {
    previous = JSON.parse(readFileSync(file, 'utf8')) as Partial<SuiteReport>;
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'not JSON';
    throw new SuiteError(`--resume: ${file}: ${why}. Give a file written by --out or --json.`);
  }
  if (!Array.isArray(previous.runs) || typeof previous.startedAt !== 'string') {
    throw new SuiteError(
      `--resume: ${file} is not a suite eval report. Give a file written by --out or --json.`,
    );
  }
  for (const field of ['suite', 'model', 'agent', 'lang'] as const) {
    if (previous[field] !== meta[field]) {
      throw differs(file, field, previous[field], meta[field]);
    }
  }
  if (JSON.stringify(previous.armNames) !== JSON.stringify(meta.armNames)) {
    throw differs(file, 'arms', previous.armNames?.join(','), meta.armNames.join(','));
  }
  const hashes = new Map(meta.prompts.map((prompt) => [prompt.task, prompt.sha256]));
  const changed = (previous.prompts ?? []).find(
    (prompt) => hashes.get(prompt.task) !== prompt.sha256,
  );
  if (changed) {
    throw new SuiteError(
      `--resume: task ${changed.task} changed or is gone since ${file} was written. Start a new run without --resume.`,
    );
  }
  return { startedAt: previous.startedAt, runs: previous.runs };
}

function differs(file: string, field: string, was: unknown, now: unknown): SuiteError {
  return new SuiteError(
    `--resume: ${file} was run with ${field} ${JSON.stringify(was)}, not ${JSON.stringify(now)}. Use the same flags, or start anew without --resume.`,
  );
}

/** Whole or not at all: a crash mid-write never leaves half a report to resume from. */
export function writeReportFile(file: string, report: SuiteReport): void {
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(report, null, 2)}\n`);
  renameSync(partial, file);
}
