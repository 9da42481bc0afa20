/**
 * The answer the main agent's turn ends on, as the extension sees the session's events in
 * memory: handed to the stop hook (ANSWER_FIELD), it spares the hook the wait for Copilot to
 * write the transcript (../transcript.ts), about 200 ms at every stop. Forgotten at each turn's
 * start, so a stop whose answer has not arrived is left to the transcript, never given the
 * answer of a turn before.
 */

/** The stop hook's input field the extension adds; a command hook's input never has it. */
export const ANSWER_FIELD = 'plankeeperLastAnswer';

export interface SessionEvent {
  type?: unknown;
  data?: { content?: unknown; parentToolCallId?: unknown };
}

export class TurnAnswer {
  private answer: string | undefined;

  seen(event: SessionEvent): void {
    if (event.type === 'assistant.turn_start') this.answer = undefined;
    if (event.type !== 'assistant.message' || event.data?.parentToolCallId !== undefined) return;
    const content = event.data?.content;
    this.answer = typeof content === 'string' && content !== '' ? content : undefined;
  }

  /** The stop hook's input with the turn's answer, when it has arrived. */
  withAnswer(input: Record<string, unknown>): Record<string, unknown> {
    return this.answer === undefined ? input : { ...input, [ANSWER_FIELD]: this.answer };
  }
}
