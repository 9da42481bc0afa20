/**
 * The host's own function tools, held while the plan waits for a person's approval (the
 * harness's `approval`), with the Agents SDK's own tool input guardrail: a held call is
 * rejected before the tool runs, and the model reads the waiting text as its output.
 */
import {
  defineToolInputGuardrail,
  type FunctionTool,
  type Tool,
  ToolGuardrailFunctionOutputFactory,
  type ToolInputGuardrailDefinition,
} from '@openai/agents';
import type { PlanHarness } from '../../harness/plan-harness.js';

export function approvalGuardrail(harness: PlanHarness): ToolInputGuardrailDefinition {
  return defineToolInputGuardrail({
    name: 'plankeeper-approval',
    run: async ({ toolCall }) => {
      const text = await harness.approvalHold(toolCall.name);
      return text === undefined
        ? ToolGuardrailFunctionOutputFactory.allow()
        : ToolGuardrailFunctionOutputFactory.rejectContent(text);
    },
  });
}

/** The tools with the guardrail added to each function tool's input guardrails. */
export function holdTools<TOOLS extends readonly Tool<never>[]>(
  tools: TOOLS,
  guardrail: ToolInputGuardrailDefinition,
): TOOLS {
  return tools.map((tool) =>
    tool.type === 'function'
      ? ({
          ...tool,
          inputGuardrails: [...((tool as FunctionTool).inputGuardrails ?? []), guardrail],
        } as typeof tool)
      : tool,
  ) as unknown as TOOLS;
}
