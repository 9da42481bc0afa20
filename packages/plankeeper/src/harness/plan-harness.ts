/**
 * The harness discipline for one plan, independent of any agent loop: plan section for
 * each model call, leftover marking, nudge after idle tool rounds, finish and goal
 * checks once per user turn. plankeeper's own agent loop and every framework adapter
 * drive the same object; it keeps the turn's record in memory and feeds each event to the
 * rules' reducer (rules/decide.ts), the one every coding-agent hook drives too.
 *
 * @example
 * const harness = new PlanHarness({ engine, key });
 * await harness.beginTurn(userMessage);              // when a user message arrives
 * const section = await harness.planSection();       // before each model call
 * const result = await harness.wrapTool({            // around every tool call
 *   name: call.name,
 *   callId: call.id,
 *   run: (context) => tool.execute(call.arguments, context),
 *   outcome: (result) => ({ ok: result.ok, result }),
 * });
 * const reminder = await harness.endToolRound();     // after each reply with tool calls
 * const bounce = await harness.checkFinish(answer);  // when the model answers
 */

import type { VerifyOption } from '../checks/check-settings.js';
import type { CompletionGate, EvidenceCall, EvidenceMode } from '../engine/evidence.js';
import type { PlanEngine, PlanSnapshot } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import type { TodoItem } from '../engine/todo-item.js';
import { getLocale, type Locale, type LocaleId } from '../locale/index.js';
import { ALL_PLAN_TOOL_NAMES, PLAN_WRITE_TOOL_NAMES } from '../tools/plan-tools.js';
import type { ToolContext } from '../tools/tool.js';
import { AnswerChecks } from './answer-checks.js';
import { type ApprovalOption, type ApprovalRules, approvalRules } from './approval.js';
import { changeNotices } from './change-notices.js';
import type { EvidenceSourceOption } from './check-evidence.js';
import { completionGates } from './completion-gate.js';
import { EvidenceLog } from './evidence-log.js';
import type { InjectionOptions } from './injection-options.js';
import { buildPlanSection, isLeftover } from './plan-section.js';
import { approvalAgain, approvalWait } from './rules/approval-hold.js';
import type { AnswerCheck } from './rules/check.js';
import { CHECKS } from './rules/checks-before-done.js';
import { type Decision, decide, type RuleOptions } from './rules/decide.js';
import type { HostEvent } from './rules/events.js';
import { GOAL_CHECK, goalCheckAhead } from './rules/goal-check.js';
import { type NudgeOptions, nudgeRule } from './rules/nudge.js';
import type { Discipline } from './rules/presets.js';
import { applyDiscipline, checksOf } from './rules/resolve-discipline.js';
import { newTurnRecord, type TurnRecord } from './rules/turn-record.js';
import { SeenPlan } from './seen-plan.js';
import { engineReader, subAgentProgress } from './sub-agent-rollup.js';
import type { CompletionVerifier, VerifierSpec } from './verifiers.js';
import type { ToolCallOutcome, WrappedToolCall } from './wrapped-tool-call.js';

export type { InjectionOptions, ToolCallOutcome, WrappedToolCall };

