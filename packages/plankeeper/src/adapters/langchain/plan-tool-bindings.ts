/**
 * The plan tools in LangChain's shape. The model is bound to tools with our exact names,
 * descriptions and JSON Schemas; a call runs through the middleware, which hands
 * LangChain's tool node a one-call twin carrying the host's key and turn. The twin takes
 * any object, so our validation — not LangChain's schema check — answers a bad call, with
 * a correction the model can act on.
 */
import { DynamicStructuredTool, ToolMessage } from 'langchain';
import { ConfigurationError } from '../../engine/errors.js';
import type { ToolContext, ToolDefinition, ToolResult } from '../../tools/tool.js';

/** The tool call being answered (LangChain's `ToolCall`, reduced to what we read). */
export interface PlanToolCall {
  id?: string | undefined;
  name: string;
}

const ANY_OBJECT = { type: 'object' } as const;

/** What the model is bound to; running it outside the middleware is a wiring mistake. */
export function bindingTool(definition: ToolDefinition): DynamicStructuredTool {
  return new DynamicStructuredTool({
    name: definition.name,
    description: definition.description,
    schema: definition.inputSchema,
    func: async () => {
      throw new ConfigurationError(
        `${definition.name} runs inside planMiddleware: add the middleware to createAgent instead of passing its tools on their own.`,
      );
    },
  });
}

/** A tool for this one call, run by LangChain's tool node with the host's context. */
export function callTool(
  definition: ToolDefinition,
  call: PlanToolCall,
  context: ToolContext,
): DynamicStructuredTool {
  return new DynamicStructuredTool({
    name: definition.name,
    description: definition.description,
    schema: ANY_OBJECT,
    func: async (args: unknown) => {
      try {
        return resultMessage(call, await definition.execute(args, context));
      } catch (error) {
        // Wiring mistakes surface to the developer; a failing store is reported to the model.
        if (ConfigurationError.isInstance(error)) throw error;
        const message = error instanceof Error ? error.message : String(error);
        return errorMessage(call, `Tool "${call.name}" failed: ${message}`);
      }
    },
  });
}

/** The text goes to the model; the structured data rides along as the artifact, for hosts. */
function resultMessage(call: PlanToolCall, result: ToolResult): ToolMessage {
  return new ToolMessage({
    content: result.text,
    tool_call_id: call.id ?? '',
    name: call.name,
    status: result.ok ? 'success' : 'error',
    artifact: result.data,
    metadata: { title: result.title },
  });
}

function errorMessage(call: PlanToolCall, text: string): ToolMessage {
  return new ToolMessage({
    content: text,
    tool_call_id: call.id ?? '',
    name: call.name,
    status: 'error',
  });
}
