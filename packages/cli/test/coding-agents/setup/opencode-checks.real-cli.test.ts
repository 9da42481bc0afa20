/**
 * The real OpenCode CLI after `plankeeper setup opencode --verify CMD`: the scripted model
 * writes a wrong greet.txt with bash and answers that it is done; plankeeper's plugin asks its
 * hook at the end of the turn, the check runs and refuses the answer with its output, which
 * the plugin adds as a user message; the model fixes the file and its answer goes through. A
 * later question-only turn of the same session runs no check (a counter file outside the
 * project counts the runs).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OpencodeSandbox, PLANKEEPER_BIN } from '../opencode/support/opencode-runner.js';
import { callTool, ScriptedChatServer, say } from '../opencode/support/scripted-chat-server.js';
import { CHECK_SCRIPT, countedCheck } from './support/greet-check.js';
import { setUpForRealCli } from './support/project.js';

let server: ScriptedChatServer | undefined;
let sandbox: OpencodeSandbox | undefined;
afterEach(async () => {
  await server?.close();
  await sandbox?.dispose();
});

const bash = (command: string) => callTool('bash', { command, description: 'Write greet.txt' });

describe('OpenCode after plankeeper setup opencode --verify (real CLI)', () => {
  it('refuses "done" while the check fails, with its output; the fixed answer goes through; a question runs nothing', async () => {
    sandbox = await OpencodeSandbox.create();
    writeFileSync(join(sandbox.project, 'check.mjs'), CHECK_SCRIPT);
    const { command, runs } = countedCheck(sandbox.root);
    setUpForRealCli('opencode', sandbox, {
      bin: PLANKEEPER_BIN,
      node: process.execPath,
      verify: [command],
    });
    server = await ScriptedChatServer.start([
      bash("printf 'helo\\n' > greet.txt"),
      say('Done: greet.txt greets.'),
      bash("printf 'hello\\n' > greet.txt"),
      say('Fixed: greet.txt says hello.'),
    ]);
    const run = await sandbox.run({
      server,
      prompt: 'Make greet.txt say hello.',
      timeoutMs: 90_000,
    });
    const why = `exit ${run.code}\n${run.stderr.slice(-3000)}`;
    expect(run.code, why).toBe(0);
    const main = server.ofKind('main');
    expect(main, why).toHaveLength(4);
    const refused = ScriptedChatServer.userTexts(main[2]!).join('\n');
    expect(refused, why).toContain(
      `Not done yet: the check \`${command}\` fails after your changes (exit 3 in`,
    );
    expect(refused).toContain('greet.txt says "helo", expected "hello"');
    expect(readFileSync(join(sandbox.project, 'greet.txt'), 'utf8')).toBe('hello\n');
    expect(runs(), why).toBe(2);

    // A question in the same session: nothing changed since the check passed.
    server.push(say('It says hello.'));
    const question = await sandbox.run({
      server,
      prompt: 'What does greet.txt say?',
      args: ['--session', run.sessionId ?? ''],
    });
    expect(question.code, question.stderr.slice(-3000)).toBe(0);
    expect(runs()).toBe(2);
  }, 200_000);
});
