/**
 * The discipline, as far as coding-agent hooks allow it, decided from the stored plan and
 * the hooks' state: a pure function, so a compare-and-set retry can simply run it again.
 * Texts and rules are the core harness's (plankeeper/harness, the locale).
 */
// plankeeper/harness, not the root: the root would load the plan tools and zod into every hook.
import {
  type ApprovalAgain,
  approvalWait,
  buildPlanSection,
  describeChangeNotices,
  describePersonChanges,
  isHonestPartial,
  isOpen,
  type Locale,
  type PlanRevision,
  type PlanSnapshot,
  quoteText,
  renderPlan,
  withoutOthersWork,
} from 'plankeeper/harness';
import { type NeutralAnswer, type NeutralEvent, NOTHING } from './events.js';
import { type HookState, MAX_SUCCESSES } from './hook-state.js';

export interface DisciplineOptions {
  locale: Locale;
  /** Tool calls without a successful plan write before the reminder. Default 3. */
  nudgeAfter?: number;
  now?: number;
  /** A fresh turn id, for agents whose prompt event carries none. */
  newTurn?: () => string;
  /** The agent's session when it works on a shared list: others' items are not its to finish. */
  owner?: string;
  /** Hold non-plan tools until a person approves the plan (`--approval`). Default: off. */
  approval?: ApprovalAgain;
}

export interface Decision {
  /** The state to store, or undefined to leave it. */
  next: HookState | undefined;
  answer: NeutralAnswer;
}

export function decide(
  event: NeutralEvent,
  snapshot: PlanSnapshot,
  state: HookState,
  options: DisciplineOptions,
  /** Revisions of the plan since some version before `state.shownVersion`, oldest first. */
  recent: readonly PlanRevision[] = [],
): Decision {
  const { locale } = options;
  switch (event.kind) {
    case 'prompt': {
      if (state.lastBlock !== undefined && event.text.includes(state.lastBlock)) {
        // Our own stop reason, sent back as a prompt: the same user turn goes on.
        const { lastBlock: _, ...rest } = state;
        return { next: rest, answer: NOTHING };
      }
      const turn = event.turn ?? options.newTurn?.() ?? String(options.now ?? Date.now());
      const next: HookState = {
        turn,
        task: event.text,
        startedAt: options.now ?? Date.now(),
        rounds: 0,
        shownVersion: snapshot.version,
        wroteThisTurn: false,
        finishBounces: 0,
        goalBounces: 0,
        restorePending: false,
      };
      // Whatever is stored now was written before this request: a leftover when still open.
      // Not so a shared list, a standing list other sessions write in their own turns.
      const section = buildPlanSection({
        snapshot: { ...snapshot, turn: options.owner === undefined ? undefined : turn },
        locale,
        turn,
        changed: true,
        whenUnchanged: 'full',
        ...(options.owner !== undefined && { owner: options.owner }),
      });
      // Who changed the plan since the model last saw it (an approval, say), before the list.
      const byPerson = describePersonChanges(since(recent, state.shownVersion), locale);
      const text = [byPerson, section].filter(Boolean).join('\n');
      return { next, answer: text ? { kind: 'context', text } : NOTHING };
    }
    case 'session-start':
    case 'pre-compact': {
      // After compaction, /clear or a resume the model has lost the list from its context.
      const restore = event.kind === 'pre-compact' || event.source !== 'startup';
      if (!restore || snapshot.items.length === 0) return { next: undefined, answer: NOTHING };
      if (event.kind === 'pre-compact') {
        // What a hook says before compaction is compacted away: show it after, on the next event.
        return { next: { ...state, restorePending: true }, answer: NOTHING };
      }
      const byPerson = describePersonChanges(since(recent, state.shownVersion), locale);
      const restored = restoredSection(snapshot, locale);
      return {
        next: { ...state, shownVersion: snapshot.version, restorePending: false },
        answer: { kind: 'context', text: byPerson ? `${byPerson}\n${restored}` : restored },
      };
    }
    case 'tool-done':
      return withSuccess(event, state, afterTool(event, snapshot, state, options, recent));
    case 'tool-start': {
      // Plan tools are never held: writing the plan is what the model does meanwhile.
      if (options.approval === undefined || event.isPlanTool)
        return { next: undefined, answer: NOTHING };
      const wait = approvalWait(snapshot, options.approval);
      return {
        next: undefined,
        answer:
          wait === undefined
            ? NOTHING
            : { kind: 'deny', reason: locale.approval.waiting(wait, event.tool) },
      };
    }
    case 'stop':
    case 'subagent-stop':
      // A plan waiting for a person is the answer's point: no bounce.
      if (options.approval !== undefined && approvalWait(snapshot, options.approval) !== undefined)
        return { next: undefined, answer: NOTHING };
      return atStop(event, snapshot, state, locale, options.owner);
    case 'subagent-start':
      // A sub-agent's plan lives in its own scope; its turn starts now.
      return {
        next: { ...state, turn: event.agentId, rounds: 0, wroteThisTurn: false },
        answer: NOTHING,
      };
  }
}

