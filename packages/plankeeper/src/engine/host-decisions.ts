/**
 * Changes that come from outside the model's tools, decided on the stored plan for the
 * engine's compare-and-set loop (commit-loop.ts): a person's edit of one item, a host's
 * sub-agent link, a released owner, a new user turn, a run of the person's check. None is a new request, so the plan
 * keeps its `turn`.
 */
import { type CheckRecord, checkSummary } from './check-record.js';
import type { Decision } from './commit-loop.js';
import type { PlanLimits } from './limits.js';
import type { PersonEditOutcome, SubAgentLinkOutcome } from './operation-outcome.js';
import { approvalAfterPersonEdit, approvalOf } from './operations/approve.js';
import { releaseItems } from './operations/ownership.js';
import {
  applyPersonEdit,
  type PersonEdit,
  type PersonEditProblem,
  textProblem,
} from './operations/person-edit.js';
import { toSnapshot } from './plan-snapshot.js';
import type { VersionedPlan } from './store/plan-store.js';
import { linkSubAgent, type SubAgentEndInfo, type SubAgentLink } from './sub-agent-link.js';
import { emptyRecord, type PlanRecord, samePlan } from './todo-item.js';

/** Longest name a person may sign a change with. */
const MAX_PERSON_NAME = 80;

/** A person's `edit` of the stored plan (see PlanEngine.editAsPerson). */
export function personEditDecision(
  stored: VersionedPlan | undefined,
  edit: PersonEdit,
  person: { name?: string },
  limits: PlanLimits,
  now: () => number,
): Decision<PersonEditOutcome> {
  // One line in the model's text: a name never carries a line break into it.
  const name = person.name?.replace(/\s+/g, ' ').trim();
  const version = stored?.version ?? 0;
  const record = stored?.record ?? emptyRecord(now());
  const refuse = (problem: PersonEditProblem): { done: PersonEditOutcome } => ({
    done: { ok: false, problem, snapshot: toSnapshot(record, version, !stored) },
  });
  if (person.name !== undefined) {
    const problem = textProblem(person.name, 'name', MAX_PERSON_NAME);
    if (problem) return refuse(problem);
  }
  const result = applyPersonEdit(record, edit, limits);
  if (!result.ok) return refuse(result.problem);
  const at = now();
  const approval =
    edit.kind === 'approve'
      ? approvalOf(record.items, at, name)
      : approvalAfterPersonEdit(record, result.items);
  const next: PlanRecord = {
    ...record,
    items: result.items,
    nextId: result.nextId,
    updatedAt: at,
    ...(approval && { approval }),
  };
  // Setting a text to what it already says is no change, as for the model's writes.
  if (stored && samePlan(record, next)) {
    return { done: { ok: true, snapshot: toSnapshot(record, version, false) } };
  }
  return {
    write: next,
    source: {
      tool: `person:${edit.kind}`,
      summary: result.summary,
      by: 'person',
      ...(name && { name }),
      edit: result.info,
    },
    onWritten: (written) => ({ ok: true, snapshot: toSnapshot(next, written, false) }),
  };
}

/** A host's sub-agent `link` on item `id`, or its `end` (see PlanEngine.setSubAgent). */
export function subAgentDecision(
  stored: VersionedPlan | undefined,
  id: string,
  link: SubAgentLink,
  end: SubAgentEndInfo | undefined,
  now: () => number,
): Decision<SubAgentLinkOutcome> {
  const version = stored?.version ?? 0;
  const record = stored?.record ?? emptyRecord(now());
  const result = linkSubAgent(record.items, id, link);
  if (!result.ok) {
    return {
      done: {
        ok: false,
        problem: result.problem,
        snapshot: toSnapshot(record, version, !stored),
      },
    };
  }
  const next: PlanRecord = { ...record, items: result.items, updatedAt: now() };
  const summary = end
    ? `sub-agent on #${id} ${end.ended}: ${end.progress.completed}/${end.progress.total} done`
    : `delegated #${id} to sub-agent ${link.scope}`;
  return {
    write: next,
    source: {
      tool: end ? 'host:sub-agent-ended' : 'host:sub-agent-started',
      summary,
      ...(end && { subAgent: end }),
    },
    onWritten: (written) => ({ ok: true, snapshot: toSnapshot(next, written, false) }),
  };
}

/** The items `owner` has in progress, freed (see PlanEngine.releaseOwner). */
export function releaseDecision(
  stored: VersionedPlan | undefined,
  owner: string,
  now: () => number,
): Decision<string[]> {
  if (!stored) return { done: [] };
  const { items, released } = releaseItems(stored.record, owner);
  if (released.length === 0) return { done: [] };
  return {
    write: { ...stored.record, items, updatedAt: now() },
    source: {
      tool: 'host:release',
      summary: `released ${released.map((id) => `#${id}`).join(' ')} of ${owner}`,
    },
    onWritten: () => released,
  };
}

/** User turn `turn` noted as started (see PlanEngine.noteTurn). */
export function turnStartedDecision(
  stored: VersionedPlan | undefined,
  turn: string,
): Decision<void> {
  if (!stored || stored.record.activeTurn === turn) return { done: undefined };
  return {
    write: { ...stored.record, activeTurn: turn },
    source: { tool: 'host:turn-started', summary: 'new user turn' },
    onWritten: () => undefined,
  };
}

/**
 * A run of the person's check kept in the plan's history (see PlanEngine.recordCheck): the
 * items stay as they are; the revision's source and the plan's `lastCheck` carry the result.
 * No plan, no history to keep it in.
 */
export function checkRecordedDecision(
  stored: VersionedPlan | undefined,
  check: Omit<CheckRecord, 'version'>,
): Decision<void> {
  if (!stored) return { done: undefined };
  const record: CheckRecord = { ...check, version: stored.version };
  return {
    write: { ...stored.record, lastCheck: record },
    source: { tool: 'host:check', summary: checkSummary(record), check: record },
    onWritten: () => undefined,
  };
}
