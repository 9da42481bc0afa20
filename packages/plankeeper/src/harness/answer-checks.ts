/**
 * The person's checks before an answer in PlanHarness (the own loop and every framework
 * adapter): the workspace at the turn's start, a run when the model answers and the rules say
 * one is due, the run kept in the plan's history, and the person's notice. The rules
 * (rules/checks-before-done.ts) decide; this runs what they ask for.
 */
import { CheckGate } from '../checks/check-gate.js';
import { type CheckSettings, checkSettings, type VerifyOption } from '../checks/check-settings.js';
import { keepCheckRun } from '../checks/keep-check-run.js';
import { knownPass } from '../checks/known-pass.js';
import type { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import { type ChecksAtAnswer, checksDue } from './rules/checks-before-done.js';
import type { HostAnswer } from './rules/events.js';
import type { TurnRecord } from './rules/turn-record.js';

export interface AnswerChecksOptions {
  /** The person's check command(s); see plankeeper/checks. */
  verify?: VerifyOption | undefined;
  /**
   * Told what the person must know (a check still failing after the refusals, one that cannot
   * start). Default: a line on stderr, the terminal of a person running the agent.
   */
  onNotice?: ((text: string) => void) | undefined;
  /** Absolute paths whose changes are not work for the checks (a plan file the tools write). */
  verifyIgnore?: readonly string[] | undefined;
}

export class AnswerChecks {
  private readonly gate: CheckGate;

  private constructor(
    settings: CheckSettings,
    private readonly engine: PlanEngine,
    private readonly key: PlanKey,
    private readonly onNotice: (text: string) => void,
    ignore: readonly string[],
  ) {
    this.gate = new CheckGate(settings, { ignore });
  }

  /** The checks of `options`, or undefined when none are set; a malformed `verify` throws. */
  static of(
    options: AnswerChecksOptions,
    engine: PlanEngine,
    key: PlanKey,
  ): AnswerChecks | undefined {
    const settings = checkSettings(options.verify);
    if (settings === undefined) return undefined;
    const notice = options.onNotice ?? ((text: string) => process.stderr.write(`${text}\n`));
    return new AnswerChecks(settings, engine, key, notice, options.verifyIgnore ?? []);
  }

  get maxRefusals(): number {
    return this.gate.settings.maxRefusals;
  }

  /** The workspace now, for the turn's start. */
  workspace(): Promise<string> {
    return this.gate.state();
  }

  /** What the checks find when the model answers: a run only when one is due. */
  async atAnswer(record: TurnRecord): Promise<ChecksAtAnswer> {
    const workspace = await this.gate.state();
    if (!checksDue(record, workspace)) return { workspace };
    const known = await knownPass(this.engine, this.key, workspace);
    if (known) return { workspace, run: known, known: true };
    return { workspace, run: await this.gate.run() };
  }

  /** The run kept in the plan's history, and the person told what the rules said to tell. */
  async after(found: ChecksAtAnswer, answer: HostAnswer): Promise<void> {
    if (found.run && !found.known) {
      const refused = answer.kind === 'bounce';
      await keepCheckRun(this.engine, this.key, found.run, refused, found.workspace);
    }
    if (answer.kind === 'notice') this.onNotice(answer.text);
  }
}
