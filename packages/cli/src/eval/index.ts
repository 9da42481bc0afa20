/**
 * The guard-effectiveness suite and the measurements behind `plankeeper eval` and the
 * token benchmark.
 *
 * @example
 * import { formatEvalReport, runEval } from './eval/index.js';
 * console.log(formatEvalReport(await runEval({ locale: 'en' })));
 */
export { ANCHOR_INFORMATION, type AnchorItem } from './anchor-formats.js';
export { formatEvalReport } from './format-report.js';
export {
  COLUMN_LABELS,
  COST_BASELINE,
  GUARD_COLUMNS,
  type GuardColumn,
  planningFor,
  planSectionWithoutLeftoverMarking,
} from './guard-columns.js';
export * from './prompt-metrics.js';
export {
  type EvalOptions,
  type EvalReport,
  type RunReport,
  runEval,
  type ScenarioReport,
  UnknownScenarioError,
} from './run-eval.js';
export type { Outcome, Scenario } from './scenario.js';
export { SCENARIOS } from './scenarios/index.js';
