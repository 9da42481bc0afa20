/**
 * Assembles a streamed Messages answer from its events. Text and tool input arrive as
 * deltas per content-block index; a tool's `input_json_delta` fragments are concatenated and
 * passed on raw, because a stream can end with JSON the model never finished.
 */
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { ModelUsage, ToolCall } from 'plankeeper';
import { type AnthropicUsageCounts, anthropicUsage } from './anthropic-messages.js';

type Block =
  | { type: 'text'; text: string }
  | { type: 'tool'; id: string; name: string; json: string; startInput: unknown };

export interface AssembledMessage {
  content: string;
  toolCalls: ToolCall[];
  stopReason: string | undefined;
  usage: ModelUsage | undefined;
  /** False when the stream ended before `message_stop`. */
  complete: boolean;
  /** False when no `message_start` came: the server spoke something else. */
  started: boolean;
}

export async function assembleAnthropicStream(
  events: AsyncIterable<RawMessageStreamEvent>,
): Promise<AssembledMessage> {
  const blocks = new Map<number, Block>();
  let usage: AnthropicUsageCounts | undefined;
  let stopReason: string | undefined;
  let complete = false;
  let started = false;
  for await (const event of events) {
    switch (event?.type) {
      case 'message_start':
        started = true;
        usage = { ...event.message.usage };
        break;
      case 'content_block_start':
        startBlock(blocks, event);
        break;
      case 'content_block_delta': {
        const block = blocks.get(event.index);
        if (event.delta.type === 'text_delta' && block?.type === 'text') {
          block.text += event.delta.text;
        } else if (event.delta.type === 'input_json_delta' && block?.type === 'tool') {
          block.json += event.delta.partial_json;
        }
        break;
      }
      case 'message_delta':
        stopReason = event.delta.stop_reason ?? stopReason;
        usage = mergeUsage(usage, event.usage);
        break;
      case 'message_stop':
        complete = true;
        break;
    }
  }
  const { content, toolCalls } = joinBlocks(blocks);
  return {
    content,
    toolCalls,
    stopReason,
    usage: usage && anthropicUsage(usage),
    complete,
    started,
  };
}

function startBlock(
  blocks: Map<number, Block>,
  event: Extract<RawMessageStreamEvent, { type: 'content_block_start' }>,
): void {
  const block = event.content_block;
  if (block.type === 'text') blocks.set(event.index, { type: 'text', text: block.text });
  else if (block.type === 'tool_use') {
    blocks.set(event.index, {
      type: 'tool',
      id: block.id,
      name: block.name,
      json: '',
      startInput: block.input,
    });
  }
}

/** The blocks in index order: the text joined, and each tool block as a call. */
function joinBlocks(blocks: ReadonlyMap<number, Block>): {
  content: string;
  toolCalls: ToolCall[];
} {
  const ordered = [...blocks.entries()].sort(([left], [right]) => left - right).map(([, b]) => b);
  let content = '';
  const toolCalls: ToolCall[] = [];
  for (const block of ordered) {
    if (block.type === 'text') content += block.text;
    else {
      // A tool with no arguments may send no delta at all; its start block holds `{}`.
      const args = block.json !== '' ? block.json : JSON.stringify(block.startInput ?? {});
      toolCalls.push({ id: block.id, name: block.name, arguments: args });
    }
  }
  return { content, toolCalls };
}

/** `message_delta` carries the final output count and, when known, updated input counts. */
function mergeUsage(
  start: AnthropicUsageCounts | undefined,
  delta: Extract<RawMessageStreamEvent, { type: 'message_delta' }>['usage'],
): AnthropicUsageCounts {
  return {
    input_tokens: delta.input_tokens ?? start?.input_tokens ?? null,
    output_tokens: delta.output_tokens,
    cache_creation_input_tokens:
      delta.cache_creation_input_tokens ?? start?.cache_creation_input_tokens ?? null,
    cache_read_input_tokens:
      delta.cache_read_input_tokens ?? start?.cache_read_input_tokens ?? null,
  };
}
