/**
 * The real GitHub Copilot CLI after `plankeeper setup copilot --verify CMD`: the scripted model
 * writes a wrong greet.txt with bash and answers that it is done; plankeeper's agentStop hook
 * runs the check and refuses the answer with its output, which Copilot sends as the next user
 * message; the model fixes the file and its answer goes through. A later question-only turn
 * of the same session runs no check (a counter file outside the project counts the runs).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool, ResponsesServer, say } from '../codex/support/responses-server.js';
import {
  type CopilotSandbox,
  createCopilotSandbox,
  describeRun,
  runCopilot,
} from '../copilot/support/run-copilot.js';
import { CHECK_SCRIPT, countedCheck } from './support/greet-check.js';
import { setUpForRealCli } from './support/project.js';

let model: ResponsesServer | undefined;
let sandbox: CopilotSandbox | undefined;
afterEach(async () => {
  await model?.close();
  sandbox?.dispose();
});

const bash = (command: string) => callTool('bash', { command, description: 'Write greet.txt' });

describe('GitHub Copilot CLI after plankeeper setup copilot --verify (real CLI)', () => {
  it('refuses "done" while the check fails, with its output; the fixed answer goes through; a question runs nothing', async () => {
    model = await ResponsesServer.start([
      bash("printf 'helo\\n' > greet.txt"),
      say('Done: greet.txt greets.'),
      bash("printf 'hello\\n' > greet.txt"),
      say('Fixed: greet.txt says hello.'),
      // The question of the second turn.
      say('It says hello.'),
    ]);
    sandbox = createCopilotSandbox();
    writeFileSync(join(sandbox.project, 'check.mjs'), CHECK_SCRIPT);
    const { command, runs } = countedCheck(sandbox.root);
    setUpForRealCli('copilot', sandbox, { verify: [command] });
    const run = await runCopilot(sandbox, {
      modelUrl: model.url,
      prompt: 'Make greet.txt say hello.',
      allowAllTools: true,
      timeoutMs: 90_000,
    });
    const why = describeRun(run);
    expect(run.code, why).toBe(0);
    expect(model.main, why).toHaveLength(4);
    const refused = model.userTexts(model.main[2]!).join('\n');
    expect(refused, why).toContain(
      `Not done yet: the check \`${command}\` fails after your changes (exit 3 in`,
    );
    expect(refused).toContain('greet.txt says "helo", expected "hello"');
    expect(readFileSync(join(sandbox.project, 'greet.txt'), 'utf8')).toBe('hello\n');
    expect(runs(), why).toBe(2);

    // A question in the same session: nothing changed since the check passed.
    const question = await runCopilot(sandbox, {
      modelUrl: model.url,
      prompt: 'What does greet.txt say?',
      session: run.session,
      resume: true,
      timeoutMs: 60_000,
    });
    expect(question.code, describeRun(question)).toBe(0);
    expect(runs(), describeRun(question)).toBe(2);
  }, 200_000);
});
