/**
 * The stale-plan reminder (seed 000): after N tool rounds without a *successful* plan
 * update, the next model call carries a reminder. A round is one model reply with tool
 * calls; failed or blocked plan writes and unknown tools count as rounds like any other.
 * A successful update resets the count, and so does the reminder itself.
 */
import { ConfigurationError } from '../engine/errors.js';

export interface NudgeOptions {
  /** Rounds without a plan update before the reminder. Default 3. */
  after?: number;
  /** Only remind while the plan has open items (seed 002's variant). Default false. */
  onlyWhileOpen?: boolean;
}

export class Nudge {
  private rounds = 0;
  readonly after: number;
  private readonly onlyWhileOpen: boolean;

  constructor(options: NudgeOptions = {}) {
    this.after = options.after ?? 3;
    this.onlyWhileOpen = options.onlyWhileOpen ?? false;
    if (!Number.isInteger(this.after) || this.after < 1) {
      throw new ConfigurationError(`nudge.after must be a positive integer, got ${options.after}.`);
    }
  }

  /**
   * Call after each tool round. Returns the number of rounds when a reminder is due.
   * `planHasOpenItems` is asked only when it matters (a reminder due, `onlyWhileOpen`),
   * so most rounds cost no plan read.
   */
  async afterRound(
    planUpdated: boolean,
    planHasOpenItems: () => boolean | Promise<boolean>,
  ): Promise<number | undefined> {
    if (planUpdated) {
      this.rounds = 0;
      return undefined;
    }
    this.rounds++;
    if (this.rounds < this.after) return undefined;
    if (this.onlyWhileOpen && !(await planHasOpenItems())) return undefined;
    const rounds = this.rounds;
    this.rounds = 0;
    return rounds;
  }
}
