/**
 * The `session/update` notification that shows plankeeper's plan in the editor's panel, in
 * the shape the client reads: `plan_update` (with plankeeper's own `planId`, so the agent's
 * own plan, if any, stays beside it) where the client advertises plan updates in its
 * `initialize` (`clientCapabilities.plan`) or speaks ACP v2; else v1 `plan`, the whole list.
 */
import type { TodoItem } from 'plankeeper';
import { type EntryOptions, planEntries } from './plan-entries.js';

/** The plan id plankeeper's list has in every session; the agent's own plans have others. */
export const PLAN_ID = 'plankeeper';

export interface ClientPlanSupport {
  update: 'plan' | 'plan_update';
  /** ACP v2: entries may be `cancelled`; before it a cancelled item is shown completed. */
  cancelledStatus: boolean;
}

/** What the client's `initialize` params say it reads. */
export function clientPlanSupport(params: unknown): ClientPlanSupport {
  const record = (params ?? {}) as { protocolVersion?: unknown; clientCapabilities?: unknown };
  const capabilities = (record.clientCapabilities ?? {}) as { plan?: unknown };
  if (typeof record.protocolVersion === 'number' && record.protocolVersion >= 2) {
    return { update: 'plan_update', cancelledStatus: true };
  }
  const advertised = capabilities.plan !== null && typeof capabilities.plan === 'object';
  return { update: advertised ? 'plan_update' : 'plan', cancelledStatus: false };
}

/** The notification for `items`, as one JSON-RPC line (with its `\n`). */
export function planNotification(
  sessionId: string,
  items: readonly TodoItem[],
  support: ClientPlanSupport,
  cancelledPrefix: string,
): string {
  const options: EntryOptions = { cancelledStatus: support.cancelledStatus, cancelledPrefix };
  const entries = planEntries(items, options);
  const update =
    support.update === 'plan'
      ? { sessionUpdate: 'plan', entries }
      : { sessionUpdate: 'plan_update', plan: { type: 'items', planId: PLAN_ID, entries } };
  const message = { jsonrpc: '2.0', method: 'session/update', params: { sessionId, update } };
  return `${JSON.stringify(message)}\n`;
}
