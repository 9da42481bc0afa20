/** Gemini CLI's inputs for the coding-agent contract suite. */
import { cliProcessKey } from '../../../src/coding-agents/gemini/cli-process.js';
import { gemini } from '../../../src/coding-agents/gemini/index.js';
import {
  type CodingAgentContractInputs,
  fixture,
  fixturesByEvent,
} from '../support/contract-inputs.js';

export const inputs: CodingAgentContractInputs = {
  events: {
    ...fixturesByEvent(
      'gemini',
      gemini.events.filter((event) => event !== 'PreCompress'),
    ),
    // An automatic PreCompress fires before every turn and means nothing; /compress is this.
    PreCompress: { ...fixture('gemini', 'PreCompress'), trigger: 'manual' },
  },
  async mcpCall(engine) {
    // A hook of the CLI process (the server's parent) recorded its session.
    await engine.updateTurnState(cliProcessKey(4242), () => ({ session: 'gemini-session' }));
    return {
      env: {},
      parentPid: 4242,
      call: { name: 'todo_write', meta: undefined },
      session: 'gemini-session',
    };
  },
};
