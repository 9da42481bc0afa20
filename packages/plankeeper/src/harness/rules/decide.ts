/**
 * The discipline as one pure reducer: a host event and the turn's record in, the record to
 * keep and an answer for the model out. Every host drives it: PlanHarness (the own loop and
 * the framework adapters) keeps the record in memory; a coding agent's hooks keep it in the
 * store beside the plan, and a compare-and-set retry simply runs it again. It reads no
 * clock and no store and changes none of its inputs.
 *
 * @example
 * const { next, answer } = decide(
 *   { kind: 'stop', stopHookActive: false, lastMessage: 'Done.' },
 *   snapshot,
 *   record,
 *   { locale, now: Date.now() },
 * );
 */
import type { PlanSnapshot } from '../../engine/plan-engine.js';
import type { PlanRevision } from '../../engine/store/plan-store.js';
import { isOpen } from '../../engine/todo-item.js';
import { describePersonChanges } from '../change-notices.js';
import { withoutOthersWork } from '../others-work.js';
import { buildPlanSection } from '../plan-section.js';
import { approvalHoldText, approvalWait } from './approval-hold.js';
import type { AnswerCheck } from './check.js';
import { type ChecksAtAnswer, checksAtAnswer, checksAtTurnStart } from './checks-before-done.js';
import type { HostEvent } from './events.js';
import { finishCheck } from './finish-check.js';
import { goalCheck } from './goal-check.js';
import { idleRound, nudgeRule } from './nudge.js';
import { planResult } from './plan-result.js';
import { changedSection, onlyLinkedSinceShown, restoredSection, since } from './restore.js';
import type { Decision, RuleOptions } from './rule-options.js';
import { MAX_SUCCESSES, newTurnRecord, type TurnRecord } from './turn-record.js';

export type { Decision, RuleOptions };

const NONE: Decision = { next: undefined, answer: { kind: 'none' } };

export const DEFAULT_CHECKS: readonly AnswerCheck[] = [finishCheck(), goalCheck()];

export function decide(
  event: HostEvent,
  snapshot: PlanSnapshot,
  record: TurnRecord,
  options: RuleOptions,
  /** Revisions of the plan since some version before `record.shownVersion`, oldest first. */
  recent: readonly PlanRevision[] = [],
): Decision {
  switch (event.kind) {
    case 'prompt':
      return turnStarted(event, snapshot, record, options, recent);
    case 'session-start':
    case 'pre-compact':
      return restore(event, snapshot, record, options, recent);
    case 'tool-done': {
      const noted = toolDone(event, snapshot, record, options);
      if (event.endsRound === false) return { next: noted, answer: { kind: 'none' } };
      return roundDone(snapshot, noted, options, recent);
    }
    case 'round-done':
      return roundDone(snapshot, record, options, recent);
    case 'plan-result':
      return planResult(event, snapshot, record, options, recent);
    case 'tool-start': {
      // Plan tools are never held: writing the plan is what the model does meanwhile.
      if (options.approval === undefined || event.isPlanTool) return NONE;
      const reason = approvalHoldText(snapshot, event.tool, options.approval, options.locale);
      return reason === undefined ? NONE : { next: undefined, answer: { kind: 'deny', reason } };
    }
    case 'stop':
      return answerGiven(event.lastMessage, snapshot, record, options, event.checks);
    case 'subagent-stop':
      // A sub-agent's answer goes to its parent, whose own answer the checks stand before.
      return answerGiven(event.lastMessage, snapshot, record, options);
    case 'subagent-start':
      // A sub-agent's plan lives in its own scope; its turn starts now.
      return {
        next: { ...record, turn: event.agentId, rounds: 0, wroteThisTurn: false },
        answer: { kind: 'none' },
      };
  }
}

function turnStarted(
  event: Extract<HostEvent, { kind: 'prompt' }>,
  snapshot: PlanSnapshot,
  record: TurnRecord,
  options: RuleOptions,
  recent: readonly PlanRevision[],
): Decision {
  if (record.lastBlock !== undefined && event.text.includes(record.lastBlock)) {
    // Our own stop reason, sent back as a prompt: the same user turn goes on.
    const { lastBlock: _, ...rest } = record;
    return { next: rest, answer: { kind: 'none' } };
  }
  const turn = event.turn ?? options.newTurn ?? String(options.now);
  const checks = checksAtTurnStart(record.checks, event.workspace);
  const fresh = {
    ...newTurnRecord(turn, event.text, options.now),
    ...(checks !== undefined && { checks }),
  };
  if (options.showsPlanEachCall) {
    // The plan seen in the last turn is still in the conversation; the host's next section
    // shows what changed since.
    const { shownVersion, shownAt } = record;
    return {
      next: { ...fresh, shownVersion, ...(shownAt !== undefined && { shownAt }) },
      answer: { kind: 'none' },
    };
  }
  const next = { ...fresh, shownVersion: snapshot.version };
  // Whatever is stored now was written before this request: a leftover when still open.
  // Not so a shared list, a standing list other sessions write in their own turns.
  const { owner, locale } = options;
  // A plan a person approved since the model last saw it is the plan to carry out, not a
  // leftover of an earlier request.
  const news = since(recent, record.shownVersion);
  const approved = news.some((revision) => revision.source.edit?.kind === 'approve');
  const section = buildPlanSection({
    snapshot: { ...snapshot, turn: owner === undefined && !approved ? undefined : turn },
    locale,
    turn,
    changed: true,
    whenUnchanged: 'full',
    ...(owner !== undefined && { owner }),
  });
  // Who changed the plan since the model last saw it (an approval, say), before the list.
  const byPerson = describePersonChanges(news, locale);
  const text = [byPerson, section].filter(Boolean).join('\n');
  return { next, answer: text ? { kind: 'context', text } : { kind: 'none' } };
}