export interface HarnessOptions extends EvidenceSourceOption {
  /**
   * A preset of the options below (see DISCIPLINE_PRESETS); the options set here win over
   * it. Default: none, which is `standard`.
   */
  discipline?: Discipline;
  /** Plan section on each model call; false suppresses it. */
  injection?: InjectionOptions | false;
  /** Reminder after idle tool rounds; false turns it off. */
  nudge?: NudgeOptions | false;
  /** Bounce a final answer once per turn while items written this turn are open. Default true. */
  finishCheck?: boolean;
  /** Ask once per turn to check the answer against the request when a plan was used. Default true. */
  goalCheck?: boolean;
  /**
   * The checks an answer passes, in order (`[finishCheck(), goalCheck()]` from
   * plankeeper/harness, or your own); set, it wins over `finishCheck` and `goalCheck`.
   */
  checks?: readonly AnswerCheck[];
  /**
   * This session's name when `key` is a shared list (see sharedListKey): items it starts
   * become its own, and other sessions' items in progress are not its to change, finish or
   * wait for. Comes from the host, never from the model.
   */
  owner?: string;
  /**
   * The evidence rule: an item counts as completed only when a non-plan tool call
   * succeeded after it became in_progress. `warn` lets it through and says it had none;
   * `enforce` rejects the write. Default: the engine's `evidence` option (itself `off`).
   */
  evidence?: EvidenceMode;
  /** Host checks that may refuse a completion with a text for the model (see verifiers.ts). */
  verifiers?: readonly (CompletionVerifier | VerifierSpec)[];
  /** Time a verifier may take before the completion is refused as unchecked. Default 60 s. */
  verifierTimeoutMs?: number;
  /**
   * Hold every tool but the plan tools until a person approves the plan (see approval.ts).
   * Default: no approval.
   */
  approval?: ApprovalOption | false;
  /**
   * The person's check command(s), run when the model answers after the workspace changed:
   * a failure refuses the answer (at most `maxRefusals` times per turn, default 3). A string,
   * `{ command, cwd?, timeoutMs?, maxRefusals? }`, or a list (plankeeper/checks).
   */
  verify?: VerifyOption;
  /** Told what the person must know about the checks (see AnswerChecksOptions.onNotice). */
  onNotice?: (text: string) => void;
  /**
   * Absolute paths whose changes are not work for the checks: what plankeeper itself writes
   * (a plan file, a store in the project), so a turn that only planned runs no check.
   */
  verifyIgnore?: readonly string[];
}

export interface PlanHarnessOptions extends HarnessOptions {
  engine: PlanEngine;
  key: PlanKey;
  locale?: Locale | LocaleId;
}

export interface PlanSectionOutput {
  text: string;
  /** `tail`: add it after the last message of this call only. `history`: append it for good. */
  placement: 'tail' | 'history';
}

export interface Bounce {
  /**
   * The built-in check that bounced the answer (`checks`: the person's check commands), or
   * `check` for one the host added.
   */
  kind: 'finish-check' | 'goal-check' | 'checks' | 'check';
  /** The name of the check (rules/check.ts), the host's own name for its own. */
  check: string;
  text: string;
}

/** The current user turn: its id (plan writes carry it) and the user's request. */
export interface TurnInfo {
  id: string;
  task: string;
}

const BUILT_IN_BOUNCES = new Set(['finish-check', GOAL_CHECK, CHECKS]);

export class PlanHarness {
  readonly engine: PlanEngine;
  readonly key: PlanKey;
  readonly locale: Locale;
  readonly owner: string | undefined;
  private readonly options: HarnessOptions;
  /** The rules' options, the same for every event of this harness. */
  private readonly rules: Omit<RuleOptions, 'now'>;
  private turnInfo: TurnInfo;
  /** The turn's record the rules keep (rules/turn-record.ts). */
  private record: TurnRecord;
  /**
   * The plan as last read (a section is built before every model call). A tool outcome and
   * a round's end take it instead of a fresh read: the rules then use only whether an item
   * is open, for the nudge, which a change within the round does not make wrong for long.
   */
  private lastRead: PlanSnapshot | undefined;
  private readonly seen = new SeenPlan();
  private turnCount = 0;
  private readonly readPlan: ReturnType<typeof engineReader>;
  /** Successful non-plan calls and where items started, for the evidence rule and verifiers. */
  private readonly evidenceLog = new EvidenceLog();
  private readonly approval: ApprovalRules | undefined;
  /** The person's checks before an answer, when `verify` is set. */
  private readonly answerChecks: AnswerChecks | undefined;
  /** The gate plan writes carry, when the evidence rule or a verifier is on. */
  private readonly completionGate: () => CompletionGate | undefined;

