import { Agent, PlanEngine, type ToolDefinition } from 'plankeeper';
import { ScriptedModel } from 'plankeeper/test';

/** A plan that waits for a person: the shell runs only once someone approved the plan. */
export async function planThenRun() {
  const engine = new PlanEngine();
  const ran: string[] = [];
  const shell: ToolDefinition = {
    name: 'run_shell',
    description: 'Run a shell command.',
    inputSchema: { type: 'object', properties: { command: { type: 'string' } } },
    async execute(args) {
      ran.push((args as { command: string }).command);
      return { ok: true, text: 'ok', data: null, title: 'run_shell' };
    },
  };
  const model = new ScriptedModel([
    { tool: 'todo_write', args: { todos: [{ content: 'Run the tests', status: 'pending' }] } },
    { tool: 'run_shell', args: { command: 'npm test' } }, // held: "Held: run_shell did not run; …"
    { final: 'The plan is ready for your review.' }, // no finish bounce while the plan waits
    { tool: 'run_shell', args: { command: 'npm test' } }, // runs: the plan is approved
    { final: 'Tests pass.' },
  ]);
  const agent = new Agent({
    model,
    tools: [shell],
    planning: { engine, approval: { again: 'on-change' } },
  });
  const session = agent.session('ticket-7');
  const review = await session.send('Run the tests');
  // What `plankeeper todos --approve --by Ana` and the dashboard's Approve button do:
  await engine.editAsPerson(session.key, { kind: 'approve' }, { name: 'Ana' });
  // The model's next call starts "Approved by a person (Ana): carry out the plan."
  const done = await session.send('Go ahead');
  return { ran, review: review.answer, answer: done.answer };
}
