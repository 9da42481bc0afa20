/**
 * Plan approval as an AG-UI interrupt: a run whose next tool call waits for a person's
 * approval of the plan finishes with outcome `interrupt`; the next run's `resume` answers
 * it (`{"approved": true}`, and a name if the person gives one), which approves the plan as
 * the dashboard's button does.
 */
import type { Interrupt, ResumeEntry } from '@ag-ui/core';
import type { PlanKey } from '../../engine/plan-key.js';
import type { PlanSnapshot } from '../../engine/plan-snapshot.js';
import { isOpen } from '../../engine/todo-item.js';
import type { AgUiTexts } from './ag-ui-texts.js';

/** `Interrupt.reason` of plankeeper's approval interrupt. */
export const APPROVAL_REASON = 'plankeeper.approval';

const ID_PREFIX = 'plankeeper-approval-';

export function approvalInterrupt(
  key: PlanKey,
  plan: PlanSnapshot,
  call: { tool: string; toolCallId?: string },
  texts: AgUiTexts,
): Interrupt {
  return {
    id: `${ID_PREFIX}${plan.version}`,
    reason: APPROVAL_REASON,
    message: texts.approvalWaiting(call.tool, plan.items.filter(isOpen).length),
    ...(call.toolCallId !== undefined && { toolCallId: call.toolCallId }),
    responseSchema: {
      type: 'object',
      properties: { approved: { type: 'boolean' }, name: { type: 'string' } },
      required: ['approved'],
    },
    metadata: { planKey: { ...key }, version: plan.version },
  };
}

/** The person's answer to plankeeper's approval interrupt in `resume`, if there is one. */
export function approvalAnswer(
  resume: readonly ResumeEntry[] | undefined,
): { approved: boolean; name?: string } | undefined {
  const entry = resume?.find((each) => each.interruptId.startsWith(ID_PREFIX));
  if (!entry) return undefined;
  const payload: unknown = entry.payload;
  const approved =
    entry.status === 'resolved' &&
    typeof payload === 'object' &&
    payload !== null &&
    (payload as { approved?: unknown }).approved === true;
  const name = (payload as { name?: unknown } | null | undefined)?.name;
  return { approved, ...(approved && typeof name === 'string' && name && { name }) };
}
