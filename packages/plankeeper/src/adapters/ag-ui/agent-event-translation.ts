/**
 * One event of a host's turn (AgentEvent) as AG-UI events: the model's text as a text
 * message, its tool calls as TOOL_CALL_START/ARGS/END, their results as TOOL_CALL_RESULT,
 * a person's notice as a CUSTOM event. The plan's changes are not here: they go out as
 * state (plan-state-stream.ts).
 */
import { type BaseEvent, EventType } from '@ag-ui/core';
import type { AgentEvent } from '../../agent/agent-events.js';

/** Names the messages of one run: `<runId>-<n>`, unique within the thread. */
export class MessageIds {
  private count = 0;
  constructor(private readonly runId: string) {}
  next(): string {
    this.count++;
    return `${this.runId}-${this.count}`;
  }
}

export function translateAgentEvent(event: AgentEvent, ids: MessageIds): BaseEvent[] {
  switch (event.type) {
    case 'model-responded': {
      const { content, toolCalls } = event.response.message;
      const messageId = ids.next();
      const events: BaseEvent[] = [];
      if (content) {
        events.push(
          { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' } as BaseEvent,
          { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: content } as BaseEvent,
          { type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent,
        );
      }
      for (const call of toolCalls ?? []) {
        const args =
          typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
        events.push(
          {
            type: EventType.TOOL_CALL_START,
            toolCallId: call.id,
            toolCallName: call.name,
            parentMessageId: messageId,
          } as BaseEvent,
          ...(args ? [{ type: EventType.TOOL_CALL_ARGS, toolCallId: call.id, delta: args }] : []),
          { type: EventType.TOOL_CALL_END, toolCallId: call.id } as BaseEvent,
        );
      }
      return events;
    }
    case 'tool-finished':
    case 'tool-blocked':
      return [
        {
          type: EventType.TOOL_CALL_RESULT,
          messageId: ids.next(),
          toolCallId: event.call.id,
          content: event.type === 'tool-finished' ? event.observation : event.reason,
          role: 'tool',
        } as BaseEvent,
      ];
    case 'notice-given':
      return [
        { type: EventType.CUSTOM, name: 'plankeeper.notice', value: event.text } as BaseEvent,
      ];
    default:
      return [];
  }
}
