/**
 * The real GitHub Copilot CLI with its EXTENSIONS feature on, in a project `plankeeper setup
 * copilot` set up there: the extension it writes sends the events to the MCP server Copilot
 * started (`--for copilot`, over its route), with what the hooks give (the plan tools with no
 * prompt of their own, the finish check's bounce, the goal check, the plan kept under Copilot's
 * session id), and no plankeeper process per tool call.
 */
import { join } from 'node:path';
import { getLocale } from 'plankeeper/harness';
import { afterEach, describe, expect, it } from 'vitest';
import { homeEnv } from '../../support/sandbox-env.js';
import { callTool, ResponsesServer, say } from '../codex/support/responses-server.js';
import { hookCalls } from '../setup/support/bin.js';
import {
  finishCheckReason,
  HONEST_ANSWER,
  IN_PROGRESS_LINE,
  occurrences,
  SMOKE_PLAN,
} from '../setup/support/expected-answers.js';
import { setUpForRealCli } from '../setup/support/project.js';
import { storedItems } from '../support/stored-plan.js';
import {
  type CopilotSandbox,
  createCopilotSandbox,
  describeRun,
  runCopilot,
} from './support/run-copilot.js';

const en = getLocale('en').harness;
const DONE_PLAN = { todos: [{ content: 'Write the parser', status: 'completed' }] };
/** What turns Copilot's extensions on; `-p` loads a project's only with the second. */
const EXTENSIONS_ON = {
  COPILOT_CLI_ENABLED_FEATURE_FLAGS: 'EXTENSIONS',
  GITHUB_COPILOT_PROMPT_MODE_EXTENSIONS: 'true',
};

/**
 * Copilot asked to write the parser in `sandbox`, with its extensions on and each hook noted in
 * a log: the run, the log, and what a failed expectation should show.
 */
async function runWithExtension(sandbox: CopilotSandbox, modelUrl: string) {
  sandbox.writeProjectFile('README.md', '# parser\n');
  const log = join(sandbox.root, 'hooks.log');
  Object.assign(sandbox.env, EXTENSIONS_ON, { PLANKEEPER_TEST_HOOK_LOG: log });
  // An extension that registers hooks needs the person's yes: in -p, --allow-all-tools.
  const run = await runCopilot(sandbox, {
    modelUrl,
    prompt: 'Write the parser.',
    allowAllTools: true,
  });
  return { run, log, why: `${describeRun(run)}\nhooks run: ${hookCalls(log).join(', ')}` };
}

let model: ResponsesServer | undefined;
let sandbox: CopilotSandbox | undefined;
afterEach(async () => {
  await model?.close();
  sandbox?.dispose();
  model = undefined;
  sandbox = undefined;
});

describe('GitHub Copilot CLI through plankeeper’s extension (real CLI)', () => {
  it('bounces the open plan once and asks the goal check, the events answered in the MCP server Copilot started', async () => {
    model = await ResponsesServer.start([
      callTool('plankeeper-todo_write', SMOKE_PLAN),
      callTool('view', { path: 'README.md' }),
      callTool('view', { path: 'README.md' }),
      callTool('view', { path: 'README.md' }),
      say('All done.'),
      say('All done.'),
      say(HONEST_ANSWER),
    ]);
    sandbox = createCopilotSandbox();
    setUpForRealCli('copilot', sandbox, { env: { ...homeEnv(sandbox.home), ...EXTENSIONS_ON } });
    const { run, log, why } = await runWithExtension(sandbox, model.url);
    expect(run.code, why).toBe(0);
    expect(model.main, why).toHaveLength(7);
    const [first, second, , , fifth, sixth, seventh] = model.main;
    expect(model.toolOutput(second!, first!.callIds[0]!), why).toContain(IN_PROGRESS_LINE);
    // The nudge after three tool rounds without a plan update: postToolUse, answered.
    expect(JSON.stringify(fifth!.body), why).toContain(en.reminder(3));
    expect(occurrences(model.userTexts(sixth!).join('\n'), finishCheckReason()), why).toBe(1);
    expect(model.userTexts(seventh!).join('\n'), why).toContain(en.goalCheck('Write the parser.'));
    expect(run.stdout.trim().endsWith(HONEST_ANSWER), why).toBe(true);
    expect(
      await storedItems(`sqlite:${join(sandbox.project, '.plankeeper', 'plans.db')}`, {
        agent: 'copilot',
        session: run.session,
      }),
    ).toEqual(SMOKE_PLAN.todos.map((todo) => todo.content));
    // Every event in the MCP server, over its route: none in a process of its own. A
    // `--serve` is started only if the route were not up at the first event (routed-client.ts).
    const calls = hookCalls(log);
    const routed = hookCalls(`${log}.routed`);
    const events = /postToolUse|agentStop|userPromptSubmitted|sessionStart/;
    expect(
      routed.filter((call) => call === 'hook copilot postToolUse'),
      why,
    ).toHaveLength(4);
    expect(routed, why).toContain('hook copilot agentStop');
    expect(
      calls.filter((call) => events.test(call)),
      why,
    ).toEqual(routed.filter((call) => events.test(call)));
    expect(calls.filter((call) => call === 'hook copilot --serve').length, why).toBeLessThan(2);
  }, 90_000);

  it('answers the events in the server of a .mcp.json entry Claude Code’s setup wrote', async () => {
    model = await ResponsesServer.start([
      callTool('plankeeper-todo_write', DONE_PLAN),
      callTool('view', { path: 'README.md' }),
      say('All done.'),
      say(HONEST_ANSWER),
    ]);
    sandbox = createCopilotSandbox();
    // The team's .mcp.json: Copilot reads it instead of .github/mcp.json, and the server there
    // is the one Claude Code's setup wrote (`--for claude-code`).
    sandbox.writeProjectFile('.mcp.json', { mcpServers: {} });
    setUpForRealCli('claude-code', sandbox);
    setUpForRealCli('copilot', sandbox, { env: { ...homeEnv(sandbox.home), ...EXTENSIONS_ON } });
    const { run, log, why } = await runWithExtension(sandbox, model.url);
    expect(run.code, why).toBe(0);
    expect(
      await storedItems(`sqlite:${join(sandbox.project, '.plankeeper', 'plans.db')}`, {
        agent: 'copilot',
        session: run.session,
      }),
    ).toEqual(DONE_PLAN.todos.map((todo) => todo.content));
    const routed = hookCalls(`${log}.routed`);
    expect(routed, why).toContain('hook copilot postToolUse');
    expect(routed, why).toContain('hook copilot agentStop');
    expect(hookCalls(log), why).not.toContain('hook copilot --serve');
  }, 90_000);
});
