/**
 * Which plan a call of plankeeper's tools is for. The SDK's MCP call carries no session,
 * but its `_meta["claudecode/toolUseId"]` is the `tool_use_id` the PreToolUse callback saw
 * just before, with the session and, in a sub-agent, the agent id. In-process that is a
 * map: the callback notes "tool use → plan key", the server looks the call up, and the
 * entry goes when the call is done. A call naming no noted tool use is refused, never
 * given another plan: a sub-agent's write must not replace its parent's list.
 */
import { ConfigurationError } from '../../engine/errors.js';
import type { PlanKey } from '../../engine/plan-key.js';
import type { ToolCallInfo } from '../mcp/plan-mcp-server.js';

/** The `_meta` field of a `tools/call` that names the tool use. */
const TOOL_USE_META = 'claudecode/toolUseId';

/** Most entries kept: a call whose PostToolUse never came must not grow the map for ever. */
const MAX_ENTRIES = 1000;

export class ToolUseKeys {
  readonly #keys = new Map<string, PlanKey>();

  /** Notes the plan of tool use `id` (PreToolUse). */
  note(id: string | undefined, key: PlanKey): void {
    if (id === undefined) return;
    this.#keys.set(id, key);
    if (this.#keys.size > MAX_ENTRIES) {
      const oldest = this.#keys.keys().next().value;
      if (oldest !== undefined) this.#keys.delete(oldest);
    }
  }

  /** Forgets tool use `id` once it is done (PostToolUse, PostToolUseFailure). */
  forget(id: string | undefined): void {
    if (id !== undefined) this.#keys.delete(id);
  }

  /** The plan key of one MCP call; throws (a tool error the model reads) when unknown. */
  keyForCall(call: ToolCallInfo): PlanKey {
    const id = call.meta?.[TOOL_USE_META];
    const key = typeof id === 'string' ? this.#keys.get(id) : undefined;
    if (key) return key;
    throw new ConfigurationError(
      `no plan is known for this call of ${call.name}: plankeeper's PreToolUse callback did not see it, so its hooks are not in this query's options. Nothing was changed; tell the person (the program should pass planner.options(yours) to query() whole).`,
    );
  }
}
