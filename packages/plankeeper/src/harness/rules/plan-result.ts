/**
 * The result of a plan tool, for a host that serves the plan tools itself (the MCP server,
 * which has no section before each model call): what a person changed since the model last
 * saw the plan goes before the result, and a write that leaves the plan waiting for a person
 * says so after it. The model reads the result, so its version is what the model has seen.
 */
import type { PlanSnapshot } from '../../engine/plan-engine.js';
import type { PlanRevision } from '../../engine/store/plan-store.js';
import { describePersonChanges, describeUnreadLines } from '../change-notices.js';
import { approvalWait } from './approval-hold.js';
import type { HostEvent } from './events.js';
import type { Decision, RuleOptions } from './rule-options.js';
import type { TurnRecord } from './turn-record.js';

export function planResult(
  event: Extract<HostEvent, { kind: 'plan-result' }>,
  snapshot: PlanSnapshot,
  record: TurnRecord,
  options: RuleOptions,
  recent: readonly PlanRevision[],
): Decision {
  const shown = record.shownVersion;
  const upTo = recent.filter(({ version }) => version > shown && version <= event.version);
  // A record that has seen no plan has no "since": the first result says nothing of history,
  // only the plan file's lines that are no items, which the model would never hear of else.
  const byPerson =
    shown > 0
      ? describePersonChanges(upTo, options.locale)
      : describeUnreadLines(upTo, options.locale);
  const waiting =
    options.approval !== undefined &&
    event.ok &&
    event.isPlanWrite &&
    approvalWait(snapshot, options.approval) !== undefined
      ? options.locale.approval.awaiting
      : undefined;
  const next = event.version === shown ? undefined : { ...record, shownVersion: event.version };
  if (byPerson === undefined && waiting === undefined) return { next, answer: { kind: 'none' } };
  return {
    next,
    answer: {
      kind: 'annotate',
      ...(byPerson !== undefined && { before: byPerson }),
      ...(waiting !== undefined && { after: waiting }),
    },
  };
}
