/**
 * Assembles a streamed chat completion. Content arrives as text deltas; each tool call
 * arrives as pieces keyed by `index` (id and name first, then argument fragments), and the
 * fragments are concatenated untouched, so a malformed argument string stays malformed.
 */
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ModelUsage, ToolCall } from 'plankeeper';

export interface AssembledCompletion {
  content: string;
  toolCalls: ToolCall[];
  /** `undefined` when the stream ended before the provider said why it stopped. */
  finishReason: string | undefined;
  usage: ModelUsage | undefined;
  /** Chunks in the Chat Completions shape; 0 when the server spoke something else. */
  chunks: number;
}

export async function assembleOpenAIStream(
  chunks: AsyncIterable<ChatCompletionChunk>,
): Promise<AssembledCompletion> {
  let content = '';
  const calls = new Map<number, { id: string; name: string; arguments: string }>();
  let finishReason: string | undefined;
  let usage: ModelUsage | undefined;
  let recognized = 0;
  for await (const chunk of chunks) {
    // A server that is not this API may still send events, in its own shape.
    if (!Array.isArray((chunk as Partial<ChatCompletionChunk> | null)?.choices)) continue;
    recognized++;
    if (chunk.usage) {
      usage = {
        inputTokens: chunk.usage.prompt_tokens,
        outputTokens: chunk.usage.completion_tokens,
      };
    }
    const choice = chunk.choices.find((candidate) => candidate.index === 0) ?? chunk.choices[0];
    if (choice === undefined) continue;
    if (choice.delta.content) content += choice.delta.content;
    for (const piece of choice.delta.tool_calls ?? []) {
      // Some compatible servers omit `index` when they send each call whole.
      const index = piece.index ?? calls.size;
      let call = calls.get(index);
      if (call === undefined) {
        call = { id: '', name: '', arguments: '' };
        calls.set(index, call);
      }
      if (piece.id) call.id = piece.id;
      if (piece.function?.name) call.name = piece.function.name;
      if (piece.function?.arguments) call.arguments += piece.function.arguments;
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }
  const toolCalls = [...calls.entries()]
    .sort(([left], [right]) => left - right)
    .map(([index, call]) => ({ ...call, id: call.id || `call_${index}` }));
  return { content, toolCalls, finishReason, usage, chunks: recognized };
}
