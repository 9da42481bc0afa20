/**
 * The scripted step queue every host's stand-in model plays: one reply per model call,
 * written either as a reply (`{ call, input }`, `{ calls }`, `{ text }`) or as a step of
 * plankeeper's own script format (`{ tool, args }`, `{ tools }`, `{ final }`). Each
 * framework's model in `./models/` and the own loop's `ScriptedModel` take either.
 *
 * `StepQueue` plays a script in order; the framework models here and the scripted model
 * servers of the application's tests (packages/cli/test: the provider stand-in and the
 * Claude Code, Codex, Gemini and OpenCode model servers) each keep their steps in one.
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

/** The tool calls of a reply that is not a text answer, as a list. */
export function toolCallsOf(
  reply: Exclude<ScriptedReply, { text: string }>,
): { tool: string; input: unknown }[] {
  return 'calls' in reply ? reply.calls : [{ tool: reply.call, input: reply.input }];
}

/**
 * The steps of one scripted model, played in order, one per model call. Every step stays in
 * `steps` (a test reads the call ids a step carried); `pending` counts the steps not played
 * yet and `overruns` the calls that came after the script ran out.
 */
export class StepQueue<T> {
  readonly steps: T[];
  #next = 0;
  #overruns = 0;

  constructor(steps: Iterable<T> = []) {
    this.steps = [...steps];
  }

  /** Appends steps (e.g. before a second run against the same model). */
  push(...steps: T[]): void {
    this.steps.push(...steps);
  }

  /** The next step and its index in `steps`; undefined, counted as an overrun, once none is left. */
  take(): { step: T; index: number } | undefined {
    const index = this.#next;
    if (index >= this.steps.length) {
      this.#overruns += 1;
      return undefined;
    }
    this.#next += 1;
    return { step: this.steps[index] as T, index };
  }

  /** The next step, as `take`; a call past the end of the script throws. */
  next(): { step: T; index: number } {
    const taken = this.take();
    if (taken === undefined) throw new Error(`script ran out after ${this.steps.length} replies`);
    return taken;
  }

  /** Steps not played yet: a test that scripted exactly what it needs expects 0. */
  get pending(): number {
    return this.steps.length - this.#next;
  }

  /** Calls that came after the script ran out. */
  get overruns(): number {
    return this.#overruns;
  }
}