  constructor(options: PlanHarnessOptions) {
    this.engine = options.engine;
    this.readPlan = engineReader(options.engine);
    this.key = options.key;
    this.locale = typeof options.locale === 'object' ? options.locale : getLocale(options.locale);
    this.options = applyDiscipline(options);
    this.owner = options.owner;
    this.approval = approvalRules(options.approval);
    this.answerChecks = AnswerChecks.of(options, options.engine, options.key);
    this.completionGate = completionGates(this.options, this.evidenceLog, this.locale, options);
    this.rules = {
      locale: this.locale,
      showsPlanEachCall: true,
      ...(this.owner !== undefined && { owner: this.owner }),
      ...(this.approval && { approval: this.approval.again ?? 'once' }),
      // Checked here, so a bad option fails when the harness is made, not at a round's end.
      nudge: this.options.nudge === false ? false : nudgeRule(this.options.nudge),
      checks: this.options.checks ?? checksOf(this.options),
      ...(this.answerChecks && { verify: { maxRefusals: this.answerChecks.maxRefusals } }),
    };
    this.turnInfo = { id: this.nextTurnId(), task: '' };
    this.record = newTurnRecord(this.turnInfo.id, '', Date.now());
  }

  /** The current user turn. */
  get turn(): TurnInfo {
    return this.turnInfo;
  }

  /** The turn's record as the rules keep it (a copy). */
  get turnRecord(): TurnRecord {
    return structuredClone(this.record);
  }

  /** Feeds one event to the rules and keeps the record they return. */
  private async apply(event: HostEvent, snapshot?: PlanSnapshot): Promise<Decision> {
    const plan = snapshot ?? (await this.snapshot());
    const decision = decide(event, plan, this.record, { ...this.rules, now: Date.now() });
    if (decision.next) this.record = decision.next;
    return decision;
  }

  /**
   * Call when a new user message arrives; resets everything that is once per turn and
   * tells the stored plan about the turn, so viewers of the store (the dashboard) see
   * that an open plan from before is a leftover.
   */
  async beginTurn(task: string, id = this.nextTurnId()): Promise<TurnInfo> {
    // The last turn ended on the model's answer to its last input (or an error, taken alike).
    this.record = this.seen.answered(this.record);
    this.turnInfo = { id, task };
    // A host that starts its turns itself never continues one by a prompt.
    const { lastBlock: _, ...record } = this.record;
    this.record = record;
    const workspace = await this.answerChecks?.workspace();
    await this.apply({
      kind: 'prompt',
      text: task,
      turn: id,
      ...(workspace !== undefined && { workspace }),
    });
    await this.engine.noteTurn(this.key, id);
    return this.turnInfo;
  }

  /**
   * The context plan tools need: the host's key and this turn, and the plan version the
   * model last saw in a section, so a write from that read does not undo a person's change
   * made since (see OperationMeta.basedOn).
   */
  toolContext(callId?: string): ToolContext {
    const gate = this.completionGate();
    return {
      key: this.key,
      turn: this.turnInfo.id,
      ...(callId !== undefined && { callId }),
      ...(this.owner !== undefined && { owner: this.owner }),
      ...(gate && { gate }),
      ...(this.seen.tracks && { seenVersion: this.record.shownVersion }),
      // Stored with the plan, so a viewer knows this plan waits for a person's approval.
      ...(this.approval && { approval: approvalAgain(this.approval.again) }),
    };
  }

  /**
   * Notes a successful non-plan tool call the harness did not run itself (a framework ran
   * it, or a coding agent's hook saw it), so it counts as evidence. Calls run through
   * `wrapTool` are noted already.
   */
  noteToolSuccess(tool: string, callId?: string, at?: number): void {
    if (ALL_PLAN_TOOL_NAMES.includes(tool)) return;
    this.evidenceLog.record(tool, callId, at);
  }

  /** The successful non-plan calls the harness holds, oldest first: what evidence can be made of. */
  toolSuccesses(): EvidenceCall[] {
    return this.evidenceLog.all();
  }

  async snapshot(): Promise<PlanSnapshot> {
    this.lastRead = await this.engine.snapshot(this.key);
    return this.lastRead;
  }

