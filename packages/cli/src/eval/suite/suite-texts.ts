/** What a person reads of a suite eval, in each language: the progress lines, the tables and their notes. */
import type { LocaleId } from 'plankeeper';
import type { RunStatus } from './suite-record.js';

export interface SuiteTexts {
  status: Record<RunStatus, string>;
  rep: (rep: number) => string;
  seconds: (seconds: string) => string;
  usage: (calls: string, input: string, output: string, seconds: string) => string;
  armHeader: readonly string[];
  costHeader: string;
  comparisonHeader: readonly string[];
  versus: (a: string, b: string) => string;
  inconclusive: string;
  better: (arm: string) => string;
  noPairs: string;
  partial: (done: number, planned: number) => string;
  note: string;
  stopping: string;
  /** After a run's retryable error: which try comes next, of how many, and when. */
  retrying: (next: number, of: number, seconds: string) => string;
  retryTag: string;
  /** The --html page's words around the chart and the task table. */
  chartCaption: string;
  runsOf: (reps: number, tasks: number) => string;
  taskColumn: string;
  marksLegend: string;
}

const EN: SuiteTexts = {
  status: { passed: 'pass', failed: 'fail', error: 'error' },
  rep: (rep) => `rep ${rep}`,
  seconds: (seconds) => `${seconds} s`,
  usage: (calls, input, output, seconds) =>
    `${calls} ${calls === '1' ? 'call' : 'calls'}, ${input} in / ${output} out tokens, ${seconds} s`,
  armHeader: [
    'arm',
    'runs',
    'passed',
    'errors',
    'pass rate',
    '95% interval',
    'calls',
    'tokens in',
    'tokens out',
    'time',
  ],
  costHeader: 'cost',
  comparisonHeader: ['comparison', 'wins', 'losses', 'ties', 'p', 'verdict'],
  versus: (a, b) => `${a} vs ${b}`,
  inconclusive: 'inconclusive',
  better: (arm) => `${arm} better`,
  noPairs: 'no pairs',
  partial: (done, planned) => `Partial: stopped after ${done} of ${planned} runs.`,
  note: "Only each task's check decides pass or fail. Pass rate = passed / (runs - errors). p: exact two-sided sign test over (task, rep) pairs; p >= 0.05 is inconclusive, even with many tasks: the arms may still differ.",
  stopping: 'Stopping: no new runs start; the report follows.',
  retrying: (next, of, seconds) => `try ${next} of ${of} in ${seconds} s`,
  retryTag: 'retry',
  chartCaption: 'Pass rate per arm (bar) with its 95% interval (line). Errors are left out.',
  runsOf: (reps, tasks) =>
    `${reps} ${reps === 1 ? 'rep' : 'reps'} × ${tasks} ${tasks === 1 ? 'task' : 'tasks'}`,
  taskColumn: 'task',
  marksLegend: '✓ pass, ✗ fail, ! error: one mark per rep.',
};

const ZH: SuiteTexts = {
  status: { passed: '通过', failed: '未通过', error: '出错' },
  rep: (rep) => `第 ${rep} 次`,
  seconds: (seconds) => `${seconds} 秒`,
  usage: (calls, input, output, seconds) =>
    `${calls} 次调用，输入 ${input} / 输出 ${output} token，${seconds} 秒`,
  armHeader: [
    '组',
    '运行',
    '通过',
    '出错',
    '通过率',
    '95% 区间',
    '调用',
    '输入 token',
    '输出 token',
    '用时',
  ],
  costHeader: '费用',
  comparisonHeader: ['比较', '胜', '负', '平', 'p', '结论'],
  versus: (a, b) => `${a} 对 ${b}`,
  inconclusive: '无定论',
  better: (arm) => `${arm} 更好`,
  noPairs: '无可比对',
  partial: (done, planned) => `部分结果：${planned} 次运行中完成了 ${done} 次后停止。`,
  note: '只有各任务的检查命令决定通过与否。通过率 = 通过 / (运行 - 出错)。p：按 (任务, 次) 配对的精确双侧符号检验；p >= 0.05 即无定论，任务再多也可能如此：两组仍可能有差别。',
  stopping: '正在停止：不再开始新的运行，随后输出报告。',
  retrying: (next, of, seconds) => `${seconds} 秒后第 ${next} 次尝试（共 ${of} 次）`,
  retryTag: '重试',
  chartCaption: '各组通过率（条）及其 95% 区间（线）。出错的运行不计入。',
  runsOf: (reps, tasks) => `${reps} 次 × ${tasks} 个任务`,
  taskColumn: '任务',
  marksLegend: '✓ 通过，✗ 未通过，! 出错：每次运行一个标记。',
};

export const SUITE_TEXTS: Record<LocaleId, SuiteTexts> = { en: EN, zh: ZH };
