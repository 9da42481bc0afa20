/**
 * A scripted stand-in for the paid model, built on LangChain's own `fakeModel` (it binds
 * tools and records every call). Everything else — createAgent's loop, the tool node,
 * the middleware chain — is LangChain's real code.
 */
import { AIMessage, type BaseMessage, fakeModel, tool } from 'langchain';
import { z } from 'zod';
import { type AnyStep, toolCallsOf, toReply } from '../scripted-steps.js';

export type Step = { tool: string; args: Record<string, unknown> } | { final: string };

/**
 * One reply per step, in order; a call past the end of the script throws. Tool-call
 * replies have empty text (`respondWithTools` would echo the whole input back).
 */
export function scriptedModel(steps: readonly AnyStep[]) {
  const model = fakeModel();
  steps.forEach((step, index) => {
    const reply = toReply(step);
    const calls = 'text' in reply ? [] : toolCallsOf(reply);
    model.respond(
      'text' in reply
        ? new AIMessage(reply.text)
        : new AIMessage({
            content: '',
            tool_calls: calls.map((call, callIndex) => ({
              name: call.tool,
              args: call.input as Record<string, unknown>,
              id: calls.length === 1 ? `call-${index + 1}` : `call-${index + 1}-${callIndex + 1}`,
              type: 'tool_call' as const,
            })),
          }),
    );
  });
  return model;
}

/** LangChain's default of 25 graph steps is a handful of model calls once middleware adds nodes. */
export const RECURSION_LIMIT = 100;

/** The messages the model received on call `index` (0-based), system prompt first. */
export function received(model: ReturnType<typeof fakeModel>, index: number): BaseMessage[] {
  const call = model.calls[index];
  if (!call) throw new Error(`the model was called ${model.callCount} times, not ${index + 1}`);
  return call.messages;
}

export const lookupTool = tool(async ({ query }) => `Found: ${query}`, {
  name: 'lookup',
  description: 'Look something up.',
  schema: z.object({ query: z.string() }),
});

export const lookup = (query: string): Step => ({ tool: 'lookup', args: { query } });

export const write = (...todos: [content: string, status: string][]): Step => ({
  tool: 'todo_write',
  args: { todos: todos.map(([content, status]) => ({ content, status })) },
});
