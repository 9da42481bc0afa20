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
import type { PlanEngine, PlanSnapshot } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import { isOpen, type TodoItem } from '../engine/todo-item.js';
import { getLocale, type Locale, type LocaleId } from '../locale/index.js';
import { ALL_PLAN_TOOL_NAMES, PLAN_WRITE_TOOL_NAMES } from '../tools/plan-tools.js';
import type { ToolContext } from '../tools/tool.js';
import { applyDiscipline, type Discipline } from './discipline.js';
import { finishCheck } from './finish-check.js';
import { goalCheck, goalCheckAhead } from './goal-check.js';
import { Nudge, type NudgeOptions } from './nudge.js';
import { personChangeLines } from './person-changes.js';
import {
  buildPlanSection,
  isLeftover,
  type PlanSectionBuilder,
  type UnchangedPlanForm,
} from './plan-section.js';
import { SeenPlan } from './seen-plan.js';
import { newTurnState, type TurnState } from './turn-state.js';
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
  private readonly options: HarnessOptions;
  private readonly nudge: Nudge | undefined;
  private turnState: TurnState;
  private planUpdatedThisRound = false;
  private readonly seen = new SeenPlan();
  private turnCount = 0;

  constructor(options: PlanHarnessOptions) {
    this.engine = options.engine;
    this.key = options.key;
    this.locale = typeof options.locale === 'object' ? options.locale : getLocale(options.locale);
    this.options = applyDiscipline(options);
    this.nudge = this.options.nudge === false ? undefined : new Nudge(this.options.nudge);
    this.turnState = newTurnState(this.nextTurnId(), '');
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
    await this.engine.noteTurn(this.key, id);
    return this.turnState;
  }

  /** The context plan tools need: the host's key and this turn. */
  toolContext(callId?: string): ToolContext {
    return { key: this.key, turn: this.turnState.id, ...(callId !== undefined && { callId }) };
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
    const snapshot = await this.snapshot();
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
        });
    if (text === undefined) {
      // Seeing no plan at all counts as seeing it: a plan written next is news.
      this.seen.offer(snapshot.items.length === 0 ? undefined : seen);
      return undefined;
    }
    this.seen.offer(stamp);
    // Only against a plan the model saw: a first sight has no "since" to tell about.
    const byPerson =
      changed && seen !== undefined
        ? await personChangeLines(
            this.engine,
            this.key,
            SeenPlan.versionOf(seen),
            snapshot.version,
            this.locale,
          )
        : undefined;
    return { text: byPerson ? `${byPerson}\n${text}` : text, placement };
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
    let value: T;
    try {
      value = await call.run(this.toolContext(call.callId));
    } catch (error) {
      this.record(call.name, { ok: false });
      throw error;
    }
    const outcome = call.outcome(value);
    if (!this.record(call.name, outcome)) return value;
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

  /** Call after each model reply whose tool calls have all run; returns a due reminder. */
  async endToolRound(): Promise<string | undefined> {
    this.seen.answered();
    this.seen.endRound();
    const updated = this.planUpdatedThisRound;
    this.planUpdatedThisRound = false;
    if (!this.nudge) return undefined;
    const rounds = await this.nudge.afterRound(updated, async () =>
      (await this.snapshot()).items.some(isOpen),
    );
    return rounds === undefined ? undefined : this.locale.harness.reminder(rounds);
  }

  /** Call when the model answers with plain text; returns a bounce to send back, at most one of each per turn. */
  async checkFinish(answer: string): Promise<Bounce | undefined> {
    this.seen.answered();
    if (this.options.finishCheck !== false) {
      const text = finishCheck(this.turnState, await this.snapshot(), this.locale);
      if (text !== undefined) return { kind: 'finish-check', text };
    }
    if (this.options.goalCheck !== false) {
      const text = goalCheck(this.turnState, answer, this.locale);
      if (text !== undefined) return { kind: 'goal-check', text };
    }
    return undefined;
  }

  /** Notes one call's outcome; returns true when it updated the plan. */
  private record(name: string, { ok, result }: ToolCallOutcome): boolean {
    if (!ok || !ALL_PLAN_TOOL_NAMES.includes(name)) return false;
    this.turnState.planUsed = true;
    if (!PLAN_WRITE_TOOL_NAMES.includes(name)) return false;
    this.planUpdatedThisRound = true;
    const version = (result?.data as { version?: unknown } | undefined)?.version;
    if (name === 'todo_write' && typeof version === 'number') this.seen.wroteWhole(version);
    return true;
  }

  private nextTurnId(): string {
    return `${this.key.session}#${++this.turnCount}-${globalThis.crypto.randomUUID().slice(0, 8)}`;
  }
}
