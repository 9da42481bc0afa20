/**
 * The harness discipline for one plan, independent of any agent loop: plan section for
 * each model call, leftover marking, nudge after idle tool rounds, finish and goal
 * checks once per user turn. plankeeper's own agent loop and every framework adapter
 * drive the same object, so the rules live in one place.
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
import type { CompletionGate, EvidenceCall, EvidenceMode } from '../engine/evidence.js';
import type { PlanEngine, PlanSnapshot } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import { isOpen, type TodoItem } from '../engine/todo-item.js';
import { getLocale, type Locale, type LocaleId } from '../locale/index.js';
import { ALL_PLAN_TOOL_NAMES, PLAN_WRITE_TOOL_NAMES } from '../tools/plan-tools.js';
import type { ToolContext } from '../tools/tool.js';
import {
  type ApprovalOption,
  type ApprovalRules,
  approvalRules,
  approvalWait,
} from './approval.js';
import { changeNotices } from './change-notices.js';
import { createCompletionGate } from './completion-gate.js';
import { applyDiscipline, type Discipline } from './discipline.js';
import { EvidenceLog } from './evidence-log.js';
import { finishCheck } from './finish-check.js';
import { goalCheck, goalCheckAhead } from './goal-check.js';
import { Nudge, type NudgeOptions } from './nudge.js';
import { withoutOthersWork } from './others-work.js';
import {
  buildPlanSection,
  isLeftover,
  type PlanSectionBuilder,
  type UnchangedPlanForm,
} from './plan-section.js';
import { SeenPlan } from './seen-plan.js';
import { engineReader, subAgentProgress } from './sub-agent-rollup.js';
import { newTurnState, type TurnState } from './turn-state.js';
import type { CompletionVerifier, VerifierSpec } from './verifiers.js';
import type { ToolCallOutcome, WrappedToolCall } from './wrapped-tool-call.js';

export type { ToolCallOutcome, WrappedToolCall };

export interface InjectionOptions {
  /**
   * `tail` (default): a transient section after the last message of every call, never
   * stored, so earlier messages never change. `history`: a section appended to the
   * conversation whenever the plan changed, kept from then on.
   */
  placement?: 'tail' | 'history';
  /** With `tail`: what to show when the plan is unchanged since the model saw it. Default `focus`. */
  whenUnchanged?: UnchangedPlanForm;
  /**
   * With `tail`: what to show right after the model wrote this very list whole itself, its
   * own call being the last thing in front of it. Default `ids`: only the ids the engine
   * gave the current and open items, the one thing that call does not show.
   */
  whenJustWritten?: UnchangedPlanForm;
  /** Replaces the built-in section text. */
  builder?: PlanSectionBuilder;
}

export interface HarnessOptions {
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
  kind: 'finish-check' | 'goal-check';
  text: string;
}

export class PlanHarness {
  readonly engine: PlanEngine;
  readonly key: PlanKey;
  readonly locale: Locale;
  readonly owner: string | undefined;
  private readonly options: HarnessOptions;
  private readonly nudge: Nudge | undefined;
  private turnState: TurnState;
  private planUpdatedThisRound = false;
  /** A plan write of this session succeeded in this user turn (what a shared list's checks go by). */
  private wroteThisTurn = false;
  private readonly seen = new SeenPlan();
  private turnCount = 0;
  private readonly readPlan: ReturnType<typeof engineReader>;
  /** Successful non-plan calls and where items started, for the evidence rule and verifiers. */
  private readonly evidenceLog = new EvidenceLog();
  private readonly approval: ApprovalRules | undefined;

  constructor(options: PlanHarnessOptions) {
    this.engine = options.engine;
    this.readPlan = engineReader(options.engine);
    this.key = options.key;
    this.locale = typeof options.locale === 'object' ? options.locale : getLocale(options.locale);
    this.options = applyDiscipline(options);
    this.owner = options.owner;
    this.nudge = this.options.nudge === false ? undefined : new Nudge(this.options.nudge);
    this.turnState = newTurnState(this.nextTurnId(), '');
    this.approval = approvalRules(options.approval);
  }

  /** The current user turn. */
  get turn(): TurnState {
    return this.turnState;
  }

  /**
   * Call when a new user message arrives; resets everything that is once per turn and
   * tells the stored plan about the turn, so viewers of the store (the dashboard) see
   * that an open plan from before is a leftover.
   */
  async beginTurn(task: string, id = this.nextTurnId()): Promise<TurnState> {
    // The last turn ended on the model's answer to its last input (or an error, taken alike).
    this.seen.answered();
    this.turnState = newTurnState(id, task);
    this.planUpdatedThisRound = false;
    this.wroteThisTurn = false;
    await this.engine.noteTurn(this.key, id);
    return this.turnState;
  }

