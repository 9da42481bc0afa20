/**
 * One plan in full, with its revision timeline: each stored revision annotated with
 * what it changed and which tool call made it.
 */

import type { PlanSnapshot, PlanStore } from 'plankeeper';
import {
  encodePlanKey,
  isLeftoverRecord,
  isOpen,
  isStalePlan,
  type PlanKey,
  progressOf,
} from 'plankeeper';
import { approvalWait } from 'plankeeper/rules';
import type { PlanRecord, PlanRevision } from 'plankeeper/stores';
import { itemEvidence } from '../verify/item-evidence.js';
import type { PlanDetailResponse, TimelineEntry } from './api-types.js';
import { revisionChanges } from './revision-changes.js';
import { subAgentsOf } from './sub-agent-summaries.js';

export interface TimelineContext {
  store: PlanStore;
  now: number;
  staleAfterMs: number;
}

/** The plan at `key`, or undefined when neither the plan nor any history of it exists. */
export async function readPlanDetail(
  key: PlanKey,
  context: TimelineContext,
): Promise<PlanDetailResponse | undefined> {
  const [stored, history, task] = await Promise.all([
    context.store.get(key),
    context.store.history(key),
    taskOf(key, context.store),
  ]);
  if (!stored && history.length === 0) return undefined;
  const items = stored?.record.items ?? [];
  const updatedAt = stored?.record.updatedAt ?? null;
  const open = items.filter(isOpen).length;
  return {
    now: context.now,
    staleAfterMs: context.staleAfterMs,
    key: encodePlanKey(key),
    agent: key.agent,
    session: key.session,
    scope: [...(key.scope ?? [])],
    exists: stored !== undefined,
    version: stored?.version ?? 0,
    updatedAt,
    items,
    task,
    stale: updatedAt !== null && isStalePlan({ open, updatedAt }, context),
    leftover: stored ? isLeftoverRecord(stored.record) : false,
    subAgents: await subAgentsOf(key, items, context.store),
    approval: approvalOf(stored?.record),
    lastCheck: stored?.record.lastCheck ?? null,
    evidence: itemEvidence(items, history),
    timeline: timelineOf(history),
  };
}

/**
 * The user's request kept in the harness state beside the plan (the hooks' turn record), or
 * null: a store that keeps no such state, or a host that keeps its turn in memory.
 */
async function taskOf(key: PlanKey, store: PlanStore): Promise<string | null> {
  const stored = await store.getState?.(key);
  const task = stored?.state.task;
  return typeof task === 'string' && task.trim() !== '' ? task : null;
}

/**
 * The approval state, only where the plan's host holds its tools for a person's approval: a
 * plan no host asks approval for shows none (it waits for nobody).
 */
function approvalOf(record: PlanRecord | undefined): PlanDetailResponse['approval'] {
  const rule = record?.approvalRule;
  if (!record || !rule) return null;
  const { approval } = record;
  const current =
    approvalWait({ items: record.items, approval } as PlanSnapshot, rule) === undefined;
  return {
    rule,
    approved: approval ? { name: approval.name ?? null, at: approval.at } : null,
    current,
  };
}

export function timelineOf(history: readonly PlanRevision[]): TimelineEntry[] {
  return history.map((revision, index) => {
    const previous = index > 0 ? history[index - 1] : undefined;
    // Without the revision before, the difference is only known for a plan's first
    // write (version 1: it started empty); older history was trimmed by the store.
    const known = previous !== undefined || revision.version === 1;
    const items = revision.record?.items ?? [];
    const progress = progressOf(items);
    return {
      version: revision.version,
      at: revision.at,
      tool: revision.source.tool,
      ...(revision.source.callId !== undefined && { callId: revision.source.callId }),
      ...(revision.source.summary !== undefined && { summary: revision.source.summary }),
      ...(revision.source.by === 'person' && { by: 'person' as const }),
      ...(revision.source.by === 'person' &&
        revision.source.name !== undefined && { name: revision.source.name }),
      ...(revision.source.owner !== undefined && { owner: revision.source.owner }),
      ...(revision.source.evidence !== undefined && { evidence: revision.source.evidence }),
      ...(revision.source.check !== undefined && { check: revision.source.check }),
      ...(revision.source.keptForPerson !== undefined && {
        keptForPerson: revision.source.keptForPerson,
      }),
      deleted: revision.record === null,
      changes: known
        ? revisionChanges(
            previous?.record?.items ?? [],
            revision.record?.items ?? null,
            revision.source.tool,
          )
        : null,
      total: progress.total,
      completed: progress.completed,
    };
  });
}
