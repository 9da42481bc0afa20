/**
 * The plan section plankeeper's own loop shows on each model call of a script: what an
 * adapter driving the same harness must show for the same script.
 */
import { Agent } from '../../src/agent/agent.js';
import type { PlanningOptions } from '../../src/agent/planning-options.js';
import { ScriptedModel, type ScriptStep } from '../../src/test/scripted-model.js';
import { lookupTool } from './lookup-tool.js';
import type { ScriptedReply } from './ticket-script.js';

/** The section's text on each call, undefined where a call had none. */
export async function ownLoopSections(
  script: readonly (ScriptedReply | ScriptStep)[],
  planning: PlanningOptions = {},
): Promise<(string | undefined)[]> {
  const model = new ScriptedModel(script.map(toStep));
  const agent = new Agent({ model, tools: [lookupTool], planning, maxSteps: 50 });
  const result = await agent.run('task');
  if (result.error !== null) throw new Error(result.error);
  return model.requests.map(({ messages }) => {
    const last = messages.at(-1);
    return last?.role === 'user' && last.injected === 'plan' ? last.content : undefined;
  });
}

function toStep(step: ScriptedReply | ScriptStep): ScriptStep {
  if ('text' in step) return { final: step.text };
  if ('call' in step) return { tool: step.call, args: step.input };
  if ('calls' in step)
    return { tools: step.calls.map(({ tool, input }) => ({ tool, args: input })) };
  return step;
}
