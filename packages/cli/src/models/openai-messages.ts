/**
 * Our conversation in the Chat Completions shape, and a completion back in ours. Tool-call
 * arguments travel as the raw string the provider sent: the engine's strict parser tells the
 * model exactly what was wrong with them, which it cannot do if we parse (or repair) here.
 */
import type {
  ChatCompletion,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { ChatMessage, ModelToolSpec, ToolCall } from 'plankeeper';

export function toOpenAIMessages(messages: readonly ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map(toOpenAIMessage);
}

function toOpenAIMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      return { role: 'user', content: message.content };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      if (calls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        // Several compatible servers reject `""` next to tool calls; null is the documented form.
        content: message.content === '' ? null : message.content,
        tool_calls: calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: argumentString(call) },
        })),
      };
    }
  }
}

export function toOpenAITools(tools: readonly ModelToolSpec[]): ChatCompletionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  }));
}

/** The first choice's message as ours; `undefined` when the provider sent no choice at all. */
export function fromOpenAICompletion(
  completion: ChatCompletion,
): { content: string; toolCalls: ToolCall[]; finishReason: string } | undefined {
  const choice = completion.choices[0];
  if (choice === undefined) return undefined;
  const toolCalls = (choice.message.tool_calls ?? []).map(
    (call): ToolCall =>
      call.type === 'function'
        ? { id: call.id, name: call.function.name, arguments: call.function.arguments }
        : { id: call.id, name: call.custom.name, arguments: call.custom.input },
  );
  return {
    content: choice.message.content ?? '',
    toolCalls,
    finishReason: choice.finish_reason,
  };
}

function argumentString(call: ToolCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}
