/**
 * The fail-open promise every hook host keeps (DESIGN.md, `plankeeper hook`): whatever goes
 * wrong inside plankeeper, or takes past the deadline, is reported once and the agent gets the
 * neutral answer. plankeeper never blocks a user's agent because plankeeper broke.
 *
 * @example
 * const answer = await failOpen((lockWaitDeadline) => decide(lockWaitDeadline), {
 *   deadlineMs: 3000,
 *   neutral: NOTHING,
 *   onError: (error) => stderr.write(`plankeeper hook: ${String(error)}\n`),
 * });
 */

/** The default time one hook event may take, well inside every agent's hook timeout. */
export const HOOK_DEADLINE_MS = 3000;

/** The time kept after the last lock wait for answering before the deadline. */
const ANSWER_MARGIN_MS = 250;

export interface FailOpenOptions<T> {
  /** Give up after this long. Default 3 s. */
  deadlineMs?: number | undefined;
  /** What the agent gets when the work fails or is late. */
  neutral: T;
  /** Told of the failure (a store down, a bug, the deadline passed). */
  onError: (error: unknown) => void;
}

/**
 * Runs `work` outside the deadline: the clock stops while `fn` runs and resumes with the
 * time that was left. For the person's checks before an answer, which have their own limit.
 */
export type Untimed = <R>(fn: () => Promise<R>) => Promise<R>;

/**
 * Runs `work` under a deadline; its result, or `neutral` after reporting what went wrong.
 * `work` gets the time its store may wait for a lock until: a SQLite store waits for one
 * synchronously, when the deadline's timer cannot fire, so the store stops waiting itself.
 * Its second argument runs a part outside the deadline (`Untimed`).
 */
export async function failOpen<T>(
  work: (lockWaitDeadline: number, untimed: Untimed) => Promise<T>,
  { deadlineMs = HOOK_DEADLINE_MS, neutral, onError }: FailOpenOptions<T>,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let left = deadlineMs;
  let since = Date.now();
  let expire: (error: Error) => void = () => {};
  let over = false;
  const start = () => {
    if (over) return;
    since = Date.now();
    timer = setTimeout(() => expire(new Error(`gave up after ${deadlineMs} ms`)), left);
  };
  const untimed: Untimed = async (fn) => {
    clearTimeout(timer);
    left = Math.max(0, left - (Date.now() - since));
    try {
      return await fn();
    } finally {
      start();
    }
  };
  const lockWaitDeadline = Date.now() + deadlineMs - ANSWER_MARGIN_MS;
  try {
    const deadline = new Promise<never>((_, reject) => {
      expire = reject;
    });
    start();
    return await Promise.race([work(lockWaitDeadline, untimed), deadline]);
  } catch (error) {
    onError(error);
    return neutral;
  } finally {
    over = true;
    clearTimeout(timer);
  }
}