function afterTool(
  event: Extract<NeutralEvent, { kind: 'tool-done' }>,
  snapshot: PlanSnapshot,
  state: HookState,
  options: DisciplineOptions,
  recent: readonly PlanRevision[],
): Decision {
  const { locale } = options;
  if (event.isPlanWrite && event.ok) {
    // The model has just read its own write in the tool result (a pending restore too).
    return {
      next: {
        ...state,
        rounds: 0,
        wroteThisTurn: true,
        shownVersion: snapshot.version,
        restorePending: false,
      },
      answer: NOTHING,
    };
  }
  // Failed or blocked plan writes count like any other call (seed 000).
  const rounds = state.rounds + 1;
  const parts: string[] = [];
  let shownVersion = state.shownVersion;
  let restorePending = state.restorePending;
  if (!restorePending && onlyLinkedSinceShown(snapshot, recent, state.shownVersion)) {
    // The host linked a sub-agent to an item: nothing the model reads changed.
    shownVersion = snapshot.version;
  } else if (
    snapshot.items.length > 0 &&
    (restorePending || snapshot.version !== state.shownVersion)
  ) {
    parts.push(
      restorePending
        ? restoredSection(snapshot, locale)
        : changedSection(snapshot, locale, recent, state.shownVersion),
    );
    shownVersion = snapshot.version;
    restorePending = false;
  }
  let nextRounds = rounds;
  // Only while the plan has open items (seed 002): a plan-free task is never nagged.
  if (
    rounds >= (options.nudgeAfter ?? 3) &&
    withoutOthersWork(snapshot.items, options.owner).some(isOpen)
  ) {
    parts.push(locale.harness.reminder(rounds));
    nextRounds = 0;
  }
  return {
    next: { ...state, rounds: nextRounds, shownVersion, restorePending },
    answer: parts.length > 0 ? { kind: 'context', text: parts.join('\n\n') } : NOTHING,
  };
}

function atStop(
  event: Extract<NeutralEvent, { kind: 'stop' | 'subagent-stop' }>,
  snapshot: PlanSnapshot,
  state: HookState,
  locale: Locale,
  owner: string | undefined,
): Decision {
  // Our own counters bound the bounces (once each per turn), whatever stop_hook_active says.
  if (!state.wroteThisTurn) return { next: undefined, answer: NOTHING };
  const open = withoutOthersWork(snapshot.items, owner).filter(isOpen);
  if (open.length > 0 && state.finishBounces < 1) {
    const reason = locale.harness.finishCheck(open, quoteText);
    return {
      next: { ...state, finishBounces: state.finishBounces + 1, lastBlock: reason },
      answer: { kind: 'block', reason },
    };
  }
  if (state.goalBounces < 1 && state.task && !isHonestPartial(event.lastMessage, locale)) {
    const reason = locale.harness.goalCheck(excerpt(state.task));
    return {
      next: { ...state, goalBounces: state.goalBounces + 1, lastBlock: reason },
      answer: { kind: 'block', reason },
    };
  }
  return { next: undefined, answer: NOTHING };
}

/** The changed list, after who changed it when a person did, and sub-agent ends (since the version last shown). */
/**
 * True when every revision since the one the model was shown is a sub-agent link the host
 * wrote when the sub-agent started (and all of them are in `recent`).
 */
function onlyLinkedSinceShown(
  snapshot: PlanSnapshot,
  recent: readonly PlanRevision[],
  shownVersion: number,
): boolean {
  if (snapshot.version <= shownVersion) return false;
  const after = since(recent, shownVersion);
  return (
    after.length === snapshot.version - shownVersion &&
    after.every((revision) => revision.source.tool === 'host:sub-agent-started')
  );
}

/** The revisions of `recent` the model has not been shown. */
function since(recent: readonly PlanRevision[], shownVersion: number): readonly PlanRevision[] {
  return recent.filter((revision) => revision.version > shownVersion);
}

function changedSection(
  snapshot: PlanSnapshot,
  locale: Locale,
  recent: readonly PlanRevision[],
  shownVersion: number,
): string {
  // Who changed it (a person), and how a sub-agent on one of its items ended.
  const notices = describeChangeNotices(since(recent, shownVersion), locale);
  const list = `${locale.harness.changedHeading}\n${renderPlan(snapshot.items, { locale, heading: false })}`;
  return notices ? `${notices}\n${list}` : list;
}

function restoredSection(snapshot: PlanSnapshot, locale: Locale): string {
  return `${locale.harness.restoredHeading}\n${renderPlan(snapshot.items, { locale, heading: false })}`;
}

/** The core goal check's limit on the request quoted back. */
const MAX_TASK_EXCERPT = 600;

function excerpt(task: string): string {
  return task.length > MAX_TASK_EXCERPT ? `${task.slice(0, MAX_TASK_EXCERPT)}…` : task;
}

/**
 * Records a successful call of any tool but plankeeper's own (every agent names those with
 * "plankeeper" in their namespace), for the MCP server's evidence rule.
 */
function withSuccess(
  event: Extract<NeutralEvent, { kind: 'tool-done' }>,
  state: HookState,
  decision: Decision,
): Decision {
  if (!event.ok || /plankeeper/i.test(event.tool)) return decision;
  const next = decision.next ?? state;
  const successes = [...(next.successes ?? []), { tool: event.tool, at: Date.now() }];
  return { ...decision, next: { ...next, successes: successes.slice(-MAX_SUCCESSES) } };
}
