/** A fixed suite report for the text and page tests: three tasks, two arms, two reps, one error. */

import type { SuiteRunRecord } from '../../src/eval/suite/suite-record.js';
import { buildSuiteReport, type SuiteReport } from '../../src/eval/suite/suite-report.js';

const TASKS = ['fix-typo', 'two-files', '<b>odd & "name"</b>'];

function record(
  task: string,
  arm: string,
  rep: number,
  status: SuiteRunRecord['status'],
): SuiteRunRecord {
  const planned = arm === 'standard';
  return {
    task,
    arm,
    rep,
    status,
    attempts: status === 'error' ? 4 : 1,
    modelCalls: planned ? 6 : 3,
    inputTokens: planned ? 4200 : 2100,
    outputTokens: planned ? 300 : 150,
    wallMs: planned ? 2500 : 1200,
    ...(status === 'error' && {
      error: 'Cannot reach OpenAI at http://127.0.0.1:1/v1: connection refused.',
    }),
    ...(status === 'failed' && { checkExitCode: 1, checkOutput: 'b.txt still says hello' }),
  };
}

export function sampleReport(options: { partial?: boolean } = {}): SuiteReport {
  const records: SuiteRunRecord[] = [];
  for (const rep of [1, 2]) {
    for (const task of TASKS) {
      records.push(record(task, 'off', rep, task === 'two-files' ? 'failed' : 'passed'));
      const erred = task === 'fix-typo' && rep === 2;
      records.push(record(task, 'standard', rep, erred ? 'error' : 'passed'));
    }
  }
  const kept = options.partial ? records.slice(0, 7) : records;
  return buildSuiteReport({
    meta: {
      plankeeperVersion: '0.0.0-test',
      model: 'openai:small-model',
      agent: null,
      baseUrlHost: 'localhost:11434',
      suite: 'my-suite',
      lang: 'en',
      armNames: ['off', 'standard'],
      reps: 2,
      order: 'rep, task, arm',
      prices: { inPerMillion: 0.15, outPerMillion: 0.6 },
      prompts: TASKS.map((task) => ({
        task,
        file: 'task.md',
        sha256: '0'.repeat(64),
        text: `Do ${task}.`,
      })),
      startedAt: '2026-01-01T00:00:00.000Z',
      finishedAt: '2026-01-01T00:10:00.000Z',
    },
    checks: new Map(TASKS.map((task) => [task, 'npm test'])),
    records: kept,
    planned: records.length,
  });
}
