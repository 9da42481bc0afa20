/**
 * The real Gemini CLI in a project set up by `plankeeper setup gemini`, in its default
 * approval mode: the scripted model calls mcp_plankeeper_todo_write (headless, a tool that
 * needed approval would not even be offered) and reads plankeeper's plan text; it stops with
 * an open item and its next request carries plankeeper's finish check, once. The folder is
 * trusted, as the setup report tells the person to do.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  functionResponses,
  GeminiModelServer,
  texts,
} from '../gemini/support/gemini-model-server.js';
import {
  createGeminiSandbox,
  describeRun,
  type GeminiSandbox,
  runGemini,
} from '../gemini/support/gemini-runner.js';
import { hookCalls, hookEvents } from './support/bin.js';
import {
  finishCheckReason,
  HONEST_ANSWER,
  IN_PROGRESS_LINE,
  occurrences,
  SMOKE_PLAN,
} from './support/expected-answers.js';
import { setUpForRealCli } from './support/project.js';

let server: GeminiModelServer | undefined;
let sandbox: GeminiSandbox | undefined;
afterEach(async () => {
  await server?.close();
  sandbox?.remove();
});

/** One headless run of the set-up project, each hook process it starts logged. */
async function runLogged(project: GeminiSandbox, model: GeminiModelServer) {
  const log = join(project.root, 'hooks.log');
  const run = await runGemini(project, {
    server: model,
    prompt: 'Write and test the parser.',
    timeoutMs: 60_000,
    env: { PLANKEEPER_TEST_HOOK_LOG: log },
  });
  return { run, log };
}

describe('Gemini CLI after plankeeper setup gemini (real CLI)', () => {
  it('gives the model plankeeper’s plan text for todo_write, and the finish check once when it stops with open items', async () => {
    server = await GeminiModelServer.start([
      { call: 'mcp_plankeeper_todo_write', args: SMOKE_PLAN },
      { text: 'The plan is written.' },
      { text: HONEST_ANSWER },
    ]);
    sandbox = createGeminiSandbox();
    setUpForRealCli('gemini', sandbox);
    const { run, log } = await runLogged(sandbox, server);
    const why = `${describeRun(run)}\nhooks run: ${hookEvents(log).join(', ')}`;
    expect(run.code, why).toBe(0);
    expect(server.exhausted, why).toBe(0);
    expect(server.mainRequests, why).toHaveLength(3);
    const [, second, third] = server.mainRequests;

    const response = functionResponses(second).find(
      (each) => each.name === 'mcp_plankeeper_todo_write',
    )?.response as { output?: string; error?: string } | undefined;
    expect(response?.error, why).toBeUndefined();
    expect(response?.output, why).toContain(IN_PROGRESS_LINE);

    // The AfterAgent hook's reason comes back as the next user message, as plain text.
    const reason = finishCheckReason();
    expect(occurrences(texts(third).join('\n'), reason), why).toBe(1);
    // Said once in the whole request: not again in the system instruction.
    expect(occurrences(JSON.stringify(third?.body), 'still has open items'), why).toBe(1);
    expect(texts(second).join('\n')).not.toContain('Your todo list still has open items');
    expect(run.json?.response).toContain(HONEST_ANSWER);
    // A hook process only where plankeeper answers: none at a fresh start or before a model
    // call (SessionStart startup, PreCompress auto), one per tool call.
    expect(hookCalls(log), why).toEqual(
      ['BeforeAgent', 'AfterTool', 'AfterAgent', 'BeforeAgent', 'AfterAgent'].map(
        (event) => `hook gemini ${event}`,
      ),
    );
  }, 90_000);

  it('with --approval, holds read_file until the plan is approved, running BeforeTool for it and not for todo_write', async () => {
    server = await GeminiModelServer.start([
      { call: 'mcp_plankeeper_todo_write', args: SMOKE_PLAN },
      { call: 'read_file', args: { file_path: 'README.md' } },
      { text: HONEST_ANSWER },
      { text: HONEST_ANSWER },
    ]);
    sandbox = createGeminiSandbox();
    sandbox.writeProjectFile('README.md', '# parser\n');
    setUpForRealCli('gemini', sandbox, { approval: 'once' });
    const { run, log } = await runLogged(sandbox, server);
    const why = `${describeRun(run)}\nhooks run: ${hookCalls(log).join(', ')}`;
    expect(run.code, why).toBe(0);
    const held = functionResponses(server.mainRequests[2]).find((each) => each.name === 'read_file')
      ?.response as { output?: string; error?: string } | undefined;
    expect(JSON.stringify(held), why).toContain('read_file did not run');
    expect(JSON.stringify(held), why).not.toContain('# parser');
    expect(
      hookCalls(log).filter((call) => call.endsWith(' BeforeTool')),
      why,
    ).toHaveLength(1);
  }, 90_000);
});