function restore(
  event: Extract<HostEvent, { kind: 'session-start' | 'pre-compact' }>,
  snapshot: PlanSnapshot,
  record: TurnRecord,
  options: RuleOptions,
  recent: readonly PlanRevision[],
): Decision {
  // After compaction, /clear or a resume the model has lost the list from its context.
  const lost = event.kind === 'pre-compact' || event.source !== 'startup';
  if (!lost || snapshot.items.length === 0) return NONE;
  // What a hook says before compaction is compacted away: show it after, on the next event.
  // A resumed or cleared session goes on with the person's next request, whose section
  // shows the list once, under the heading that says whose request it belongs to.
  if (event.kind === 'pre-compact' || event.source !== 'compact') {
    return { next: { ...record, restorePending: true }, answer: { kind: 'none' } };
  }
  const byPerson = describePersonChanges(since(recent, record.shownVersion), options.locale);
  const restored = restoredSection(snapshot, options.locale);
  return {
    next: { ...record, shownVersion: snapshot.version, restorePending: false },
    answer: { kind: 'context', text: byPerson ? `${byPerson}\n${restored}` : restored },
  };
}

/** Notes one call's outcome: a plan write, the plan used, a success that counts as evidence. */
function toolDone(
  event: Extract<HostEvent, { kind: 'tool-done' }>,
  snapshot: PlanSnapshot,
  record: TurnRecord,
  options: RuleOptions,
): TurnRecord {
  if (!event.ok) return record;
  if (event.isPlanWrite) {
    const written = { ...record, wroteThisRound: true, wroteThisTurn: true, planUsed: true };
    // A host that shows a section before each call notes what it showed itself.
    if (options.showsPlanEachCall) return written;
    // The model has just read its own write in the tool result (a pending restore too).
    return { ...written, shownVersion: snapshot.version, restorePending: false };
  }
  if (event.isPlanTool) return record.planUsed ? record : { ...record, planUsed: true };
  const successes = [...(record.successes ?? []), { tool: event.tool, at: options.now }];
  return { ...record, successes: successes.slice(-MAX_SUCCESSES) };
}

/** One round over: a plan changed by others shown, the nudge counted. */
function roundDone(
  snapshot: PlanSnapshot,
  record: TurnRecord,
  options: RuleOptions,
  recent: readonly PlanRevision[],
): Decision {
  if (record.wroteThisRound) {
    return { next: { ...record, rounds: 0, wroteThisRound: false }, answer: { kind: 'none' } };
  }
  const { locale } = options;
  const parts: string[] = [];
  let { shownVersion, restorePending } = record;
  if (!options.showsPlanEachCall) {
    if (!restorePending && onlyLinkedSinceShown(snapshot, recent, shownVersion)) {
      shownVersion = snapshot.version;
    } else if (snapshot.items.length > 0 && (restorePending || snapshot.version !== shownVersion)) {
      parts.push(
        restorePending
          ? restoredSection(snapshot, locale)
          : changedSection(snapshot, locale, recent, shownVersion),
      );
      shownVersion = snapshot.version;
      restorePending = false;
    }
  }
  let { rounds } = record;
  if (options.nudge !== false) {
    const hasOpen = withoutOthersWork(snapshot.items, options.owner).some(isOpen);
    const idle = idleRound(rounds, nudgeRule(options.nudge), hasOpen);
    rounds = idle.rounds;
    if (idle.remind !== undefined) parts.push(locale.harness.reminder(idle.remind));
  }
  return {
    next: { ...record, rounds, shownVersion, restorePending },
    answer: parts.length > 0 ? { kind: 'context', text: parts.join('\n\n') } : { kind: 'none' },
  };
}

/**
 * The model wants to answer: first the person's checks (when the host ran them), then the
 * answer checks in order, each at most once per turn. A notice for the person goes out with
 * an answer that passes.
 */
function answerGiven(
  answer: string,
  snapshot: PlanSnapshot,
  record: TurnRecord,
  options: RuleOptions,
  found?: ChecksAtAnswer,
): Decision {
  // A plan waiting for a person is the answer's point: no bounce.
  if (options.approval !== undefined && approvalWait(snapshot, options.approval) !== undefined)
    return NONE;
  let notice: Decision['answer'] | undefined;
  if (found !== undefined && options.verify !== undefined) {
    const step = checksAtAnswer(found, record, options.verify.maxRefusals, options.locale);
    if (step.answer?.kind === 'bounce') return { next: step.record, answer: step.answer };
    record = step.record;
    notice = step.answer;
  }
  const open = withoutOthersWork(snapshot.items, options.owner).filter(isOpen);
  for (const check of options.checks ?? DEFAULT_CHECKS) {
    if (record.bounced.includes(check.name)) continue;
    const reason = check.check({ record, open, answer, locale: options.locale });
    if (reason === undefined) continue;
    return {
      next: { ...record, bounced: [...record.bounced, check.name], lastBlock: reason },
      answer: { kind: 'bounce', reason, check: check.name },
    };
  }
  return { next: found === undefined ? undefined : record, answer: notice ?? { kind: 'none' } };
}
