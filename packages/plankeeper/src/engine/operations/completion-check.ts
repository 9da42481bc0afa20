/**
 * The evidence rule over one write: which items it completes, which successful tool calls
 * count for each, and the issues (enforce) or notes (warn) for those with none. Pure: the
 * calls come from the host's gate (see evidence.ts), so the engine decides on data alone.
 */
import { type CheckRecord, checkSummary } from '../check-record.js';
import {
  type Completion,
  type CompletionCheck,
  type CompletionEvidence,
  type CompletionGate,
  type CompletionRefusal,
  type CompletionVerdicts,
  EVIDENCE_CALLS_KEPT,
  type EvidenceMode,
} from '../evidence.js';
import type { PlanIssue } from '../plan-issue.js';
import type { TodoItem } from '../todo-item.js';

/** Items `after` holds as completed that `before` did not, with their earlier status. */
export function newCompletions(
  before: readonly TodoItem[],
  after: readonly TodoItem[],
): Omit<Completion, 'calls'>[] {
  const previous = new Map(before.map((item) => [item.id, item]));
  const found: Omit<Completion, 'calls'>[] = [];
  for (const item of after) {
    if (item.status !== 'completed') continue;
    const was = previous.get(item.id);
    if (was?.status !== 'completed') found.push({ item, before: was?.status, ...(was && { was }) });
  }
  return found;
}

/**
 * The plan's end reached without a completion: the write closes its last open item by
 * cancelling or removing it. Undefined when the write leaves an item open, had none open
 * before, or completes one (then that completion is the plan's end).
 */
export function closingWithoutCompletion(
  before: readonly TodoItem[],
  after: readonly TodoItem[],
): Omit<Completion, 'calls'> | undefined {
  const open = (item: TodoItem) => item.status === 'pending' || item.status === 'in_progress';
  if (!before.some(open) || after.some(open)) return undefined;
  const now = new Map(after.map((item) => [item.id, item]));
  const closed = before.filter(open).at(-1)!;
  const item = now.get(closed.id) ?? closed;
  return { item, before: closed.status, was: closed, closesPlan: true };
}

/**
 * The calls that count for each completion. An item that was in_progress has its own
 * window. A pending item completed with `todos_complete` (the granular family, which has
 * no in_progress) gets the calls since the last plan write, and only the first such item
 * of a write does: one stretch of work cannot show that several steps were done. Any
 * other item (pending, cancelled or new, completed by a whole-list write) never had a
 * window, so nothing counts for it.
 */
export function withEvidence(
  completions: readonly Omit<Completion, 'calls'>[],
  gate: CompletionGate | undefined,
  tool: string,
): Completion[] {
  let sharedWindowClaimed = false;
  return completions.map((completion) => {
    if (!gate) return { ...completion, calls: [] };
    if (completion.before === 'in_progress') {
      return { ...completion, calls: gate.callsFor(completion.item, true) };
    }
    if (tool === 'todos_complete' && completion.before === 'pending' && !sharedWindowClaimed) {
      const calls = gate.callsFor(completion.item, false);
      if (calls.length > 0) sharedWindowClaimed = true;
      return { ...completion, calls };
    }
    return { ...completion, calls: [] };
  });
}

/** Under `enforce`, one issue per completion with no call to show for it. */
export function evidenceIssues(
  completions: readonly Completion[],
  mode: EvidenceMode,
  tool: string,
): PlanIssue[] {
  if (mode !== 'enforce') return [];
  const list = tool === 'todo_write' ? 'todos' : 'items';
  return completions
    .filter((completion) => completion.calls.length === 0)
    .map(({ item, before }) => ({
      code: 'no_evidence' as const,
      path: [list],
      id: item.id,
      content: item.content,
      window: before === 'in_progress' ? 'started' : tool === 'todo_write' ? 'none' : 'last_update',
    }));
}

/** What a revision keeps of each completion: the last few calls and their count. */
export function keptEvidence(completions: readonly Completion[]): CompletionEvidence[] {
  return completions.map(({ item, calls }) => ({
    id: item.id,
    calls: calls.slice(-EVIDENCE_CALLS_KEPT).map((call) => ({ ...call })),
    count: calls.length,
  }));
}

/** A gate's answer either way it may give it (refusals alone, or the verdicts). */
export function verdictsOf(answer: CompletionRefusal[] | CompletionVerdicts): CompletionVerdicts {
  return Array.isArray(answer) ? { refusals: answer, checks: [] } : answer;
}

/**
 * The checks that let completions through, as the history keeps them: a run at this write
 * gets the plan `version` it verified and `when: 'completion'`; a kept record stays as it was.
 */
export function completionChecks(
  checks: readonly CompletionCheck[],
  version: number,
): Map<string, { check: CheckRecord; fresh: boolean }> {
  const byId = new Map<string, { check: CheckRecord; fresh: boolean }>();
  for (const { id, check } of checks) {
    const kept = 'version' in check && typeof check.version === 'number';
    byId.set(id, {
      check: kept ? (check as CheckRecord) : { ...check, version, when: 'completion' },
      fresh: !kept,
    });
  }
  return byId;
}

/**
 * Each completion's evidence with the check that verified it: every completion's under the
 * evidence rule, else only those a check verified (undefined when there are none).
 */
export function evidenceWithChecks(
  completions: readonly Completion[],
  mode: EvidenceMode,
  checks: ReadonlyMap<string, { check: CheckRecord }>,
): CompletionEvidence[] | undefined {
  const counted =
    mode === 'off' ? completions.filter(({ item }) => checks.has(item.id)) : completions;
  if (mode === 'off' && counted.length === 0) return undefined;
  return keptEvidence(counted).map((entry) => {
    const check = checks.get(entry.id)?.check;
    return check ? { ...entry, check } : entry;
  });
}

/** The newest check this write ran itself, to become the plan's `lastCheck`. */
export function newestCheck(
  checks: ReadonlyMap<string, { check: CheckRecord; fresh: boolean }>,
): CheckRecord | undefined {
  let newest: CheckRecord | undefined;
  for (const { check, fresh } of checks.values()) {
    if (fresh && (newest === undefined || check.at >= newest.at)) newest = check;
  }
  return newest;
}

/**
 * The revision summary's tail for timelines: "evidence #2: run_tests, read_file; #3: none",
 * and a check that verified an item: "#4: npm test → exit 0 in 1.2 s".
 * Engine data in one language, like the rest of the summary.
 */
export function evidenceSummary(evidence: readonly CompletionEvidence[]): string {
  if (evidence.length === 0) return '';
  const parts = evidence.map(({ id, calls, count, check }) => {
    if (check) return `#${id}: ${checkSummary(check)}`;
    if (count === 0) return `#${id}: none`;
    const names = [...new Set(calls.map((call) => call.tool))].join(', ');
    return `#${id}: ${names}${count > calls.length ? ` (+${count - calls.length} earlier)` : ''}`;
  });
  return ` · evidence ${parts.join('; ')}`;
}
