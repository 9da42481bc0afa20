/**
 * The scripted step queue every host's stand-in model plays: one reply per model call,
 * written either as a reply (`{ call, input }`, `{ calls }`, `{ text }`) or as a step of
 * plankeeper's own script format (`{ tool, args }`, `{ tools }`, `{ final }`). Each
 * framework's model in `./models/` and the own loop's `ScriptedModel` take either.
 */
import type { ScriptStep } from 'plankeeper/test';

/** One model turn: tool calls (input as an object or the raw string a model sent) or a text answer. */
export type ScriptedReply =
  | { calls: { tool: string; input: unknown }[] }
  | { call: string; input: unknown }
  | { text: string };

export type AnyStep = ScriptedReply | ScriptStep;

/** The step as plankeeper's own `ScriptedModel` plays it. */
export function toStep(step: AnyStep): ScriptStep {
  if ('text' in step) return { final: step.text };
  if ('call' in step) return { tool: step.call, args: step.input };
  if ('calls' in step) {
    return { tools: step.calls.map(({ tool, input }) => ({ tool, args: input })) };
  }
  return step;
}

/** The step as a framework's stand-in model plays it. */
export function toReply(step: AnyStep): ScriptedReply {
  if ('final' in step) return { text: step.final };
  if ('tools' in step)
    return { calls: step.tools.map(({ tool, args }) => ({ tool, input: args })) };
  if ('tool' in step) return { call: step.tool, input: step.args };
  return step;
}
