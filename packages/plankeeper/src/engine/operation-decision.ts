/**
 * What the engine does with a model operation's result (see operations/): reject it, or
 * check its completions (the evidence rule, the host's verifiers) and write it. Pure but
 * for the verifiers it awaits, so a compare-and-set retry decides again on the winner's plan.
 */

import type { CheckRecord } from './check-record.js';
import type { Decision, WriteDecision } from './commit-loop.js';
import type { CompletionEvidence, CompletionRefusal, EvidenceMode } from './evidence.js';
import type { OperationMeta } from './operation-meta.js';
import type { OperationOutcome } from './operation-outcome.js';
import { approvalAfterWrite } from './operations/approve.js';
import {
  closingWithoutCompletion,
  completionChecks,
  evidenceIssues,
  evidenceSummary,
  evidenceWithChecks,
  keptEvidence,
  newCompletions,
  newestCheck,
  verdictsOf,
  withEvidence,
} from './operations/completion-check.js';
import type { OperationResult } from './operations/operation-result.js';
import type { PlanIssue } from './plan-issue.js';
import { toSnapshot } from './plan-snapshot.js';
import type { VersionedPlan } from './store/plan-store.js';
import { isOpen, type PlanRecord, samePlan, type TodoItem } from './todo-item.js';

type Meta = OperationMeta & { tool: string };
type Outcome<Facts> = Decision<OperationOutcome<Facts>>;

/** What `stored` (as `record`) becomes with an accepted `result`, written at `now`. */
export function decideOutcome<Facts>(
  meta: Meta,
  mode: EvidenceMode,
  stored: VersionedPlan | undefined,
  record: PlanRecord,
  result: OperationResult<Facts>,
  now: () => number,
): Outcome<Facts> | Promise<Outcome<Facts>> {
  const version = stored?.version ?? 0;
  const reject = (issues: PlanIssue[]) => {
    const snapshot = toSnapshot(record, version, !stored);
    return { done: { ok: false as const, issues, snapshot } };
  };
  if (!result.ok) return reject(result.issues);
  const next = nextRecord(record, result, meta, now());
  const decideWrite = (evidence: CompletionEvidence[] | undefined, lastCheck?: CheckRecord) =>
    writeOrAnswer(
      meta,
      stored,
      record,
      lastCheck ? { ...next, lastCheck } : next,
      result,
      evidence,
    );
  /** The write refused for the verifiers' refusals of `items`. */
  const refuse = (refusals: readonly CompletionRefusal[], items: readonly TodoItem[]) =>
    reject(refusalIssues(meta, refusals, items));
  const verify = meta.dryRun ? undefined : meta.gate?.verify;
  if (mode === 'off' && !verify) return decideWrite(undefined);
  const found = newCompletions(record.items, next.items);
  if (found.length === 0) {
    // Ending the plan by cancelling or removing its last open item is checked as its end.
    const closing = verify && closingWithoutCompletion(record.items, next.items);
    if (!closing) return decideWrite(undefined);
    return verify([{ ...closing, calls: [] }], { tool: meta.tool, openAfter: 0 }).then((answer) => {
      const { refusals, checks } = verdictsOf(answer);
      if (refusals.length > 0) return refuse(refusals, [closing.item]);
      return decideWrite(undefined, newestCheck(completionChecks(checks, version)));
    });
  }
  const completions = withEvidence(found, meta.gate, meta.tool);
  const issues = evidenceIssues(completions, mode, meta.tool);
  if (issues.length > 0) return reject(issues);
  if (!verify) return decideWrite(mode === 'off' ? undefined : keptEvidence(completions));
  const openAfter = next.items.filter(isOpen).length;
  // The only step that waits: a host's verifiers (a test run, say), under the key's lock.
  return verify(completions, { tool: meta.tool, openAfter }).then((answer) => {
    const { refusals, checks } = verdictsOf(answer);
    if (refusals.length > 0) {
      return refuse(
        refusals,
        completions.map(({ item }) => item),
      );
    }
    // What verified each completion: its calls, and the check run that let it through.
    const checked = completionChecks(checks, version);
    return decideWrite(evidenceWithChecks(completions, mode, checked), newestCheck(checked));
  });
}

/** The record an accepted result writes: its items, the approval they keep, the writer's turn. */
function nextRecord<Facts>(
  record: PlanRecord,
  result: OperationResult<Facts> & { ok: true },
  meta: Meta,
  updatedAt: number,
): PlanRecord {
  const next: PlanRecord = {
    ...record,
    items: result.items,
    nextId: result.nextId,
    updatedAt,
  };
  const approval = approvalAfterWrite(record.approval, next.items);
  if (approval) next.approval = approval;
  else delete next.approval;
  // Like the turn, the approval rule is the last writer's: a host that stops asking drops it.
  if (meta.approval !== undefined) next.approvalRule = meta.approval;
  else delete next.approvalRule;
  if (meta.turn !== undefined) {
    next.turn = meta.turn;
    next.activeTurn = meta.turn;
  } else delete next.turn;
  return next;
}

/** Writes `next`, or answers at once for a dry run or a write that changes nothing. */
function writeOrAnswer<Facts>(
  meta: Meta,
  stored: VersionedPlan | undefined,
  record: PlanRecord,
  next: PlanRecord,
  result: OperationResult<Facts> & { ok: true },
  evidence: CompletionEvidence[] | undefined,
): Outcome<Facts> {
  // A write that would store the same plan again (a re-sent list, completing a done
  // item) is no change: no new version, revision or change event for subscribers
  // (MCP clients, the dashboard), so watchers never hear of a change that is none.
  if (meta.dryRun || (stored && samePlan(record, next))) {
    const shown = meta.dryRun ? next : record;
    return {
      done: {
        ok: true as const,
        facts: result.facts,
        snapshot: toSnapshot(shown, stored?.version ?? 0, false),
        ...(evidence && { evidence }),
      },
    };
  }
  const write: WriteDecision<OperationOutcome<Facts>> = {
    write: next,
    source: {
      tool: meta.tool,
      summary: result.summary + (evidence ? evidenceSummary(evidence) : ''),
      ...(meta.callId && { callId: meta.callId }),
      ...(meta.owner !== undefined && { owner: meta.owner }),
      ...(evidence && { evidence }),
      ...(result.keptForPerson && { keptForPerson: result.keptForPerson }),
    },
    onWritten: (written: number) => {
      meta.gate?.written?.(next.items);
      return {
        ok: true as const,
        facts: result.facts,
        snapshot: toSnapshot(next, written, false),
        ...(evidence && { evidence }),
      };
    },
  };
  return write;
}

/** A `completion_refused` issue for each of the verifiers' refusals of `items`. */
function refusalIssues(
  meta: Meta,
  refusals: readonly CompletionRefusal[],
  items: readonly TodoItem[],
): PlanIssue[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return refusals.map(({ id, reason }) => ({
    code: 'completion_refused' as const,
    path: [meta.tool === 'todo_write' ? 'todos' : 'items'],
    id,
    content: byId.get(id)?.content ?? '',
    reason,
  }));
}
