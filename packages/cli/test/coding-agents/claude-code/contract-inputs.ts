/** Claude Code's inputs for the coding-agent contract suite. */
import { claudeCode } from '../../../src/coding-agents/claude-code/index.js';
import {
  TOOL_USE_META,
  toolUseRecord,
} from '../../../src/coding-agents/claude-code/tool-use-keys.js';
import {
  type CodingAgentContractInputs,
  fixture,
  fixturesByEvent,
} from '../support/contract-inputs.js';

export const inputs: CodingAgentContractInputs = {
  events: fixturesByEvent('claude-code', claudeCode.events),
  async mcpCall(engine) {
    // The PreToolUse hook records the call's plan key before Claude Code sends the call.
    const { key, state } = toolUseRecord(fixture('claude-code', 'PreToolUse'))!;
    await engine.updateTurnState(key, () => state);
    return {
      env: { CLAUDE_CODE_SESSION_ID: 'started-with' },
      parentPid: 1,
      call: { name: 'todo_write', meta: { [TOOL_USE_META]: 'toolu_2025aa5d_001' } },
      session: '487a3458-47e5-424b-9467-f9bcde48e9ab',
    };
  },
};
