/**
 * The plan tools as Agents SDK function tools, with our exact JSON Schemas in non-strict
 * mode: the SDK parses the arguments as JSON and passes them on unvalidated, so every
 * call reaches plankeeper's strict checks. A rejected call returns its corrective text
 * as the tool output, which is what the model reads; the plan is unchanged.
 */
import { type FunctionTool, type JsonSchemaDefinition, tool } from '@openai/agents';
import type { PlanHarness } from '../../harness/plan-harness.js';
import type { ToolDefinition } from '../../tools/tool.js';

/** The type asks non-strict schemas for `additionalProperties: true`; ours forbid extras and the SDK sends them as they are. */
type NonStrictSchema = Extract<JsonSchemaDefinition['schema'], { additionalProperties: true }>;

export type PlanFunctionTool = FunctionTool<unknown, NonStrictSchema, string>;

export function toPlanFunctionTools(
  definitions: readonly ToolDefinition[],
  harness: PlanHarness,
): PlanFunctionTool[] {
  return definitions.map((definition) =>
    tool({
      name: definition.name,
      description: definition.description,
      parameters: definition.inputSchema as NonStrictSchema,
      strict: false,
      async execute(input, _runContext, details) {
        const result = await harness.wrapTool({
          name: definition.name,
          callId: details?.toolCall?.callId,
          run: (context) =>
            definition.execute(input, {
              ...context,
              ...(details?.signal && { signal: details.signal }),
            }),
          outcome: (result) => ({ ok: result.ok, result }),
          withNote: (result, note) => ({ ...result, text: `${result.text}\n\n${note}` }),
        });
        return result.text;
      },
    }),
  );
}
