/**
 * The preMcpToolCall answer, from the call alone: a sub-agent's call of plankeeper's tools gets
 * the sub-agent's id in its `_meta`, so the MCP server keys it by the sub-agent's scope
 * (index.ts), since Copilot tells the server nothing of the sub-agent; any other call is left
 * as it is. Shared by the hook (copilot-adapter.ts) and the extension, which answers it itself.
 */

/** The `_meta` key the sub-agent's id goes under. */
export const SUB_AGENT_META = 'plankeeper/agentId';

/** `{metaToUse}` for a sub-agent's call of plankeeper's tools; undefined for any other call. */
export function mcpCallMeta(input: Record<string, unknown>): object | undefined {
  const agentId = input.agentId;
  if (input.serverName !== 'plankeeper' || typeof agentId !== 'string' || agentId === '') {
    return undefined;
  }
  const meta = input._meta !== null && typeof input._meta === 'object' ? input._meta : {};
  return { metaToUse: { ...meta, [SUB_AGENT_META]: agentId } };
}
