/** The OpenAI Agents SDK adapter, driven by the SDK's own `run()` with a fake model. */
import { Agent, type AgentInputItem, setTracingDisabled, tool } from '@openai/agents';
import { PlanEngine } from 'plankeeper';
import { createPlankeeper } from 'plankeeper/openai-agents';
import { ScriptedModel } from '../../support/models/openai-agents.js';
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

export const openaiAgents: Host = {
  name: 'OpenAI Agents SDK (run)',
  traits: FULL_HOST,
  async run(task, replies, options) {
    // No trace export: tests stay off the network.
    setTracingDisabled(true);
    const lookups: string[] = [];
    const engine = new PlanEngine();
    const lookup = tool({
      name: 'lookup',
      description: 'Look something up.',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string' } },
        required: ['query'],
        additionalProperties: false,
      },
      execute: async (input) => {
        const { query } = input as { query: string };
        lookups.push(query);
        await lookupSideEffect(engine, KEY, query);
        return lookupAnswer(query);
      },
    });
    const writeFile = tool({
      name: WRITE_FILE.name,
      description: WRITE_FILE.description,
      parameters: {
        type: 'object',
        properties: { path: { type: 'string' }, text: { type: 'string' } },
        required: ['path', 'text'],
        additionalProperties: false,
      },
      execute: async (input) => WRITE_FILE.run(input as { path: string; text: string }),
    });
    const planner = createPlankeeper({ key: KEY, engine, ...options });
    const model = new ScriptedModel(replies);
    const agent = new Agent({
      name: 'Contract',
      instructions: planner.instructions,
      tools: [...planner.tools, ...planner.holdTools([lookup, writeFile])],
      model,
    });
    const { finalOutput } = await planner.runWithPlan(agent, task, { maxTurns: 20 });
    return {
      calls: model.requests.map((request) => [
        { role: 'system', text: request.systemInstructions ?? '' },
        ...(typeof request.input === 'string'
          ? [{ role: 'user' as const, text: request.input }]
          : request.input.map(received)),
      ]),
      answer: String(finalOutput),
      lookups,
      plan: (await engine.snapshot(KEY)).items,
      checkRuns: await checkRunsOf(engine, KEY),
      shown: [],
    };
  },
};

function received(item: AgentInputItem): Received {
  if ('role' in item) {
    const text =
      typeof item.content === 'string'
        ? item.content
        : item.content.map((part) => ('text' in part ? part.text : part.type)).join(' | ');
    return { role: item.role, text } as Received;
  }
  if (item.type === 'function_call') {
    return { role: 'assistant', text: `call ${item.name} ${item.arguments}` };
  }
  if (item.type === 'function_call_result') {
    const output = item.output;
    const text =
      typeof output === 'string' ? output : 'text' in output ? output.text : JSON.stringify(output);
    return { role: 'tool', text };
  }
  return { role: 'assistant', text: item.type ?? 'unknown' };
}
