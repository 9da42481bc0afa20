/** The AI SDK adapter, driven by the AI SDK's own `generateText` loop with its mock model. */
import { jsonSchema, stepCountIs, tool } from 'ai';
import type { MockLanguageModelV3 } from 'ai/test';
import { PlanEngine } from 'plankeeper';
import { createPlankeeper } from 'plankeeper/ai-sdk';
import { scriptedModel } from '../../support/models/ai-sdk.js';
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

type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];

export const aiSdk: Host = {
  name: 'AI SDK (generateText)',
  traits: FULL_HOST,
  async run(task, replies, options) {
    const lookups: string[] = [];
    const engine = new PlanEngine();
    const lookup = tool({
      description: 'Look something up.',
      inputSchema: jsonSchema<{ query: string }>({
        type: 'object',
        properties: { query: { type: 'string' } },
        required: ['query'],
      }),
      execute: async ({ query }) => {
        lookups.push(query);
        await lookupSideEffect(engine, KEY, query);
        return lookupAnswer(query);
      },
    });
    const writeFile = tool({
      description: WRITE_FILE.description,
      inputSchema: jsonSchema<{ path: string; text: string }>({
        type: 'object',
        properties: { path: { type: 'string' }, text: { type: 'string' } },
        required: ['path', 'text'],
      }),
      execute: async (input) => WRITE_FILE.run(input),
    });
    const planner = createPlankeeper({ key: KEY, engine, ...options });
    const model = scriptedModel([...replies]);
    const run = await planner.runWithPlan({
      model,
      system: planner.instructions,
      tools: { ...planner.tools, ...planner.holdTools({ lookup, write_file: writeFile }) },
      prompt: task,
      stopWhen: stepCountIs(20),
    });
    return {
      calls: model.doGenerateCalls.map(received),
      answer: run.text,
      lookups,
      plan: (await engine.snapshot(KEY)).items,
      checkRuns: await checkRunsOf(engine, KEY),
      shown: [],
    };
  },
};

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
