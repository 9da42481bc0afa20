/**
 * One Pi session's plan discipline: a PlanHarness, the host-with-a-loop form every framework
 * adapter drives, fed Pi's events. Pi rewrites its messages before every model call (the
 * `context` event), so the plan section goes after the last message of each call, as in
 * plankeeper's own loop: leftover marking, the nudge after idle rounds, a person's changes,
 * the whole plan again after a compaction.
 */
import { PlanHarness } from 'plankeeper';
import type { LocaleId } from 'plankeeper/harness';
import { ConversationLedger, harnessedInput } from 'plankeeper/harness';
import { hookChecks, ownFiles } from '../../hook/hook-check-gate.js';
import { planFileRefusal } from '../../plan-file-guard/plan-file-guard.js';
import { piAdapter } from '../pi-adapter.js';
import type { ExtensionPlans } from './extension-plans.js';
import { endedWithoutAnswer, lastAnswer, PI_MESSAGES } from './pi-messages.js';
import type { PiMessage } from './pi-types.js';

export class PiSessionPlan {
  readonly harness: PlanHarness;
  private readonly ledger = new ConversationLedger<PiMessage>();
  /** What plankeeper sent the model back with: that prompt goes on with the same turn. */
  private sentBack: string | undefined;

  constructor(
    private readonly plans: ExtensionPlans,
    readonly session: string,
    projectDir: string,
    /** Where a notice for the person goes (a check still failing after the refusals). */
    notify: (text: string) => void,
  ) {
    const { options } = plans;
    const { key, owner } = plans.planOf(session);
    const verify = hookChecks(options, projectDir);
    this.harness = new PlanHarness({
      engine: plans.engine,
      key,
      locale: (options.lang ?? 'en') as LocaleId,
      ...(owner !== undefined && { owner }),
      ...(options.discipline && { discipline: options.discipline }),
      ...(options.nudgeAfter !== undefined && { nudge: { after: options.nudgeAfter } }),
      ...(options.approval && { approval: { again: options.approval } }),
      ...(plans.evidence && { evidence: plans.evidence }),
      ...(verify && {
        verify,
        // What plankeeper writes (the plan file, the store) is no work of the model's.
        verifyIgnore: ownFiles(projectDir, options.planFile, plans.storeUrl),
      }),
      onNotice: notify,
    });
  }

  /** A prompt: a new user turn, unless it is the text plankeeper sent back. */
  async prompt(text: string): Promise<void> {
    if (this.sentBack !== undefined && text === this.sentBack) {
      this.sentBack = undefined;
      return;
    }
    this.sentBack = undefined;
    await this.harness.beginTurn(text);
  }

  /** The messages of the next model call, with the plan section and any due reminder. */
  context(messages: readonly PiMessage[]): Promise<PiMessage[]> {
    return harnessedInput(this.harness, this.ledger, messages, PI_MESSAGES);
  }

  /**
   * Why a call about to run is held, or undefined to let it run: it would write the plan
   * file (the plan tools keep it), or the plan waits for a person's approval.
   */
  async held(tool: string, input: unknown, cwd: string): Promise<string | undefined> {
    const { planFile, options } = this.plans;
    if (planFile !== undefined) {
      const call = { toolName: tool, input, cwd };
      const lang = (options.lang ?? 'en') as LocaleId;
      const refused = planFileRefusal(piAdapter, 'tool_call', call, planFile, cwd, lang);
      if (refused && refused.kind === 'deny') return refused.reason;
    }
    return this.harness.approvalHold(tool);
  }

  /** A call of Pi's or another extension's tool ended: a success is work, for the evidence rule. */
  toolResult(tool: string, callId: string, isError: boolean): void {
    if (!isError) this.harness.noteToolSuccess(tool, callId);
  }

  /** Pi summarized the conversation: the next call shows the whole plan again. */
  compacted(): void {
    this.harness.forgetSeenPlan();
  }

  /**
   * The run ended on an answer: the text to send the model back with when a check refuses
   * it (the finish check, the goal check, the person's checks), else undefined.
   */
  async answered(messages: readonly PiMessage[]): Promise<string | undefined> {
    if (endedWithoutAnswer(messages)) return undefined;
    const bounce = await this.harness.checkFinish(lastAnswer(messages));
    this.sentBack = bounce?.text;
    return bounce?.text;
  }
}
