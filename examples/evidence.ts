import { Agent, type ToolDefinition } from 'plankeeper';
import { requireTool } from 'plankeeper/harness';
import { ScriptedModel } from 'plankeeper/test';

// The host's own tool: its successful calls are what counts as evidence.
const runTests: ToolDefinition = {
  name: 'run_tests',
  description: 'Run the test suite.',
  inputSchema: { type: 'object', properties: {} },
  execute: async () => ({ ok: true, text: '318 passed', data: {}, title: 'run_tests' }),
};

const start = { content: 'Fix the parser', status: 'in_progress' };
const done = { content: 'Fix the parser', status: 'completed' };

/** A model that ticks the item off at once, is refused, runs the tests and ticks it again. */
export async function evidenceRun() {
  const model = new ScriptedModel([
    { tool: 'todo_write', args: { todos: [start] } },
    { tool: 'todo_write', args: { todos: [done] } }, // refused: no work since it started
    { tool: 'run_tests', args: {} },
    { tool: 'todo_write', args: { todos: [done] } }, // accepted; the revision keeps run_tests
    { final: 'Fixed; the tests pass.' },
  ]);
  const agent = new Agent({
    model,
    tools: [runTests],
    planning: {
      evidence: 'enforce', // or 'warn': let it through and say it had none
      verifiers: [requireTool('run_tests')], // true, or a refusal the model reads
      goalCheck: false,
    },
  });
  const result = await agent.run('Fix the parser bug.');
  const refusal = model.requests[2]!.messages.findLast((message) => message.role === 'tool');
  return { refusal: refusal?.content, plan: result.plan, answer: result.answer };
}
