/**
 * The Agents SDK runs the host's own tools itself, outside the harness's tool path; their
 * outputs reach the next model call's input filter as `function_call_result` items. Noting
 * the successful ones there gives the evidence rule the host's work without wrapping its
 * tools. A tool that throws comes back as a completed result holding the SDK's default
 * error text, so that text marks a failure too. Each result counts once (by call id).
 */
import type { AgentInputItem } from '@openai/agents';
import type { PlanHarness } from '../../harness/plan-harness.js';

/** The SDK's default tool error text (defaultToolErrorFunction in @openai/agents-core). */
const SDK_ERROR_PREFIX = 'An error occurred while running the tool';

/** Call ids remembered; a conversation's older results are long counted. */
const MAX_SEEN = 1000;

export function createToolResultObserver(harness: PlanHarness) {
  const seen = new Set<string>();
  return (items: readonly AgentInputItem[]) => {
    for (const item of items) {
      if (!('type' in item) || item.type !== 'function_call_result') continue;
      if (seen.has(item.callId)) continue;
      seen.add(item.callId);
      if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value as string);
      if (item.status === 'completed' && !outputText(item.output).startsWith(SDK_ERROR_PREFIX)) {
        harness.noteToolSuccess(item.name, item.callId);
      }
    }
  };
}

function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  const text = (output as { text?: unknown } | null)?.text;
  if (typeof text === 'string') return text;
  if (Array.isArray(output)) {
    const first = output[0] as { text?: unknown } | undefined;
    if (typeof first?.text === 'string') return first.text;
  }
  return '';
}
