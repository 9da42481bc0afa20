/**
 * Pi's messages as the harness reads and writes them: what plankeeper adds before a model
 * call is a user message (as plankeeper's own loop sends it), a tool round is an assistant
 * message that called tools, and the model's answer is the text of the last assistant message.
 */
import type { MessageFormat } from 'plankeeper/harness';
import type { PiMessage } from './pi-types.js';

export const PI_MESSAGES: MessageFormat<PiMessage> = {
  userMessage: (text) => ({
    role: 'user',
    content: [{ type: 'text', text }],
    timestamp: Date.now(),
  }),
  toolRounds: (added) => added.filter((message) => partsOf(message, 'toolCall').length > 0).length,
};

/** The text of the last assistant message of `messages`; '' when there is none. */
export function lastAnswer(messages: readonly unknown[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as PiMessage | undefined;
    if (message?.role !== 'assistant') continue;
    return partsOf(message, 'text')
      .map((part) => (typeof part.text === 'string' ? part.text : ''))
      .join('\n');
  }
  return '';
}

/** Whether the run ended on an error or an abort: then there is no answer to check. */
export function endedWithoutAnswer(messages: readonly PiMessage[]): boolean {
  const last = messages.findLast((message) => message.role === 'assistant');
  return last === undefined || last.stopReason === 'error' || last.stopReason === 'aborted';
}

function partsOf(message: PiMessage, type: string): Record<string, unknown>[] {
  if (!Array.isArray(message.content)) return [];
  return (message.content as Record<string, unknown>[]).filter(
    (part) => part !== null && typeof part === 'object' && part.type === type,
  );
}