  /**
   * The plan section for the next model call, if any. Reads the plan and writes nothing:
   * built twice for one call (a retry), it is the same text. It notes what it showed,
   * which counts as seen once the host reports what the model did with it (see SeenPlan).
   */
  async planSection(): Promise<PlanSectionOutput | undefined> {
    const injection = this.options.injection;
    if (injection === false) return undefined;
    const stored = await this.snapshot();
    // A shared list is a standing list that other sessions write in their own turns: it
    // is never this session's leftover.
    const snapshot = this.owner === undefined ? stored : { ...stored, turn: this.turnInfo.id };
    const shown = SeenPlan.shownOf(snapshot);
    const seen = this.seen.seenFor(snapshot, this.record);
    const changed = !SeenPlan.same(seen, shown);
    const placement = injection?.placement ?? 'tail';
    // A kept section is only worth adding when there is something new to see.
    if (placement === 'history' && !changed) {
      this.seen.offer(seen);
      return undefined;
    }
    const text = injection?.builder
      ? injection.builder({
          items: snapshot.items,
          leftover: isLeftover(snapshot, this.turnInfo.id),
          changed,
          justWritten: this.seen.wroteItself(snapshot),
          locale: this.locale,
        })
      : buildPlanSection({
          snapshot,
          locale: this.locale,
          turn: this.turnInfo.id,
          changed,
          whenUnchanged: this.seen.wroteItself(snapshot)
            ? (injection?.whenJustWritten ?? 'ids')
            : (injection?.whenUnchanged ?? 'focus'),
          ...(this.owner !== undefined && { owner: this.owner }),
          subAgents: await subAgentProgress(this.readPlan, this.key, snapshot.items),
        });
    if (text === undefined) {
      // Seeing no plan at all counts as seeing it: a plan written next is news.
      this.seen.offer(snapshot.items.length === 0 ? undefined : seen);
      return undefined;
    }
    this.seen.offer(shown);
    // Only against a plan the model saw: a first sight has no "since" to tell about.
    // (A person's changes and how a sub-agent ended: see change-notices.ts.)
    const notices =
      changed && seen !== undefined
        ? await changeNotices(
            this.engine,
            this.key,
            seen.shownVersion,
            snapshot.version,
            this.locale,
          )
        : undefined;
    return { text: notices ? `${notices}\n${text}` : text, placement };
  }

  /**
   * Makes the next plan section show the whole plan, as if the model had never seen it:
   * for hosts whose history was trimmed or summarized since the last call.
   */
  forgetSeenPlan(): void {
    this.record = this.seen.forget(this.record);
  }

  /**
   * Runs one tool call and records its outcome itself, so hosts never report outcomes.
   * Wrap every call you dispatch; where a framework runs your own tools itself, wrapping
   * the plan tools is enough (only their results change what the harness does, and
   * `endToolRound` counts the round). A call that throws, fails or is blocked is no plan
   * update (three rounds without one earn the reminder); after the model's own whole-list
   * write the next section is the short form, since the model has that list in front of
   * it. Rethrows what `run` throws.
   */
  async wrapTool<T>(call: WrappedToolCall<T>): Promise<T> {
    // The model called a tool, so it has answered its last input and seen that section.
    this.record = this.seen.answered(this.record);
    if (call.held) {
      const text = await this.approvalHold(call.name);
      if (text !== undefined) {
        await this.recordOutcome(call.name, { ok: false });
        return call.held(text);
      }
    }
    let value: T;
    try {
      value = await call.run(this.toolContext(call.callId));
    } catch (error) {
      await this.recordOutcome(call.name, { ok: false });
      throw error;
    }
    const outcome = call.outcome(value);
    if (!(await this.recordOutcome(call.name, outcome, call.callId))) return value;
    call.onPlanUpdate?.(value);
    const note = call.withNote ? this.goalNoteFor(outcome) : undefined;
    return note && call.withNote ? call.withNote(value, note) : value;
  }

