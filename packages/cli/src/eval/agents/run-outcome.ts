/**
 * A run's outcome from what the CLI did and what the proxy saw: an error (never scored) when
 * the run could not complete — the CLI did not start, timed out or was stopped, the endpoint
 * failed on the last call, or the CLI exited without one model answer — else the counts.
 */
import type { SuiteRunOutcome } from '../suite/run-executor.js';
import type { AgentTexts } from './agent-texts.js';
import type { EndpointFailure, RunTraffic } from './counting-proxy.js';
import type { CliRun } from './run-agent-cli.js';

export interface OutcomeContext {
  command: string;
  texts: AgentTexts;
  timeoutMs: number;
  transcriptFile: string;
}

export function runOutcome(
  cli: CliRun,
  traffic: RunTraffic,
  context: OutcomeContext,
): SuiteRunOutcome {
  const { command, texts } = context;
  const counts = {
    modelCalls: traffic.modelCalls,
    inputTokens: traffic.inputTokens,
    outputTokens: traffic.outputTokens,
    transcriptFile: context.transcriptFile,
  };
  const failed = (error: string, retryable: boolean) => ({ ...counts, error, retryable });
  if (cli.startError !== undefined) return failed(texts.notStarted(command, cli.startError), false);
  if (cli.aborted) return failed(texts.stopped, true);
  if (cli.timedOut)
    return failed(texts.timedOut(command, Math.round(context.timeoutMs / 1000)), false);
  if (traffic.failure && (traffic.lastFailed || traffic.answered === 0)) {
    return failed(failureText(traffic.failure, texts), traffic.failure.retryable);
  }
  if (traffic.answered === 0) {
    return failed(texts.noModelAnswer(command, cli.code, lastLine(cli.stderr)), false);
  }
  return counts;
}

export function failureText(failure: EndpointFailure, texts: AgentTexts): string {
  return failure.kind === 'status'
    ? texts.httpStatus(failure.status)
    : texts.unreachable(failure.origin, failure.code);
}

/** The last line of the CLI's stderr, cut short, for a one-line reason. */
function lastLine(stderr: string): string {
  return (stderr.trim().split('\n').at(-1)?.trim() ?? '').slice(0, 200);
}
