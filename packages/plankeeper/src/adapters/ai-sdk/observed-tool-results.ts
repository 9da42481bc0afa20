/**
 * The AI SDK runs the host's own tools itself, outside the harness's tool path; their
 * outcomes reach the next step's `prepareStep` as `tool-result` parts. Noting the
 * successful ones there gives the evidence rule the host's work without wrapping its tools.
 * A result counts once (by call id), however many steps see it again.
 */
import type { ModelMessage } from 'ai';
import type { PlanHarness } from '../../harness/plan-harness.js';

/** Call ids remembered; a conversation's older results are long counted. */
const MAX_SEEN = 1000;

export function createToolResultObserver(harness: PlanHarness) {
  const seen = new Set<string>();
  return (messages: readonly ModelMessage[]) => {
    for (const message of messages) {
      if (message.role !== 'tool') continue;
      for (const part of message.content) {
        if (part.type !== 'tool-result' || seen.has(part.toolCallId)) continue;
        seen.add(part.toolCallId);
        if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value as string);
        const failed =
          part.output.type === 'error-text' ||
          part.output.type === 'error-json' ||
          part.output.type === 'execution-denied';
        if (!failed) harness.noteToolSuccess(part.toolName, part.toolCallId);
      }
    }
  };
}
