import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';

type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer Part>
    ? Part
    : never;

import {
  type AnyStep,
  type ScriptedReply as PlainReply,
  StepQueue,
  toolCallsOf,
  toReply,
} from '../scripted-steps.js';

/** A ticket-script reply, or tool calls with text beside them in the same step. */
export type ScriptedReply =
  | AnyStep
  | (Exclude<PlainReply, { text: string }> & { withText: string });

/**
 * A mock model that plays replies in order, to `generateText` or `streamText`, and fails
 * loudly when the script runs out.
 */
export function scriptedModel(replies: ScriptedReply[]): MockLanguageModelV3 {
  const queue = new StepQueue(replies);
  const nextResult = () => {
    const { step: reply, index } = queue.next();
    return toResult('withText' in reply ? reply : toReply(reply), index + 1);
  };
  return new MockLanguageModelV3({
    doGenerate: async () => nextResult(),
    doStream: async () => {
      const result = nextResult();
      const parts: StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      for (const part of result.content) {
        if (part.type === 'text') {
          parts.push(
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: part.text },
            { type: 'text-end', id: 't' },
          );
        } else if (part.type === 'tool-call') parts.push(part);
      }
      parts.push({ type: 'finish', finishReason: result.finishReason, usage: result.usage });
      return { stream: convertArrayToReadableStream(parts) };
    },
  });
}

function toResult(
  reply: PlainReply | (Exclude<PlainReply, { text: string }> & { withText: string }),
  step: number,
): GenerateResult {
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
  const calls = toolCallsOf(reply);
  return {
    content: [
      ...('withText' in reply ? [{ type: 'text' as const, text: reply.withText }] : []),
      ...calls.map((call, index) => ({
        type: 'tool-call' as const,
        toolCallId: `call-${step}-${index + 1}`,
        toolName: call.tool,
        input: typeof call.input === 'string' ? call.input : JSON.stringify(call.input),
      })),
    ],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  };
}

/** The prompt of one model call as short lines: `role: text`, `tool NAME: output`. */
export function promptLines(call: CallOptions | undefined): string[] {
  if (!call) throw new Error('no such model call');
  return call.prompt.map((message) => {
    if (message.role === 'system') return `system: ${message.content}`;
    if (message.role === 'tool') {
      return message.content
        .map((part) =>
          part.type === 'tool-result'
            ? `tool ${part.toolName}: ${part.output.type} ${'value' in part.output ? String(part.output.value) : ''}`
            : `tool ${part.type}`,
        )
        .join('\n');
    }
    const text = message.content
      .map((part) =>
        part.type === 'text'
          ? part.text
          : part.type === 'tool-call'
            ? `call ${part.toolName} ${JSON.stringify(part.input)}`
            : part.type,
      )
      .join(' | ');
    return `${message.role}: ${text}`;
  });
}
