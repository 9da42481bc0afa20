/**
 * The real Gemini CLI after `plankeeper setup gemini --verify CMD`: the scripted model writes a
 * wrong greet.txt with write_file and answers that it is done; plankeeper's AfterAgent hook
 * runs the check and refuses the answer with its output, which Gemini CLI sends as the next
 * user message; the model fixes the file and its answer goes through. A later question-only
 * run runs no check (a counter file outside the project counts the runs). With the refusals
 * used up, the answer goes through and headless Gemini CLI prints the notice on stderr.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GeminiModelServer, texts } from '../gemini/support/gemini-model-server.js';
import {
  createGeminiSandbox,
  describeRun,
  type GeminiSandbox,
  runGemini,
} from '../gemini/support/gemini-runner.js';
import { CHECK_SCRIPT, countedCheck } from './support/greet-check.js';
import { setUpForRealCli } from './support/project.js';

let server: GeminiModelServer | undefined;
let sandbox: GeminiSandbox | undefined;
afterEach(async () => {
  await server?.close();
  sandbox?.remove();
});

describe('Gemini CLI after plankeeper setup gemini --verify (real CLI)', () => {
  it('refuses "done" while the check fails, with its output; the fixed answer goes through; a question runs nothing', async () => {
    sandbox = createGeminiSandbox();
    const greet = join(sandbox.project, 'greet.txt');
    server = await GeminiModelServer.start([
      { call: 'write_file', args: { file_path: greet, content: 'helo\n' } },
      { text: 'Done: greet.txt greets.' },
      { call: 'write_file', args: { file_path: greet, content: 'hello\n' } },
      { text: 'Fixed: greet.txt says hello.' },
      // The question of the second run.
      { text: 'It says hello.' },
    ]);
    writeFileSync(join(sandbox.project, 'check.mjs'), CHECK_SCRIPT);
    const { command, runs } = countedCheck(sandbox.root);
    setUpForRealCli('gemini', sandbox, { verify: [command] });
    // Headless, write_file is offered only where it needs no approval.
    const args = ['--approval-mode', 'yolo'];
    const run = await runGemini(sandbox, {
      server,
      prompt: 'Make greet.txt say hello.',
      args,
      timeoutMs: 90_000,
    });
    const why = describeRun(run);
    expect(run.code, why).toBe(0);
    expect(server.exhausted, why).toBe(0);
    expect(server.mainRequests, why).toHaveLength(4);
    const refused = texts(server.mainRequests[2]).join('\n');
    expect(refused, why).toContain(
      `Not done yet: the check \`${command}\` fails after your changes (exit 3 in`,
    );
    expect(refused).toContain('greet.txt says "helo", expected "hello"');
    expect(readFileSync(greet, 'utf8')).toBe('hello\n');
    expect(runs(), why).toBe(2);

    // A question: nothing changed since the check passed, so nothing runs.
    const question = await runGemini(sandbox, {
      server,
      prompt: 'What does greet.txt say?',
      args,
      timeoutMs: 60_000,
    });
    expect(question.code, describeRun(question)).toBe(0);
    expect(runs(), describeRun(question)).toBe(2);
  }, 200_000);

  it('after --verify-refusals the answer goes through and the person is told on stderr', async () => {
    sandbox = createGeminiSandbox();
    const greet = join(sandbox.project, 'greet.txt');
    server = await GeminiModelServer.start([
      { call: 'write_file', args: { file_path: greet, content: 'helo\n' } },
      { text: 'Done: greet.txt greets.' },
      { text: 'Done, I am sure.' },
    ]);
    writeFileSync(join(sandbox.project, 'check.mjs'), CHECK_SCRIPT);
    setUpForRealCli('gemini', sandbox, { verify: ['node check.mjs'], verifyRefusals: 1 });
    const run = await runGemini(sandbox, {
      server,
      prompt: 'Make greet.txt say hello.',
      args: ['--approval-mode', 'yolo'],
      timeoutMs: 90_000,
    });
    const why = describeRun(run);
    expect(run.code, why).toBe(0);
    expect(server.mainRequests, why).toHaveLength(3);
    expect(texts(server.mainRequests[2]).join('\n'), why).toContain('(Refusal 1 of 1;');
    expect(run.json?.response, why).toContain('Done, I am sure.');
    // Gemini CLI prints a hook's systemMessage on stderr when headless.
    expect(run.stderr, why).toContain(
      'plankeeper: the check `node check.mjs` still fails (exit 3 in',
    );
    expect(run.stderr).toContain("the agent's answer went through after 1 refusal.");
  }, 200_000);
});
