/**
 * Our conversation in the Messages API shape. Anthropic wants system text apart, strictly
 * alternating user/assistant turns, and tool results at the start of the user turn right
 * after the `tool_use` turn. So runs of tool and user messages merge into one user turn
 * (results first, then text), and runs of assistant messages into one assistant turn.
 */
import type {
  ContentBlockParam,
  Message,
  MessageParam,
  Tool,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { ChatMessage, ModelToolSpec, ModelUsage, ToolCall } from 'plankeeper';
import { toolInputObject } from './tool-input-object.js';

interface Turn {
  role: 'user' | 'assistant';
  results: ToolResultBlockParam[];
  blocks: ContentBlockParam[];
}

export function toAnthropicMessages(messages: readonly ChatMessage[]): {
  system: string | undefined;
  messages: MessageParam[];
} {
  const system: string[] = [];
  const turns: Turn[] = [];
  const turnFor = (role: Turn['role']): Turn => {
    const last = turns.at(-1);
    if (last?.role === role) return last;
    const turn: Turn = { role, results: [], blocks: [] };
    turns.push(turn);
    return turn;
  };
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        system.push(message.content);
        break;
      case 'user':
        // Anthropic rejects empty text blocks; an empty message adds nothing anyway.
        if (message.content !== '') {
          turnFor('user').blocks.push({ type: 'text', text: message.content });
        }
        break;
      case 'tool':
        turnFor('user').results.push({
          type: 'tool_result',
          tool_use_id: message.toolCallId,
          content: message.content,
          ...(!message.ok && { is_error: true }),
        });
        break;
      case 'assistant': {
        const calls = message.toolCalls ?? [];
        if (message.content === '' && calls.length === 0) break;
        const turn = turnFor('assistant');
        if (message.content !== '') turn.blocks.push({ type: 'text', text: message.content });
        for (const call of calls) {
          turn.blocks.push({
            type: 'tool_use',
            id: call.id,
            name: call.name,
            input: toolInputObject(call.arguments),
          });
        }
        break;
      }
    }
  }
  return {
    system: system.length > 0 ? system.join('\n\n') : undefined,
    messages: turns.map((turn) => ({
      role: turn.role,
      content: [...turn.results, ...turn.blocks],
    })),
  };
}

export function toAnthropicTools(tools: readonly ModelToolSpec[]): Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema as Tool.InputSchema,
  }));
}

/** Text blocks joined; each `tool_use` as a call whose arguments are its input as JSON text. */
export function fromAnthropicMessage(message: Message): { content: string; toolCalls: ToolCall[] } {
  let content = '';
  const toolCalls: ToolCall[] = [];
  for (const block of message.content) {
    if (block.type === 'text') content += block.text;
    else if (block.type === 'tool_use') {
      toolCalls.push({ id: block.id, name: block.name, arguments: JSON.stringify(block.input) });
    }
  }
  return { content, toolCalls };
}

/** The token counts Anthropic reports in `message_start`, `message_delta` and full answers. */
export interface AnthropicUsageCounts {
  input_tokens: number | null;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

/**
 * Anthropic counts cached prompt tokens apart from `input_tokens`; we add them back so
 * `inputTokens` is the whole prompt, as with other providers.
 */
export function anthropicUsage(usage: AnthropicUsageCounts): ModelUsage {
  return {
    inputTokens:
      (usage.input_tokens ?? 0) +
      (usage.cache_creation_input_tokens ?? 0) +
      (usage.cache_read_input_tokens ?? 0),
    outputTokens: usage.output_tokens,
  };
}
