/** GitHub Copilot CLI's inputs for the coding-agent contract suite. */
import { copilot } from '../../../src/coding-agents/copilot/index.js';
import { type CodingAgentContractInputs, fixturesByEvent } from '../support/contract-inputs.js';

export const inputs: CodingAgentContractInputs = {
  events: fixturesByEvent('copilot', copilot.events),
  // Copilot gives the MCP servers it starts the session id in their environment.
  mcpCall: async () => ({
    env: { COPILOT_AGENT_SESSION_ID: 'copilot-session' },
    parentPid: 1,
    call: { name: 'todo_write', meta: { progressToken: 1 } },
    session: 'copilot-session',
  }),
};
