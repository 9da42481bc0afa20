/**
 * The hooks the Copilot extension registers: only the events setup chose, each asking
 * plankeeper with the command hook's input, but preMcpToolCall, answered in the extension from
 * the call alone as `plankeeper hook copilot preMcpToolCall` answers it, with no round trip.
 */
import { describe, expect, it } from 'vitest';
import { copilotAdapter } from '../copilot-adapter.js';
import { SUB_AGENT_META } from '../mcp-call-meta.js';
import { extensionHooks } from './plankeeper-extension.js';

function recorded() {
  const asked: [string, unknown][] = [];
  const ask = async (event: string, input: unknown) => {
    asked.push([event, input]);
    return { asked: event };
  };
  return { asked, ask };
}

const subAgentCall = {
  serverName: 'plankeeper',
  toolName: 'todo_write',
  agentId: 'sub-1',
  _meta: { progressToken: 7 },
};

describe('extensionHooks', () => {
  it('registers the chosen events only, asking plankeeper with cwd beside workingDirectory', async () => {
    const { asked, ask } = recorded();
    const hooks = extensionHooks(['postToolUse', 'agentStop'], ask);
    expect(Object.keys(hooks).sort()).toEqual(['onAgentStop', 'onPostToolUse']);
    expect(await hooks.onPostToolUse?.({ toolName: 'view', workingDirectory: '/p' })).toEqual({
      asked: 'postToolUse',
    });
    expect(asked).toEqual([
      ['postToolUse', { toolName: 'view', workingDirectory: '/p', cwd: '/p' }],
    ]);
  });

  it('answers preMcpToolCall itself, as the hook would, and never asks plankeeper', async () => {
    const { asked, ask } = recorded();
    const hook = extensionHooks(['preMcpToolCall'], ask).onPreMcpToolCall!;
    const answer = await hook(subAgentCall);
    expect(answer).toEqual({ metaToUse: { progressToken: 7, [SUB_AGENT_META]: 'sub-1' } });
    expect(answer).toEqual(JSON.parse(copilotAdapter.direct!('preMcpToolCall', subAgentCall)!));
    expect(await hook({ ...subAgentCall, serverName: 'other' })).toBeUndefined();
    expect(await hook({ ...subAgentCall, agentId: undefined })).toBeUndefined();
    expect(copilotAdapter.direct!('preMcpToolCall', { ...subAgentCall, serverName: 'other' })).toBe(
      '',
    );
    expect(asked).toEqual([]);
  });
});
