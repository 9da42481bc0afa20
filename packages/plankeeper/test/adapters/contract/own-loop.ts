/** plankeeper's own loop: `Agent` with `ScriptedModel`. */
import { Agent, type ChatMessage, PlanEngine, type ToolDefinition } from 'plankeeper';
import { ScriptedModel } from 'plankeeper/test';
import { toStep } from '../../support/scripted-steps.js';
import {
  FULL_HOST,
  type Host,
  KEY,
  lookupAnswer,
  lookupSideEffect,
  type Received,
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
    const model = new ScriptedModel(replies.map(toStep));
    const agent = new Agent({
      model,
      name: KEY.agent,
      tools: [lookup],
      planning: { engine, ...options },
      maxSteps: 20,
    });
    const result = await agent.run(task);
    if (result.error !== null) throw new Error(result.error);
    return {
      calls: model.requests.map(({ messages }) => messages.map(received)),
      answer: result.answer ?? '',
      lookups,
      plan: result.plan,
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
