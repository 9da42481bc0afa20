/**
 * The plan section plankeeper's own loop shows on each model call of a script: what an
 * adapter driving the same harness must show for the same script.
 */

import type { PlanningOptions } from 'plankeeper';
import { Agent } from 'plankeeper';
import { ScriptedModel } from 'plankeeper/test';
import { lookupTool } from './lookup-tool.js';
import { type AnyStep, toStep } from './scripted-steps.js';

/** The section's text on each call, undefined where a call had none. */
export async function ownLoopSections(
  script: readonly AnyStep[],
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
