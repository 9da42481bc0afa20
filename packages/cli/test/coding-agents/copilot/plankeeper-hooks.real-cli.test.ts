/**
 * The real GitHub Copilot CLI in a project `plankeeper setup copilot` set up, against a
 * scripted Responses model: what plankeeper's hooks and MCP server put before the model, read
 * from the requests the model received, and what the store holds after, under
 * `{agent: 'copilot', session: <Copilot's session id>}`.
 */
import { join } from 'node:path';
import { getLocale } from 'plankeeper/harness';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool, ResponsesServer, say } from '../codex/support/responses-server.js';
import { hookCalls, hookEvents } from '../setup/support/bin.js';
import {
  finishCheckReason,
  HONEST_ANSWER,
  IN_PROGRESS_LINE,
  occurrences,
  SMOKE_PLAN,
} from '../setup/support/expected-answers.js';
import { setUpForRealCli } from '../setup/support/project.js';
import { storedItems, storedPlan } from '../support/stored-plan.js';
import {
  type CopilotRun,
  type CopilotSandbox,
  createCopilotSandbox,
  describeRun,
  runCopilot,
} from './support/run-copilot.js';

const en = getLocale('en').harness;
const STORE_ITEMS = SMOKE_PLAN.todos.map((todo) => todo.content);

let model: ResponsesServer | undefined;
let sandbox: CopilotSandbox | undefined;
afterEach(async () => {
  await model?.close();
  sandbox?.dispose();
  model = undefined;
  sandbox = undefined;
});

/** A sandbox set up for Copilot, logging the hooks it runs; `why` explains a failed run. */
function setUp(options: Parameters<typeof setUpForRealCli>[2] = {}) {
  sandbox = createCopilotSandbox();
  setUpForRealCli('copilot', sandbox, options);
  const log = join(sandbox.root, 'hooks.log');
  sandbox.env.PLANKEEPER_TEST_HOOK_LOG = log;
  return (run: CopilotRun) => `${describeRun(run)}\nhooks run: ${hookEvents(log).join(', ')}`;
}

const projectStore = () => `sqlite:${join(sandbox!.project, '.plankeeper', 'plans.db')}`;

