/**
 * The real Claude Code CLI in a project `plankeeper setup claude-code` set up, for the setup
 * tests that run it (claude-code*.real-cli, persons-config.real-cli): a sandbox (trusted, as
 * the setup report tells the person to) and a scripted model server, both closed after each
 * test, and a `claude -p` run whose hooks go through the test bin, so that a failure says
 * which hooks ran.
 *
 * @example
 * const { server, sandbox } = await startClaudeCode(SMOKE_SCRIPT);
 * setUpForRealCli('claude-code', sandbox);
 * const { run, why } = await runWithHookLog(sandbox, server, 'Write and test the parser.');
 */
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { ClaudeSandbox } from '../../claude-code/support/claude-runner.js';
import {
  callTool,
  ScriptedAnthropicServer,
  type StepInput,
  say,
} from '../../claude-code/support/scripted-anthropic-server.js';
import { hookEvents } from './bin.js';
import { HONEST_ANSWER, SMOKE_PLAN } from './expected-answers.js';

/** The smoke script: todo_write of SMOKE_PLAN, a stop with the plan open, the honest answer. */
export const SMOKE_SCRIPT: readonly StepInput[] = [
  callTool('mcp__plankeeper__todo_write', SMOKE_PLAN),
  say('The plan is written.'),
  say(HONEST_ANSWER),
];

interface Started {
  server: ScriptedAnthropicServer;
  sandbox: ClaudeSandbox;
}

const started: Started[] = [];
afterEach(async () => {
  for (const { server, sandbox } of started.splice(0)) {
    await server.close();
    await sandbox.dispose();
  }
});

/** A fresh sandbox and a model server playing `steps`; both go after the test. */
export async function startClaudeCode(steps: readonly StepInput[]): Promise<Started> {
  const sandbox = await ClaudeSandbox.create();
  let server: ScriptedAnthropicServer;
  try {
    server = await ScriptedAnthropicServer.start(steps);
  } catch (error) {
    await sandbox.dispose();
    throw error;
  }
  const pair = { server, sandbox };
  started.push(pair);
  return pair;
}

/**
 * One `claude -p <prompt>` run (60 s at most) that logs the hooks it runs to `log`; `why`
 * says how it ended and which hooks ran, for assertion messages. `args` are more CLI
 * arguments (`['--resume', id]`).
 */
export async function runWithHookLog(
  sandbox: ClaudeSandbox,
  server: ScriptedAnthropicServer,
  prompt: string,
  args: readonly string[] = [],
) {
  const log = join(sandbox.root, 'hooks.log');
  const run = await sandbox.run({
    server,
    prompt,
    args,
    timeoutMs: 60_000,
    env: { PLANKEEPER_TEST_HOOK_LOG: log },
  });
  const why = `exit ${run.code}\n${run.stderr}\nhooks run: ${hookEvents(log).join(', ')}`;
  return { run, log, why };
}
