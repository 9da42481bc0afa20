/**
 * The real Codex CLI after `plankeeper setup codex --verify CMD`: the scripted model writes a
 * wrong greet.txt with a shell command and answers that it is done; plankeeper's Stop hook runs
 * the check and refuses the answer with its output, which Codex gives the model as the next
 * user message; the model fixes the file and its answer goes through. A later question-only
 * turn runs no check (a counter file outside the project counts the runs).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool, ResponsesServer, say } from '../codex/support/responses-server.js';
import {
  type CodexWorkspace,
  createCodexWorkspace,
  describeRun,
  runCodex,
} from '../codex/support/run-codex.js';
import { CHECK_SCRIPT, countedCheck } from './support/greet-check.js';
import { setUpForRealCli } from './support/project.js';

let model: ResponsesServer | undefined;
let ws: CodexWorkspace | undefined;
afterEach(async () => {
  await model?.close();
  ws?.dispose();
});

const shell = (cmd: string) => callTool('exec_command', { cmd });

describe('Codex after plankeeper setup codex --verify (real CLI)', () => {
  it('refuses "done" while the check fails, with its output; the fixed answer goes through; a question runs nothing', async () => {
    model = await ResponsesServer.start([
      shell("printf 'helo\\n' > greet.txt"),
      say('Done: greet.txt greets.'),
      shell("printf 'hello\\n' > greet.txt"),
      say('Fixed: greet.txt says hello.'),
      // The question of the second turn.
      say('It says hello.'),
    ]);
    ws = createCodexWorkspace();
    ws.configure({ modelUrl: model.url });
    writeFileSync(join(ws.project, 'check.mjs'), CHECK_SCRIPT);
    const { command, runs } = countedCheck(ws.root);
    setUpForRealCli('codex', ws, { verify: [command] });
    // The shell writes in the project: no sandbox of Codex's own in a test container.
    const args = ['--sandbox', 'danger-full-access'];
    const run = await runCodex(ws, {
      prompt: 'Make greet.txt say hello.',
      args,
      timeoutMs: 90_000,
    });
    const why = describeRun(run);
    expect(run.code, why).toBe(0);
    expect(model.unscripted, why).toBe(0);
    expect(model.main, why).toHaveLength(4);
    const refused = model.userTexts(model.main[2]!).join('\n');
    // Codex escapes the reason as markup (`&&` comes as `&amp;&amp;`): the command's end.
    expect(refused, why).toContain('node check.mjs` fails after your changes (exit 3 in');
    expect(refused).toContain('greet.txt says "helo", expected "hello"');
    expect(readFileSync(join(ws.project, 'greet.txt'), 'utf8')).toBe('hello\n');
    expect(runs(), why).toBe(2);
    const answers = run.events.filter(
      (event) => event.type === 'item.completed' && event.item?.type === 'agent_message',
    );
    expect(answers.at(-1)?.item?.text).toBe('Fixed: greet.txt says hello.');

    // A question: nothing changed since the check passed, so nothing runs.
    const question = await runCodex(ws, {
      prompt: 'What does greet.txt say?',
      args,
      resume: run.threadId!,
      timeoutMs: 60_000,
    });
    expect(question.code, describeRun(question)).toBe(0);
    expect(runs(), describeRun(question)).toBe(2);
  }, 180_000);
});