  /** The goal check ahead of the answer, when this write closed every item of the plan. */
  private goalNoteFor({ result }: ToolCallOutcome): string | undefined {
    if (!this.rules.checks?.some((check) => check.name === GOAL_CHECK)) return undefined;
    const items = (result?.data as { items?: unknown } | undefined)?.items;
    if (!Array.isArray(items)) return undefined;
    const note = goalCheckAhead(this.record, items as TodoItem[], this.locale);
    // Asked ahead, it is this turn's goal check.
    if (note !== undefined)
      this.record = { ...this.record, bounced: [...this.record.bounced, GOAL_CHECK] };
    return note;
  }

  /**
   * With `approval` on: the text a call of `tool` gets instead of running while the plan
   * waits for a person's approval, or undefined when it may run (a plan tool, an allowed
   * tool, an approved plan, or the host's `approve` callback said yes just now).
   */
  async approvalHold(tool: string): Promise<string | undefined> {
    const rules = this.approval;
    if (!rules || ALL_PLAN_TOOL_NAMES.includes(tool) || rules.allow?.includes(tool))
      return undefined;
    const plan = await this.snapshot();
    const wait = approvalWait(plan, rules.again);
    if (wait === undefined) return undefined;
    if (wait !== 'no-plan' && rules.approve) {
      const answer = await rules.approve(plan, { tool });
      if (answer) {
        const name = typeof answer === 'object' ? answer.name : undefined;
        const outcome = await this.engine.editAsPerson(
          this.key,
          { kind: 'approve' },
          name === undefined ? {} : { name },
        );
        if (outcome.ok && approvalWait(outcome.snapshot, rules.again) === undefined)
          return undefined;
      }
    }
    return this.locale.approval.waiting(wait, tool);
  }

  /** True when `approval` is on and the plan waits for a person. */
  async awaitingApproval(): Promise<boolean> {
    if (!this.approval) return false;
    return approvalWait(await this.snapshot(), this.approval.again) !== undefined;
  }

  /** Call after each model reply whose tool calls have all run; returns a due reminder. */
  async endToolRound(): Promise<string | undefined> {
    this.record = this.seen.answered(this.record);
    this.seen.endRound();
    const { answer } = await this.apply({ kind: 'round-done' }, this.lastRead);
    return answer.kind === 'context' ? answer.text : undefined;
  }

  /**
   * Call when the model answers with plain text; returns a bounce to send back: the person's
   * checks up to their bound, each other check at most once per turn.
   */
  async checkFinish(answer: string): Promise<Bounce | undefined> {
    this.record = this.seen.answered(this.record);
    const found = await this.answerChecks?.atAnswer(this.record);
    const decision = await this.apply({
      kind: 'stop',
      stopHookActive: false,
      lastMessage: answer,
      ...(found && { checks: found }),
    });
    if (found) await this.answerChecks?.after(found, decision.answer);
    if (decision.answer.kind !== 'bounce') return undefined;
    const check = decision.answer.check ?? 'check';
    const kind = BUILT_IN_BOUNCES.has(check) ? (check as Bounce['kind']) : 'check';
    return { kind, check, text: decision.answer.reason };
  }

  /** Notes one call's outcome; returns true when it updated the plan. */
  private async recordOutcome(
    name: string,
    { ok, result }: ToolCallOutcome,
    callId?: string,
  ): Promise<boolean> {
    const isPlanTool = ALL_PLAN_TOOL_NAMES.includes(name);
    const isPlanWrite = ok && PLAN_WRITE_TOOL_NAMES.includes(name);
    if (ok && !isPlanTool) this.evidenceLog.record(name, callId);
    // After its own write the harness reads the plan again, so the nudge's open-item test
    // holds even for a host that builds no sections (`injection: false`).
    await this.apply(
      { kind: 'tool-done', tool: name, ok, isPlanWrite, isPlanTool, endsRound: false },
      isPlanWrite ? undefined : this.lastRead,
    );
    if (!isPlanWrite) return false;
    const version = (result?.data as { version?: unknown } | undefined)?.version;
    if (name === 'todo_write' && typeof version === 'number') this.seen.wroteWhole(version);
    return true;
  }

  private nextTurnId(): string {
    return `${this.key.session}#${++this.turnCount}-${globalThis.crypto.randomUUID().slice(0, 8)}`;
  }
}
