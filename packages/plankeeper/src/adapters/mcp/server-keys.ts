/**
 * The plan keys one server works with: the session it serves by default, and how a
 * session's key becomes the key of the plan it writes (its own, or a shared list's).
 */
import type { PlanKey } from '../../engine/plan-key.js';
import { type SessionPlan, sessionPlanOf } from '../../engine/shared-list.js';
import type { PlanMcpServerOptions } from './plan-mcp-server-options.js';

/** The plan a session writes, and in a shared list the writer who owns what it starts. */
export type PlanOfSession = SessionPlan;

export interface ServerKeys {
  /** The session of a call that names none (no `keyForCall`, or it returned undefined). */
  sessionKey: PlanKey;
  /** The plan of `sessionKey`: the one the resource shows and subscriptions watch. */
  key: PlanKey;
  planOf(session: PlanKey): PlanOfSession;
}

export function serverKeys(options: PlanMcpServerOptions): ServerKeys {
  const sessionKey: PlanKey = {
    agent: options.agent ?? 'mcp',
    session: options.session ?? globalThis.crypto.randomUUID(),
  };
  const { list } = options;
  // In a shared list a session's key names the writer; the plan is the list's.
  const planOf = (session: PlanKey): PlanOfSession => sessionPlanOf(session, list);
  return { sessionKey, key: planOf(sessionKey).key, planOf };
}
