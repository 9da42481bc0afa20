/**
 * What a model call costs and how much of it a provider's prompt cache can reuse, from
 * the exact messages the agent sent. Tokens are o200k counts (the encoding of current
 * OpenAI models; other providers' tokenizers differ by a few percent, not in kind).
 *
 * A call's input is serialized message by message in the order the provider receives
 * it; two calls share a cacheable prefix exactly as far as their serializations agree.
 *
 * @example
 * const result = await agent.run(task);
 * inputTokens(result.calls[3]!); // tokens of the fourth call's messages
 * cacheablePrefixTokens(result.calls[2]!, result.calls[3]!); // tokens the cache can reuse
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { ChatMessage, Locale } from 'plankeeper';
import { ALL_PLAN_TOOL_NAMES } from 'plankeeper';

/** o200k tokens of a text. */
export function tokenCount(text: string): number {
  return text === '' ? 0 : countTokens(text);
}

/**
 * One message as a chat template lays it out: a role line, then the content; tool calls
 * as `→ name arguments`. Harness messages are plain user messages to a provider.
 */
export function serializeMessage(message: ChatMessage): string {
  switch (message.role) {
    case 'system':
    case 'user':
      return `[${message.role}]\n${message.content}\n`;
    case 'tool':
      return `[tool ${message.name}]\n${message.content}\n`;
    case 'assistant': {
      const calls = (message.toolCalls ?? []).map(
        (call) =>
          `→ ${call.name} ${typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)}\n`,
      );
      return `[assistant]\n${message.content ? `${message.content}\n` : ''}${calls.join('')}`;
    }
  }
}

export function serializeMessages(messages: readonly ChatMessage[]): string {
  return messages.map(serializeMessage).join('');
}

/** Tokens of one call's messages (tool schemas, identical on every call, are not counted). */
export function inputTokens(messages: readonly ChatMessage[]): number {
  return tokenCount(serializeMessages(messages));
}

/** Tokens of the longest byte-identical prefix `current` shares with `previous`. */
export function cacheablePrefixTokens(
  previous: readonly ChatMessage[],
  current: readonly ChatMessage[],
): number {
  const before = serializeMessages(previous);
  const now = serializeMessages(current);
  let length = 0;
  const limit = Math.min(before.length, now.length);
  while (length < limit && before.charCodeAt(length) === now.charCodeAt(length)) length++;
  return tokenCount(now.slice(0, length));
}

/** Where `current` rewrote an earlier message of `previous`, if anywhere. */
export interface HistoryChange {
  /** Index of the first message of `previous` that is not unchanged at the same place. */
  index: number;
  before: ChatMessage;
  after: ChatMessage | undefined;
}

/**
 * Checks that `current` keeps every message of `previous` unchanged at the same
 * position, except a trailing transient plan section (the tail section is rebuilt for
 * every call by design). Returns the first violation, or undefined.
 */
export function findHistoryChange(
  previous: readonly ChatMessage[],
  current: readonly ChatMessage[],
): HistoryChange | undefined {
  const last = previous.at(-1);
  const next = current[previous.length - 1];
  // A tail section gives way to the model's reply; one still in place (history
  // placement keeps its sections) must be unchanged like any other message.
  const transientTail =
    last?.role === 'user' &&
    last.injected === 'plan' &&
    !(next?.role === 'user' && next.injected === 'plan');
  const kept = transientTail ? previous.length - 1 : previous.length;
  for (let index = 0; index < kept; index++) {
    const before = previous[index] as ChatMessage;
    const after = current[index];
    if (after === undefined || serializeMessage(before) !== serializeMessage(after)) {
      return { index, before, after };
    }
  }
  return undefined;
}

/**
 * The plan as the model sees it in one message: a plan section the harness injected,
 * or the rendered list inside a plan tool's result (an echo after a write, or a read).
 * Undefined for messages that carry no rendered plan.
 */
export function planTextOf(message: ChatMessage, locale: Locale): string | undefined {
  if (message.role === 'user' && message.injected === 'plan') return message.content;
  if (message.role !== 'tool' || !ALL_PLAN_TOOL_NAMES.includes(message.name)) return undefined;
  const start = message.content.indexOf(locale.plan.heading);
  return start === -1 ? undefined : message.content.slice(start);
}

/** Tokens of plan text in one call's input. */
export function planTokens(messages: readonly ChatMessage[], locale: Locale): number {
  let total = 0;
  for (const message of messages) {
    const text = planTextOf(message, locale);
    if (text !== undefined) total += tokenCount(text);
  }
  return total;
}

/** Figures for a whole run: one entry per model call, plus totals. */
export interface CallSeriesMetrics {
  calls: number;
  inputTokens: number;
  planTokens: number;
  /** Sum over calls of the prefix each shares with the call before it. */
  cacheableTokens: number;
  /** cacheableTokens / inputTokens. */
  cacheableShare: number;
  /** Calls whose input rewrote a message of the call before (0 when the history is append-only). */
  historyChanges: number;
  firstHistoryChange: (HistoryChange & { call: number }) | undefined;
}

/** Measures a sequence of call inputs in order (RunResult.calls, or several turns' calls joined). */
export function measureCalls(
  calls: readonly (readonly ChatMessage[])[],
  locale: Locale,
): CallSeriesMetrics {
  let input = 0;
  let plan = 0;
  let cacheable = 0;
  let historyChanges = 0;
  let firstHistoryChange: CallSeriesMetrics['firstHistoryChange'];
  calls.forEach((messages, index) => {
    input += inputTokens(messages);
    plan += planTokens(messages, locale);
    const previous = calls[index - 1];
    if (previous === undefined) return;
    cacheable += cacheablePrefixTokens(previous, messages);
    const change = findHistoryChange(previous, messages);
    if (change) {
      historyChanges++;
      firstHistoryChange ??= { ...change, call: index + 1 };
    }
  });
  return {
    calls: calls.length,
    inputTokens: input,
    planTokens: plan,
    cacheableTokens: cacheable,
    cacheableShare: input === 0 ? 0 : cacheable / input,
    historyChanges,
    firstHistoryChange,
  };
}
