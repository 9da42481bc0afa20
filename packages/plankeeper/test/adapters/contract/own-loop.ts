/** plankeeper's own loop: `Agent` with `ScriptedModel`. */
import { Agent, type ChatMessage, PlanEngine, type ToolDefinition } from 'plankeeper';
import { ScriptedModel } from 'plankeeper/test';
import { toStep } from '../../support/scripted-steps.js';
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

export const ownLoop: Host = {
  name: 'own loop (Agent)',
  traits: FULL_HOST,
  async run(task, replies, options) {
    const lookups: string[] = [];
    const engine = new PlanEngine();
    const lookup: ToolDefinition = {
      name: 'lookup',
      description: 'Look something up.',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
      async execute(args, context) {
        const { query } = args as { query: string };
        lookups.push(query);
        await lookupSideEffect(engine, context.key!, query);
        return { ok: true, text: lookupAnswer(query), data: { query }, title: 'lookup' };
      },
    };
    const writeFile: ToolDefinition = {
      name: WRITE_FILE.name,
      description: WRITE_FILE.description,
      inputSchema: {
        type: 'object',
        properties: { path: { type: 'string' }, text: { type: 'string' } },
      },
      async execute(args) {
        const text = WRITE_FILE.run(args as { path: string; text: string });
        return { ok: true, text, data: {}, title: 'write_file' };
      },
    };
    const model = new ScriptedModel(replies.map(toStep));
    const agent = new Agent({
      model,
      name: KEY.agent,
      tools: [lookup, writeFile],
      planning: { engine, ...options },
      maxSteps: 20,
    });
    const result = await agent.session(KEY.session).send(task);
    if (result.error !== null) throw new Error(result.error);
    return {
      calls: model.requests.map(({ messages }) => messages.map(received)),
      answer: result.answer ?? '',
      lookups,
      plan: result.plan,
      checkRuns: await checkRunsOf(engine, KEY),
      shown: [],
    };
  },
};

function received(message: ChatMessage): Received {
  if (message.role === 'assistant' && message.toolCalls?.length) {
    const calls = message.toolCalls.map(
      (call) => `call ${call.name} ${JSON.stringify(call.arguments)}`,
    );
    return { role: 'assistant', text: calls.join(' | ') };
  }
  return { role: message.role, text: message.content };
}