  /** The context plan tools need: the host's key and this turn. */
  toolContext(callId?: string): ToolContext {
    const gate = this.completionGate();
    return {
      key: this.key,
      turn: this.turnState.id,
      ...(callId !== undefined && { callId }),
      ...(this.owner !== undefined && { owner: this.owner }),
      ...(gate && { gate }),
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

  /** The gate plan writes carry, when the evidence rule or a verifier is on. */
  private completionGate(): CompletionGate | undefined {
    return createCompletionGate({
      log: this.evidenceLog,
      evidence: this.options.evidence ?? this.engine.evidence,
      verifiers: this.options.verifiers,
      verifierTimeoutMs: this.options.verifierTimeoutMs,
      key: this.key,
      locale: this.locale,
    });
  }

  snapshot(): Promise<PlanSnapshot> {
    return this.engine.snapshot(this.key);
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
    const snapshot = this.owner === undefined ? stored : { ...stored, turn: this.turnState.id };
    const stamp = SeenPlan.stamp(snapshot);
    const seen = this.seen.seenFor(snapshot);
    const changed = seen !== stamp;
    const placement = injection?.placement ?? 'tail';
    // A kept section is only worth adding when there is something new to see.
    if (placement === 'history' && !changed) {
      this.seen.offer(seen);
      return undefined;
    }
    const text = injection?.builder
      ? injection.builder({
          items: snapshot.items,
          leftover: isLeftover(snapshot, this.turnState.id),
          changed,
          justWritten: this.seen.wroteItself(snapshot),
          locale: this.locale,
        })
      : buildPlanSection({
          snapshot,
          locale: this.locale,
          turn: this.turnState.id,
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
    this.seen.offer(stamp);
    // Only against a plan the model saw: a first sight has no "since" to tell about.
    // (A person's changes and how a sub-agent ended: see change-notices.ts.)
    const notices =
      changed && seen !== undefined
        ? await changeNotices(
            this.engine,
            this.key,
            SeenPlan.versionOf(seen),
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
    this.seen.forget();
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
    this.seen.answered();
    if (call.held) {
      const text = await this.approvalHold(call.name);
      if (text !== undefined) {
        this.record(call.name, { ok: false });
        return call.held(text);
      }
    }
    let value: T;
    try {
      value = await call.run(this.toolContext(call.callId));
    } catch (error) {
      this.record(call.name, { ok: false });
      throw error;
    }
    const outcome = call.outcome(value);
    if (!this.record(call.name, outcome, call.callId)) return value;
    call.onPlanUpdate?.(value);
    const note = call.withNote ? this.goalNoteFor(outcome) : undefined;
    return note && call.withNote ? call.withNote(value, note) : value;
  }

  /** The goal check ahead of the answer, when this write closed every item of the plan. */
  private goalNoteFor({ result }: ToolCallOutcome): string | undefined {
    if (this.options.goalCheck === false) return undefined;
    const items = (result?.data as { items?: unknown } | undefined)?.items;
    if (!Array.isArray(items)) return undefined;
    return goalCheckAhead(this.turnState, items as TodoItem[], this.locale);
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
    this.seen.answered();
    this.seen.endRound();
    const updated = this.planUpdatedThisRound;
    this.planUpdatedThisRound = false;
    if (!this.nudge) return undefined;
    const rounds = await this.nudge.afterRound(updated, async () =>
      withoutOthersWork((await this.snapshot()).items, this.owner).some(isOpen),
    );
    return rounds === undefined ? undefined : this.locale.harness.reminder(rounds);
  }

  /** Call when the model answers with plain text; returns a bounce to send back, at most one of each per turn. */
  async checkFinish(answer: string): Promise<Bounce | undefined> {
    this.seen.answered();
    // A plan waiting for a person is the answer's point: nothing else can be done yet.
    if (await this.awaitingApproval()) return undefined;
    if (this.options.finishCheck !== false) {
      // Another session's item in progress is theirs to finish, not this session's.
      const snapshot = await this.snapshot();
      // In a shared list the last writer may be another session: what counts is whether this
      // one wrote this turn, and only its own and the free items are its to finish.
      const mine =
        this.owner === undefined
          ? snapshot
          : {
              ...snapshot,
              turn: this.wroteThisTurn ? this.turnState.id : undefined,
              items: withoutOthersWork(snapshot.items, this.owner),
            };
      const text = finishCheck(this.turnState, mine, this.locale);
      if (text !== undefined) return { kind: 'finish-check', text };
    }
    if (this.options.goalCheck !== false) {
      const text = goalCheck(this.turnState, answer, this.locale);
      if (text !== undefined) return { kind: 'goal-check', text };
    }
    return undefined;
  }

  /** Notes one call's outcome; returns true when it updated the plan. */
  private record(name: string, { ok, result }: ToolCallOutcome, callId?: string): boolean {
    if (!ok) return false;
    if (!ALL_PLAN_TOOL_NAMES.includes(name)) {
      this.evidenceLog.record(name, callId);
      return false;
    }
    this.turnState.planUsed = true;
    if (!PLAN_WRITE_TOOL_NAMES.includes(name)) return false;
    this.planUpdatedThisRound = true;
    this.wroteThisTurn = true;
    const version = (result?.data as { version?: unknown } | undefined)?.version;
    if (name === 'todo_write' && typeof version === 'number') this.seen.wroteWhole(version);
    return true;
  }

  private nextTurnId(): string {
    return `${this.key.session}#${++this.turnCount}-${globalThis.crypto.randomUUID().slice(0, 8)}`;
  }
}
