/** The AI SDK adapter, driven by the AI SDK's own `generateText` loop with its mock model. */
import { jsonSchema, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { PlanEngine } from 'plankeeper';
import { createPlankeeper } from 'plankeeper/ai-sdk';
import { type Host, KEY, lookupAnswer, type Received, type Reply } from './host.js';

type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

export const aiSdk: Host = {
  name: 'AI SDK (generateText)',
  async run(task, replies, options) {
    const lookups: string[] = [];
    const lookup = tool({
      description: 'Look something up.',
      inputSchema: jsonSchema<{ query: string }>({
        type: 'object',
        properties: { query: { type: 'string' } },
        required: ['query'],
      }),
      execute: async ({ query }) => {
        lookups.push(query);
        return lookupAnswer(query);
      },
    });
    const planner = createPlankeeper({ key: KEY, engine: new PlanEngine(), ...options });
    const model = mockModel(replies);
    const run = await planner.runWithPlan({
      model,
      system: planner.instructions,
      tools: { ...planner.tools, ...planner.holdTools({ lookup }) },
      prompt: task,
      stopWhen: stepCountIs(20),
    });
    return { calls: model.doGenerateCalls.map(received), answer: run.text, lookups };
  },
};

function mockModel(replies: readonly Reply[]): MockLanguageModelV3 {
  let next = 0;
  const nextResult = (): GenerateResult => {
    const reply = replies[next++];
    if (!reply) throw new Error(`script ran out after ${replies.length} replies`);
    const usage = {
      inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 0, text: 0, reasoning: 0 },
    };
    if ('text' in reply) {
      return {
        content: [{ type: 'text', text: reply.text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      };
    }
    return {
      content: [
        {
          type: 'tool-call',
          toolCallId: `call-${next}`,
          toolName: reply.call,
          input: JSON.stringify(reply.input),
        },
      ],
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      usage,
      warnings: [],
    };
  };
  return new MockLanguageModelV3({
    doGenerate: async () => nextResult(),
    doStream: async () => {
      throw new Error('the contract drives generateText');
    },
  });
}

function received(call: CallOptions): Received[] {
  return call.prompt.map((message): Received => {
    if (message.role === 'system') return { role: 'system', text: message.content };
    if (message.role === 'tool') {
      const text = message.content
        .map((part) =>
          part.type === 'tool-result' && 'value' in part.output ? String(part.output.value) : '',
        )
        .join('\n');
      return { role: 'tool', text };
    }
    const parts = message.content.map((part) =>
      part.type === 'text'
        ? part.text
        : part.type === 'tool-call'
          ? `call ${part.toolName} ${JSON.stringify(part.input)}`
          : part.type,
    );
    return { role: message.role, text: parts.join(' | ') };
  });
}
