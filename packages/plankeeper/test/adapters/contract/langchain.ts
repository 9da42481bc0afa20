/** The LangChain adapter, driven by LangChain's own `createAgent` loop with its fake chat model. */
import { type AIMessage, type BaseMessage, createAgent, HumanMessage, tool } from 'langchain';
import { PlanEngine } from 'plankeeper';
import { planMiddleware } from 'plankeeper/langchain';
import { z } from 'zod';
import { scriptedModel } from '../../support/models/langchain.js';
import {
  checkRunsOf,
  FULL_HOST,
  type Host,
  KEY,
  lookupAnswer,
  lookupSideEffect,
  type Received,
  WRITE_FILE,
} from './host.js';

export const langchain: Host = {
  name: 'LangChain (createAgent)',
  traits: FULL_HOST,
  async run(task, replies, options) {
    const lookups: string[] = [];
    const engine = new PlanEngine();
    const lookup = tool(
      async ({ query }) => {
        lookups.push(query);
        await lookupSideEffect(engine, KEY, query);
        return lookupAnswer(query);
      },
      {
        name: 'lookup',
        description: 'Look something up.',
        schema: z.object({ query: z.string() }),
      },
    );
    const writeFile = tool(async (input) => WRITE_FILE.run(input), {
      name: WRITE_FILE.name,
      description: WRITE_FILE.description,
      schema: z.object({ path: z.string(), text: z.string() }),
    });
    const model = scriptedModel(replies);
    const agent = createAgent({
      model,
      tools: [lookup, writeFile],
      middleware: [planMiddleware({ engine, key: KEY, ...options })],
    });
    const result = await agent.invoke(
      { messages: [new HumanMessage(task)] },
      { configurable: { thread_id: KEY.session }, recursionLimit: 100 },
    );
    return {
      calls: model.calls.map((call) => call.messages.map(received)),
      answer: result.messages.at(-1)?.text ?? '',
      lookups,
      plan: (await engine.snapshot(KEY)).items,
      checkRuns: await checkRunsOf(engine, KEY),
      shown: [],
    };
  },
};

function received(message: BaseMessage): Received {
  const type = message.getType();
  if (type === 'ai') {
    const calls = (message as AIMessage).tool_calls ?? [];
    if (calls.length > 0) {
      return {
        role: 'assistant',
        text: calls.map((call) => `call ${call.name} ${JSON.stringify(call.args)}`).join(' | '),
      };
    }
    return { role: 'assistant', text: message.text };
  }
  if (type === 'system') return { role: 'system', text: message.text };
  if (type === 'tool') return { role: 'tool', text: message.text };
  return { role: 'user', text: message.text };
}
