/** GitHub Copilot CLI's inputs for the coding-agent contract suite. */
import { readdirSync } from 'node:fs';
import { type CodingAgentContractInputs, fixturesByEvent } from '../support/contract-inputs.js';

/** One recorded input per event, named for it (the suite checks they are the declared ones). */
const EVENTS = readdirSync(new URL('./fixtures/', import.meta.url))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

export const inputs: CodingAgentContractInputs = {
  events: fixturesByEvent('copilot', EVENTS),
  // Copilot gives the MCP servers it starts the session id in their environment.
  mcpCall: async () => ({
    env: { COPILOT_AGENT_SESSION_ID: 'copilot-session' },
    parentPid: 1,
    call: { name: 'todo_write', meta: { progressToken: 1 } },
    session: 'copilot-session',
  }),
};
