/**
 * The plan key of a shared list: every session that names the list works on this one plan
 * (`plankeeper mcp --list NAME`, a harness or MCP server given `list`). Its agent part is
 * fixed, so two hosts of different agents naming one list still meet, and `plankeeper todos
 * --list NAME` and the dashboard find it like any other plan.
 */
import { ConfigurationError } from './errors.js';
import type { PlanKey } from './plan-key.js';

/** Agent part of every shared list's key. */
export const SHARED_LIST_AGENT = 'list';

/** Longest list name; it is a plan key part, shown to people. */
const MAX_LIST_NAME = 100;

/**
 * The key of shared list `name` (a sub-agent's `scope` below it, when given). Throws a
 * ConfigurationError for a blank or overlong name.
 *
 * @example
 * sharedListKey('release-1.4'); // { agent: 'list', session: 'release-1.4' }
 */
export function sharedListKey(name: string, scope?: readonly string[]): PlanKey {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > MAX_LIST_NAME) {
    throw new ConfigurationError(
      `A shared list needs a name of 1 to ${MAX_LIST_NAME} characters, not ${JSON.stringify(name)}.`,
    );
  }
  return {
    agent: SHARED_LIST_AGENT,
    session: trimmed,
    ...(scope !== undefined && scope.length > 0 && { scope }),
  };
}

/** True when `key` is a shared list's (or a scope below one). */
export function isSharedListKey(key: PlanKey): boolean {
  return key.agent === SHARED_LIST_AGENT;
}

/** The plan a session writes, and in a shared list the writer who owns what it starts. */
export interface SessionPlan {
  key: PlanKey;
  owner?: string;
}

/**
 * The plan `session` writes: its own, or in shared list `list` the list's (a sub-agent's scope
 * below it) with the session as the owner of the items it starts. The one place this rule
 * lives: the MCP server's calls and the hooks' answers both take it from here.
 */
export function sessionPlanOf(session: PlanKey, list: string | undefined): SessionPlan {
  if (list === undefined) return { key: session };
  return { key: sharedListKey(list, session.scope), owner: session.session };
}
