/**
 * A model that plays a fixed list of turns: for demos, replays, tests and
 * `plankeeper run --script`. Each step is one model reply.
 *
 * @example
 * const model = new ScriptedModel([
 *   { tool: 'todo_write', args: { todos: [{ content: 'Search', status: 'in_progress' }] } },
 *   { final: 'Done.' },
 * ]);
 */

import type { ModelClient, ModelRequest, ModelResponse, ToolCall } from '../agent/model-client.js';
import { PlankeeperError } from '../engine/errors.js';

export interface ScriptedToolCall {
  tool: string;
  /** An object, or the raw JSON string a real model might produce. */
  args?: unknown;
}

/** One model turn: a tool call, several parallel tool calls, or a final answer. */
export type ScriptStep = ScriptedToolCall | { tools: ScriptedToolCall[] } | { final: string };

const scriptExhaustedErrorMarker = Symbol.for('plankeeper.error.ScriptExhaustedError');

/** The harness asked for another reply after the script's last step. */
export class ScriptExhaustedError extends PlankeeperError {
  readonly [scriptExhaustedErrorMarker] = true;

  constructor(call: number) {
    super(
      `The script ran out: the harness called the model again (call ${call}) after the turn's last step. Add a step to the script, e.g. a final answer after a bounce.`,
    );
    this.name = 'ScriptExhaustedError';
  }

  static override isInstance(value: unknown): value is ScriptExhaustedError {
    return PlankeeperError.hasMarker(value, scriptExhaustedErrorMarker);
  }
}

export class ScriptedModel implements ModelClient {
  readonly name = 'scripted';
  private steps: ScriptStep[];
  private callCount = 0;
  /** Every request received, for tests and debugging. */
  readonly requests: ModelRequest[] = [];

  constructor(steps: readonly ScriptStep[] = []) {
    this.steps = [...steps];
  }

  /** Replaces the remaining steps; a new user turn starts from its own steps. */
  load(steps: readonly ScriptStep[]): void {
    this.steps = [...steps];
  }

  get remaining(): number {
    return this.steps.length;
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    this.callCount++;
    this.requests.push({ ...request, messages: [...request.messages] });
    const step = this.steps.shift();
    if (!step) throw new ScriptExhaustedError(this.callCount);
    if ('final' in step) {
      return { message: { role: 'assistant', content: step.final }, finishReason: 'stop' };
    }
    const calls = 'tools' in step ? step.tools : [step];
    const toolCalls: ToolCall[] = calls.map((call, index) => ({
      id: `call_${this.callCount}_${index + 1}`,
      name: call.tool,
      arguments:
        typeof call.args === 'string' ? call.args : ((call.args ?? {}) as Record<string, unknown>),
    }));
    return { message: { role: 'assistant', content: '', toolCalls }, finishReason: 'tool_calls' };
  }
}
