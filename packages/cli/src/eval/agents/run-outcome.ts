/**
 * A run's outcome from what the CLI did and what the proxy saw: an error (never scored) when
 * the run could not complete — the CLI did not start, timed out or was stopped, the endpoint
 * failed on the last call, or the CLI exited without one model answer — else the counts.
 */
import type { SuiteRunOutcome } from '../suite/run-executor.js';
import type { RunTraffic } from './counting-proxy.js';
import type { CliRun } from './run-agent-cli.js';

export function runOutcome(
  command: string,
  cli: CliRun,
  traffic: RunTraffic,
  timeoutMs: number,
  transcriptFile: string,
): SuiteRunOutcome {
  const counts = {
    modelCalls: traffic.modelCalls,
    inputTokens: traffic.inputTokens,
    outputTokens: traffic.outputTokens,
    transcriptFile,
  };
  const failed = (error: string, retryable: boolean) => ({ ...counts, error, retryable });
  if (cli.startError !== undefined)
    return failed(`${command} did not start: ${cli.startError}`, false);
  if (cli.aborted) return failed('stopped before it finished', true);
  if (cli.timedOut)
    return failed(`${command} did not finish within ${Math.round(timeoutMs / 1000)} s`, false);
  if (traffic.failure && (traffic.lastFailed || traffic.answered === 0)) {
    return failed(traffic.failure.reason, traffic.failure.retryable);
  }
  if (traffic.answered === 0) {
    return failed(
      `${command} exited ${cli.code} without a model call${lastLine(cli.stderr)}`,
      false,
    );
  }
  return counts;
}

/** The last line of the CLI's stderr, for a one-line reason. */
function lastLine(stderr: string): string {
  const line = stderr.trim().split('\n').at(-1)?.trim() ?? '';
  return line === '' ? '' : `: ${line.slice(0, 200)}`;
}
