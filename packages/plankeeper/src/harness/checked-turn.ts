/**
 * One user turn of a framework's own loop with the answer checks, for the adapters
 * whose framework ends a run on the model's answer and cannot re-prompt from inside it (the
 * AI SDK's `generateText`, the Agents SDK's `run`): the turn starts, the framework runs, and
 * while the harness bounces the answer the framework runs again with the bounce appended (the
 * finish and goal checks at most once per turn, the person's checks up to their bound). Each adapter says only how its framework runs and where its
 * answer is.
 *
 * @example
 * const { result, bounces } = await runCheckedTurn(harness, {
 *   task,
 *   run: (bounce, last) => (bounce ? runAgain(last, bounce.text) : runFirst()),
 *   answer: (result) => result.finalText,
 * });
 */
import type { Bounce, PlanHarness } from './plan-harness.js';

export interface CheckedTurn<R> {
  /** The user's request of this turn. */
  task: string;
  /** One run of the framework: the first without `bounce`, then each again with it and the last run. */
  run(bounce: Bounce | undefined, last: R | undefined): Promise<R>;
  /** The run's answer to check, or undefined when it ended without one (mid-work, waiting). */
  answer(result: R): string | undefined;
}

export async function runCheckedTurn<R>(
  harness: PlanHarness,
  turn: CheckedTurn<R>,
): Promise<{ result: R; bounces: Bounce[] }> {
  await harness.beginTurn(turn.task);
  const bounces: Bounce[] = [];
  let result = await turn.run(undefined, undefined);
  for (;;) {
    const answer = turn.answer(result);
    if (answer === undefined) return { result, bounces };
    const bounce = await harness.checkFinish(answer);
    if (!bounce) return { result, bounces };
    bounces.push(bounce);
    result = await turn.run(bounce, result);
  }
}
