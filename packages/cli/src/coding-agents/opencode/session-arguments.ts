/**
 * OpenCode tells its MCP servers nothing of the session (one server process serves every
 * session and sub-agent of a project), so plankeeper's plugin writes the plan key into each
 * plan tool call's arguments in `tool.execute.before`, and `plankeeper mcp --for opencode`
 * takes it out again before the tool validates them. Names no model would choose.
 */
import type { PlanKey } from 'plankeeper';
import { text } from '../hook-adapter.js';

/** The session whose plan a call writes: the main session's id (also inside a sub-agent). */
export const SESSION_ARGUMENT = 'plankeeper_session';
/** Inside a sub-agent: its own (child) session id, the plan's scope. */
export const SCOPE_ARGUMENT = 'plankeeper_scope';

/** The plan key the plugin put into a call's arguments; undefined when it put none. */
export function opencodeCallKey(args: Record<string, unknown> | undefined): PlanKey | undefined {
  const session = text(args?.[SESSION_ARGUMENT]);
  if (!session) return undefined;
  const scope = text(args?.[SCOPE_ARGUMENT]);
  return { agent: 'opencode', session, ...(scope && scope !== session && { scope: [scope] }) };
}
