import { Agent, createPlanTools, PlanEngine } from 'plankeeper';
import { ScriptedModel } from 'plankeeper/test';

// 1. The plan tools on their own: framework-neutral definitions over a plan engine.
const engine = new PlanEngine(); // in memory; see "Stores" for SQLite, Redis, PostgreSQL
const [todoWrite] = createPlanTools({ engine, tools: 'whole-list' });
const key = { agent: 'support', session: 'ticket-42' }; // from the host, never from the model

const rejected = await todoWrite!.execute(
  '{"todos": [{"content": "Find the policy", "status": "in_progress"}, {"content": "Answer", "status": "in_progress"}]}',
  { key },
);
console.log(rejected.ok, rejected.text); // false, "Rejected; the todo list is unchanged. ..."

// 2. An agent with planning: plan section on every call, reminders, finish and goal checks.
//    Swap ScriptedModel for createModelClient('openai:gpt-4o-mini') from '@plankeeper/cli/models'.
const model = new ScriptedModel([
  { tool: 'todo_write', args: { todos: [{ content: 'Find the policy', status: 'in_progress' }] } },
  // The result of the write that closes the plan asks to check the answer against the question.
  { tool: 'todo_write', args: { todos: [{ content: 'Find the policy', status: 'completed' }] } },
  { final: 'Checked against your question: yes, within 14 days.' },
]);
const agent = new Agent({ model, planning: { engine } });
const result = await agent.run('Can I return opened headphones?');
console.log(result.answer); // "Checked against your question: yes, within 14 days."
console.log(result.plan); // [{ id: '1', content: 'Find the policy', status: 'completed' }]
