/**
 * The plan tools as AI SDK tools: our exact JSON Schemas (no SDK-side validation, so
 * every argument reaches plankeeper's strict checks), the turn and call id from the
 * harness, and the text the model reads as the tool output.
 */
import { type JSONSchema7, jsonSchema, type Tool, tool } from 'ai';
import type { PlanHarness } from '../../harness/plan-harness.js';
import type { ToolDefinition, ToolResult } from '../../tools/tool.js';
import { PlanToolRejection } from './tool-rejection.js';

/** Plan tools keyed by name, ready to spread into `generateText({ tools })`. */
export type PlanToolSet = Record<string, Tool<unknown, ToolResult>>;

export function toPlanToolSet(
  definitions: readonly ToolDefinition[],
  harness: PlanHarness,
): PlanToolSet {
  const tools: PlanToolSet = {};
  for (const definition of definitions) {
    tools[definition.name] = tool<unknown, ToolResult>({
      description: definition.description,
      inputSchema: jsonSchema<unknown>(definition.inputSchema as JSONSchema7),
      async execute(input, { toolCallId, abortSignal }) {
        const result = await harness.wrapTool({
          name: definition.name,
          callId: toolCallId,
          run: (context) =>
            definition.execute(input, { ...context, ...(abortSignal && { signal: abortSignal }) }),
          outcome: (result) => ({ ok: result.ok, result }),
          withNote: (result, note) => ({ ...result, text: `${result.text}\n\n${note}` }),
        });
        if (!result.ok) throw new PlanToolRejection(definition.name, result);
        return result;
      },
      toModelOutput: ({ output }) => ({ type: 'text', value: output.text }),
    });
  }
  return tools;
}
