/**
 * How a run of the person's check ended, in the page's two languages (`npm test → exit 0 in
 * 12.3 s`, `npm test → 退出码 0，用时 12.3 秒`), and the tools an item's evidence names. The
 * page cannot load plankeeper/checks (it starts processes), so the few words live here; they
 * read as the terminal's (`plankeeper todos`) do.
 */
import type { CheckResult } from 'plankeeper/checks';
import type { CompletionEvidence } from 'plankeeper/harness';

const seconds = (ms: number) => (ms / 1000).toFixed(1);

export function enCheck(check: CheckResult): string {
  const took = seconds(check.durationMs);
  switch (check.outcome) {
    case 'passed':
      return `${check.command} → exit 0 in ${took} s`;
    case 'failed':
      return typeof check.exit === 'number'
        ? `${check.command} → exit ${check.exit} in ${took} s`
        : `${check.command} → ended by ${check.exit} after ${took} s`;
    case 'timed-out':
      return `${check.command} → timed out after ${took} s`;
    default:
      return `${check.command} → could not start`;
  }
}

export function zhCheck(check: CheckResult): string {
  const took = seconds(check.durationMs);
  switch (check.outcome) {
    case 'passed':
      return `${check.command} → 退出码 0，用时 ${took} 秒`;
    case 'failed':
      return typeof check.exit === 'number'
        ? `${check.command} → 退出码 ${check.exit}，用时 ${took} 秒`
        : `${check.command} → ${took} 秒后被 ${check.exit} 终止`;
    case 'timed-out':
      return `${check.command} → ${took} 秒后超时`;
    default:
      return `${check.command} → 无法启动`;
  }
}

/** The distinct tools of an item's evidence calls, in order: `run_tests, read_file`. */
export function toolsOf(entry: CompletionEvidence): string {
  return [...new Set(entry.calls.map((call) => call.tool))].join(', ');
}
