/**
 * OpenCode's inputs for the coding-agent contract suite: what the plugin sends for a recorded
 * hook call (its `{input, output}`) or bus event (`{event}`).
 */
import {
  type CodingAgentContractInputs,
  fixture,
  type HookInput,
} from '../support/contract-inputs.js';

const hookPayload = (name: string): HookInput => {
  const { input, output } = fixture('opencode', name);
  return { input, output };
};
const eventPayload = (name: string): HookInput => ({
  event: (fixture('opencode', name).input as HookInput).event,
});

export const inputs: CodingAgentContractInputs = {
  events: {
    'session.created': eventPayload('event.session.created'),
    'chat.message': hookPayload('chat.message'),
    'tool.execute.before': hookPayload('tool.execute.before.bash'),
    'tool.execute.after': hookPayload('tool.execute.after.bash'),
    'message.part.updated': eventPayload('event.message.part.updated.tool-error'),
    'experimental.text.complete': hookPayload('experimental.text.complete'),
    'experimental.session.compacting': hookPayload('experimental.session.compacting'),
    'experimental.compaction.autocontinue': hookPayload('experimental.compaction.autocontinue'),
  },
  // The plugin writes the session into each plan tool call's arguments.
  mcpCall: async () => ({
    env: {},
    parentPid: 1,
    call: {
      name: 'todo_write',
      meta: undefined,
      arguments: { todos: [], plankeeper_session: 'opencode-session' },
    },
    session: 'opencode-session',
  }),
};