describe('GitHub Copilot CLI after plankeeper setup copilot (real CLI)', () => {
  it('runs todo_write with no prompt, gives plankeeper’s text, bounces the open plan once, then asks the goal check', async () => {
    model = await ResponsesServer.start([
      callTool('plankeeper-todo_write', SMOKE_PLAN),
      say('The plan is written.'),
      say('All done.'),
      say(HONEST_ANSWER),
    ]);
    const why = setUp();
    // No --allow-all-tools: in -p a tool that needed a prompt would be refused.
    const run = await runCopilot(sandbox!, { modelUrl: model.url, prompt: 'Write the parser.' });
    expect(run.code, why(run)).toBe(0);
    expect(model.main, why(run)).toHaveLength(4);
    const [first, second, third, fourth] = model.main;
    expect(model.toolOutput(second!, first!.callIds[0]!), why(run)).toContain(IN_PROGRESS_LINE);

    const reason = finishCheckReason();
    expect(JSON.stringify(second!.body)).not.toContain(reason);
    expect(occurrences(model.userTexts(third!).join('\n'), reason), why(run)).toBe(1);
    const goal = en.goalCheck('Write the parser.');
    expect(JSON.stringify(third!.body)).not.toContain(JSON.stringify(goal).slice(1, 40));
    expect(model.userTexts(fourth!).join('\n'), why(run)).toContain(goal);
    expect(run.stdout.trim().endsWith(HONEST_ANSWER), why(run)).toBe(true);

    const key = { agent: 'copilot', session: run.session };
    expect(await storedItems(projectStore(), key)).toEqual(STORE_ITEMS);
  }, 90_000);

  it('nudges after three tool rounds without a plan update, and marks the plan leftover in the resumed session', async () => {
    model = await ResponsesServer.start([
      callTool('plankeeper-todo_write', SMOKE_PLAN),
      callTool('view', { path: 'README.md' }),
      callTool('view', { path: 'README.md' }),
      callTool('view', { path: 'README.md' }),
      say(HONEST_ANSWER),
      say(HONEST_ANSWER),
      say(HONEST_ANSWER),
      say('The tests are next.'),
    ]);
    const why = setUp();
    sandbox!.writeProjectFile('README.md', '# parser\n');
    const first = await runCopilot(sandbox!, {
      modelUrl: model.url,
      prompt: 'Write the parser.',
      allowAllTools: true,
    });
    expect(first.code, why(first)).toBe(0);
    const reminder = en.reminder(3);
    const seen = model.main.map((request) => JSON.stringify(request.body).includes(reminder));
    // Absent after one or two rounds, there after the third.
    expect(seen.slice(0, 4), why(first)).toEqual([false, false, false, false]);
    expect(seen[4], why(first)).toBe(true);
    // One hook process per ordinary call (postToolUse); plankeeper's own call adds the
    // permission (no prompt) and the MCP call's (a sub-agent's key) hooks. Copilot starts
    // sessionStart and the first userPromptSubmitted together: counted, not ordered.
    const counts: Record<string, number> = {};
    for (const call of hookCalls(join(sandbox!.root, 'hooks.log'))) {
      const event = call.replace('hook copilot ', '');
      counts[event] = (counts[event] ?? 0) + 1;
    }
    expect(counts, why(first)).toEqual({
      sessionStart: 1,
      userPromptSubmitted: 2,
      permissionRequest: 1,
      preMcpToolCall: 1,
      postToolUse: 4,
      agentStop: 2,
    });

    const before = model.main.length;
    const second = await runCopilot(sandbox!, {
      modelUrl: model.url,
      prompt: 'Now the tests.',
      session: first.session,
      resume: true,
    });
    expect(second.code, why(second)).toBe(0);
    const resumed = model.main[before]!;
    const context = JSON.stringify(resumed.body.input?.slice(-3));
    expect(context, why(second)).toContain(en.leftoverHeading);
    expect(context, why(second)).toContain('#2 Test the parser');
  }, 120_000);

  it('shows the plan again after an automatic compaction, on the next tool result', async () => {
    model = await ResponsesServer.start([
      // A context this full makes Copilot compact the history before its next request.
      { call: 'plankeeper-todo_write', args: SMOKE_PLAN, tokens: 127_000 },
      callTool('view', { path: 'README.md' }),
      callTool('view', { path: 'README.md' }),
      say(HONEST_ANSWER),
      say(HONEST_ANSWER),
      say(HONEST_ANSWER),
    ]);
    const why = setUp();
    sandbox!.writeProjectFile('README.md', '# parser\n');
    const run = await runCopilot(sandbox!, {
      modelUrl: model.url,
      prompt: 'Write the parser.',
      allowAllTools: true,
    });
    expect(run.code, why(run)).toBe(0);
    expect(model.compactions.length, why(run)).toBeGreaterThan(0);
    expect(hookEvents(join(sandbox!.root, 'hooks.log')), why(run)).toContain(
      'hook copilot preCompact',
    );
    const compacted = model.requests.indexOf(model.compactions[0]!);
    const after = model.main.filter((request) => model!.requests.indexOf(request) > compacted);
    const restored = after.map((request) =>
      JSON.stringify(request.body.input).includes(en.restoredHeading),
    );
    expect(restored, why(run)).toContain(true);
    const before = model.main.filter((request) => model!.requests.indexOf(request) < compacted);
    for (const request of before) {
      expect(JSON.stringify(request.body.input)).not.toContain(en.restoredHeading);
    }
  }, 90_000);

  it('gives a sub-agent (the task tool) its own plan, linked to the parent’s item in progress', async () => {
    model = await ResponsesServer.start([
      callTool('plankeeper-todo_write', {
        todos: [{ content: 'Delegate the parser', status: 'in_progress' }],
      }),
      callTool('task', {
        name: 'parser',
        prompt: 'Write the parser.',
        agent_type: 'general-purpose',
        description: 'write the parser',
        mode: 'sync',
      }),
      // The sub-agent's turns come next from the same script.
      callTool('plankeeper-todo_write', {
        todos: [{ content: 'Sub-agent step', status: 'completed' }],
      }),
      say('The parser is written.'),
      say(HONEST_ANSWER),
      say(HONEST_ANSWER),
      say(HONEST_ANSWER),
    ]);
    const why = setUp();
    const run = await runCopilot(sandbox!, {
      modelUrl: model.url,
      prompt: 'Have a sub-agent write the parser.',
      allowAllTools: true,
    });
    expect(run.code, why(run)).toBe(0);
    const main = await storedPlan(projectStore(), { agent: 'copilot', session: run.session });
    expect(
      main.items.map((item) => item.content),
      why(run),
    ).toEqual(['Delegate the parser']);
    const scope = main.items[0]!.subAgent?.scope;
    expect(scope, why(run)).toMatch(/^[0-9a-f-]{36}$/);
    const sub = { agent: 'copilot', session: run.session, scope: [scope!] };
    expect(await storedItems(projectStore(), sub), why(run)).toEqual(['Sub-agent step']);
  }, 90_000);

  it('with --approval, holds other tools until a person approves the plan', async () => {
    model = await ResponsesServer.start([
      callTool('plankeeper-todo_write', SMOKE_PLAN),
      callTool('view', { path: 'README.md' }),
      say(HONEST_ANSWER),
      say(HONEST_ANSWER),
      say(HONEST_ANSWER),
    ]);
    const why = setUp({ approval: 'once' });
    sandbox!.writeProjectFile('README.md', '# parser\n');
    const run = await runCopilot(sandbox!, {
      modelUrl: model.url,
      prompt: 'Write the parser.',
      allowAllTools: true,
    });
    expect(run.code, why(run)).toBe(0);
    const [, second, third] = model.main;
    expect(model.toolOutput(second!, model.main[0]!.callIds[0]!), why(run)).toContain(
      IN_PROGRESS_LINE,
    );
    const held = model.toolOutput(third!, second!.callIds[0]!) ?? '';
    expect(held, why(run)).toContain('view did not run');
    expect(held, why(run)).not.toContain('# parser');
  }, 90_000);

  it('fails open when the store cannot be opened: Copilot still answers', async () => {
    model = await ResponsesServer.start([say('Hello.')]);
    // A store inside a path that is a file: every hook and the server fail to open it.
    const why = setUp({ store: 'sqlite:blocked/plans.db' });
    sandbox!.writeProjectFile('blocked', 'not a folder\n');
    const run = await runCopilot(sandbox!, { modelUrl: model.url, prompt: 'Say hello.' });
    expect(run.code, why(run)).toBe(0);
    expect(run.stdout.trim(), why(run)).toBe('Hello.');
    expect(hookEvents(join(sandbox!.root, 'hooks.log')), why(run)).toContain(
      'hook copilot agentStop',
    );
  }, 90_000);
});
