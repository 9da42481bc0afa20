import { type Options, query } from '@anthropic-ai/claude-agent-sdk';
import { PlanEngine } from 'plankeeper';
import { createPlankeeper } from 'plankeeper/claude-agent-sdk';

/** `base`: your own `query()` options (cwd, env, model, …); the SDK reads ANTHROPIC_API_KEY. */
export async function renameLoader(base: Options = {}) {
  const planner = createPlankeeper({
    engine: new PlanEngine(), // in memory; the SQLite, Redis and PostgreSQL stores persist
    discipline: 'standard',
  });
  const edited: string[] = [];
  let session = '';
  let answer: string | undefined;
  for await (const message of query({
    prompt: 'Rename loadConfig to readConfig and update its callers.',
    // Your tools, hooks and servers stay; plankeeper's are added beside them.
    options: planner.options({
      ...base,
      allowedTools: ['Read', 'Edit'],
      hooks: {
        PostToolUse: [
          {
            matcher: 'Edit',
            hooks: [
              async (input) => {
                if ('tool_input' in input) edited.push(JSON.stringify(input.tool_input));
                return {};
              },
            ],
          },
        ],
      },
    }),
  })) {
    if (message.type !== 'result') continue;
    session = message.session_id;
    if (message.subtype === 'success') answer = message.result;
  }
  // Plans are keyed by the SDK's session id: `resume: session` finds this one again.
  const plan = await planner.engine.snapshot(planner.keyOf(session));
  return { answer, plan: plan.items, edited };
}
