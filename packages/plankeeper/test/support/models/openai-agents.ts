import {
  type AgentInputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
  type StreamEventResponseCompleted,
  Usage,
} from '@openai/agents';

import {
  type AnyStep,
  type ScriptedReply,
  StepQueue,
  toolCallsOf,
  toReply,
} from '../scripted-steps.js';

export type { ScriptedReply };

/** An Agents SDK `Model` that plays replies in order, records every request, and fails loudly when the script runs out. */
export class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  readonly #replies: StepQueue<AnyStep>;

  constructor(replies: readonly AnyStep[]) {
    this.#replies = new StepQueue(replies);
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const { signal: _signal, ...recorded } = request;
    this.requests.push(structuredClone(recorded));
    const { step: reply, index } = this.#replies.next();
    return {
      usage: new Usage(),
      output: toOutput(toReply(reply), index + 1),
      responseId: `r${index + 1}`,
    };
  }

  async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    const response = await this.getResponse(request);
    yield {
      type: 'response_done',
      response: {
        id: response.responseId ?? 'r',
        usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
        // Scripts only hold messages and function calls, which the stream event carries as they are.
        output: response.output as StreamEventResponseCompleted['response']['output'],
      },
    };
  }

  /** What the model received on call `index`, as short lines. */
  lines(index: number): string[] {
    const request = this.requests[index];
    if (!request) throw new Error(`no model call ${index}`);
    const input = typeof request.input === 'string' ? [request.input] : request.input;
    return input.map((item) => (typeof item === 'string' ? `user: ${item}` : describe(item)));
  }
}

function toOutput(reply: ScriptedReply, step: number): ModelResponse['output'] {
  if ('text' in reply) {
    return [
      {
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: reply.text }],
      },
    ];
  }
  return toolCallsOf(reply).map((call, index) => ({
    type: 'function_call',
    callId: `call-${step}-${index + 1}`,
    name: call.tool,
    arguments: typeof call.input === 'string' ? call.input : JSON.stringify(call.input),
    status: 'completed',
  }));
}

function describe(item: AgentInputItem): string {
  if ('role' in item) {
    const content =
      typeof item.content === 'string'
        ? item.content
        : item.content.map((part) => ('text' in part ? part.text : part.type)).join(' | ');
    return `${item.role}: ${content}`;
  }
  if (item.type === 'function_call') return `call ${item.name} ${item.arguments}`;
  if (item.type === 'function_call_result') {
    const output = item.output;
    const text =
      typeof output === 'string' ? output : 'text' in output ? output.text : JSON.stringify(output);
    return `result ${item.name}: ${text}`;
  }
  return item.type ?? 'unknown';
}
