/** Codex's inputs for the coding-agent contract suite. */
import { codex } from '../../../src/coding-agents/codex/index.js';
import { type CodingAgentContractInputs, fixturesByEvent } from '../support/contract-inputs.js';

export const inputs: CodingAgentContractInputs = {
  events: fixturesByEvent('codex', codex.events),
  // Codex names the session in every call's _meta.
  mcpCall: async () => ({
    env: {},
    parentPid: 1,
    call: { name: 'todo_write', meta: { sessionId: 'codex-session', threadId: 'codex-session' } },
    session: 'codex-session',
  }),
};
