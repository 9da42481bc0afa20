/**
 * Pi's inputs for the coding-agent contract suite: the extension events recorded in
 * fixtures/, as `plankeeper hook pi <event>` reads them.
 */
import { type CodingAgentContractInputs, fixture } from '../support/contract-inputs.js';

export const inputs: CodingAgentContractInputs = {
  events: {
    before_agent_start: fixture('pi', 'before_agent_start'),
    tool_call: fixture('pi', 'tool_call.bash'),
    tool_result: fixture('pi', 'tool_result.bash'),
    agent_end: fixture('pi', 'agent_end'),
    session_compact: fixture('pi', 'session_compact'),
  },
  // Pi starts no MCP server itself; the extension puts Pi's session in the environment of
  // what Pi starts, which an MCP extension's `plankeeper mcp --for pi` inherits.
  mcpCall: async () => ({
    env: { PLANKEEPER_PI_SESSION: 'pi-session' },
    parentPid: 1,
    call: { name: 'todo_write', meta: undefined, arguments: { todos: [] } },
    session: 'pi-session',
  }),
};
