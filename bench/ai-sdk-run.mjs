// A scripted task through plankeeper/ai-sdk: the AI SDK's real generateText loop
// (runWithPlan, prepareStep, tool execution, the goal check's re-run) with a mock model
// that plays the script. Returns each call's prompt as the own loop's messages, so the
// same metrics measure both.

import { jsonSchema, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { createPlankeeper } from 'plankeeper/ai-sdk';

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** One mock reply per script step (`{ tool, args }`, `{ tools }` or `{ final }`), in order. */
function scriptedModel(steps) {
  let call = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const step = steps[call++];
      if (!step) throw new Error(`the script ran out at model call ${call}`);
      if ('final' in step) {
        return {
          content: [{ type: 'text', text: step.final }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        };
      }
      const calls = 'tools' in step ? step.tools : [step];
      return {
        // The own loop's scripted model names calls the same way.
        content: calls.map((each, index) => ({
          type: 'tool-call',
          toolCallId: `call_${call}_${index + 1}`,
          toolName: each.tool,
          input: JSON.stringify(each.args ?? {}),
        })),
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      };
    },
  });
}

/** The host's tools as AI SDK tools: the model reads each result's text, as in the own loop. */
function sdkTools(definitions) {
  return Object.fromEntries(
    definitions.map((definition) => [
      definition.name,
      tool({
        description: definition.description,
        inputSchema: jsonSchema(definition.inputSchema),
        execute: async (input, { toolCallId }) =>
          (await definition.execute(input, { callId: toolCallId })).text,
      }),
    ]),
  );
}

/** The words the stored-ids form opens with: what its two shapes have in common. */
function storedIdsOpening(locale) {
  const a = locale.harness.storedIds('1', []);
  const b = locale.harness.storedIds(undefined, ['1']);
  let length = 0;
  while (length < a.length && a[length] === b[length]) length++;
  return a.slice(0, length);
}

/** One AI SDK prompt as the own loop's messages (`ChatMessage[]`). */
function toChatMessages(prompt, locale) {
  return prompt.flatMap((message) => {
    if (message.role === 'system') return [{ role: 'system', content: message.content }];
    if (message.role === 'tool') {
      return message.content.map((part) => ({
        role: 'tool',
        toolCallId: part.toolCallId,
        name: part.toolName,
        content: String(part.output.value),
        ok: part.output.type === 'text',
      }));
    }
    const text = message.content
      .filter((part) => part.type === 'text')
      .map((part) => part.text)
      .join('\n');
    if (message.role === 'user') {
      // The harness's plan section opens with the plan's heading (or, right after the
      // model's own write, with the stored-ids line); the task and the harness's other
      // messages never do.
      const plan =
        text.startsWith(locale.plan.heading) ||
        text.startsWith(locale.harness.leftoverHeading) ||
        text.startsWith(storedIdsOpening(locale));
      return [{ role: 'user', content: text, ...(plan && { injected: 'plan' }) }];
    }
    const toolCalls = message.content
      .filter((part) => part.type === 'tool-call')
      .map((part) => ({ id: part.toolCallId, name: part.toolName, arguments: part.input }));
    return [{ role: 'assistant', content: text, ...(toolCalls.length > 0 && { toolCalls }) }];
  });
}

/** Runs `task` with `steps` through `runWithPlan`; returns every call's input, in order. */
export async function runThroughAiSdk({ steps, tools, task, planning, locale, maxSteps }) {
  const planner = createPlankeeper({ ...planning, key: { agent: 'bench', session: 'ai-sdk' } });
  const model = scriptedModel(steps);
  await planner.runWithPlan({
    model,
    system: planner.instructions,
    tools: { ...planner.tools, ...sdkTools(tools) },
    prompt: task,
    stopWhen: stepCountIs(maxSteps),
  });
  return model.doGenerateCalls.map((call) => toChatMessages(call.prompt, locale));
}
