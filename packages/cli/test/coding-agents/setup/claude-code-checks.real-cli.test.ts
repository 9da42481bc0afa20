/**
 * The real Claude Code CLI in a project set up by `plankeeper setup claude-code --verify CMD`:
 * the scripted model writes a wrong greet.txt and answers that it is done; the MCP server,
 * answering the Stop hook, runs the check and refuses the answer with its output; the model
 * fixes the file and its answer goes through. A later question-only turn runs no check (a
 * counter file outside the project counts the runs). With the refusals used up, the answer
 * goes through and the person sees which check still fails.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool, say, seenText } from '../claude-code/support/scripted-anthropic-server.js';
import { runWithHookLog, startClaudeCode } from './support/claude-code-after-setup.js';
import { CHECK_SCRIPT, countedCheck } from './support/greet-check.js';
import { setUpForRealCli } from './support/project.js';

describe('Claude Code after plankeeper setup claude-code --verify (real CLI)', () => {
  it('refuses "done" while the check fails, with its output; the fixed answer goes through; a question runs nothing', async () => {
    const { server, sandbox } = await startClaudeCode([]);
    const greet = join(sandbox.project, 'greet.txt');
    writeFileSync(join(sandbox.project, 'check.mjs'), CHECK_SCRIPT);
    const { command: check, runs } = countedCheck(sandbox.root);
    setUpForRealCli('claude-code', sandbox, { verify: [check] });
    // Write needs no permission prompt here (-p would deny it).
    const settingsPath = join(sandbox.project, '.claude', 'settings.json');
    const settings = JSON.parse(readFileSync(settingsPath, 'utf8'));
    settings.permissions.allow.push('Write');
    writeFileSync(settingsPath, JSON.stringify(settings, null, 2));

    server.script(
      callTool('Write', { file_path: greet, content: 'helo\n' }),
      say('Done: greet.txt greets.'),
      callTool('Write', { file_path: greet, content: 'hello\n' }),
      say('Fixed: greet.txt says hello.'),
    );
    const { run, why } = await runWithHookLog(sandbox, server, 'Make greet.txt say hello.');
    expect(run.code, why).toBe(0);
    expect(run.result?.result, why).toBe('Fixed: greet.txt says hello.');
    const main = server.ofKind('main');
    expect(main, why).toHaveLength(4);
    // The request after the refused answer carries the check's refusal, once.
    const refused = seenText(main[2]!);
    expect(refused).toContain(
      `Not done yet: the check \`${check}\` fails after your changes (exit 3 in`,
    );
    expect(refused).toContain('greet.txt says "helo", expected "hello"');
    expect(refused).toContain('(Refusal 1 of 3;');
    expect(readFileSync(greet, 'utf8')).toBe('hello\n');
    expect(runs(), why).toBe(2);

    // A question: nothing changed since the check passed, so nothing runs.
    server.script(say('It says hello.'));
    const { run: question, why: whyQuestion } = await runWithHookLog(
      sandbox,
      server,
      'What does greet.txt say?',
      ['--resume', run.result!.session_id],
    );
    expect(question.code, whyQuestion).toBe(0);
    expect(question.result?.result, whyQuestion).toBe('It says hello.');
    expect(runs(), whyQuestion).toBe(2);
  }, 150_000);

  it('after --verify-refusals the answer goes through and the person is told (system message)', async () => {
    const { server, sandbox } = await startClaudeCode([]);
    const greet = join(sandbox.project, 'greet.txt');
    writeFileSync(join(sandbox.project, 'check.mjs'), CHECK_SCRIPT);
    setUpForRealCli('claude-code', sandbox, { verify: ['node check.mjs'], verifyRefusals: 1 });
    const settingsPath = join(sandbox.project, '.claude', 'settings.json');
    const settings = JSON.parse(readFileSync(settingsPath, 'utf8'));
    settings.permissions.allow.push('Write');
    writeFileSync(settingsPath, JSON.stringify(settings, null, 2));
    server.script(
      callTool('Write', { file_path: greet, content: 'helo\n' }),
      say('Done: greet.txt greets.'),
      say('Done, I am sure.'),
    );
    const run = await sandbox.run({
      server,
      prompt: 'Make greet.txt say hello.',
      outputFormat: 'stream-json',
      timeoutMs: 60_000,
    });
    const why = `exit ${run.code}\n${run.stderr}`;
    expect(run.code, why).toBe(0);
    expect(run.result?.result, why).toBe('Done, I am sure.');
    expect(seenText(server.ofKind('main')[2]!), why).toContain('(Refusal 1 of 1;');
    // The Stop hook's systemMessage, shown to the person as a notice, never to the model.
    const notices = run.events.filter((event) => event.subtype === 'informational');
    expect(notices.map((event) => event.content)).toEqual([
      expect.stringMatching(
        /^Stop says: plankeeper: the check `node check\.mjs` still fails \(exit 3 in \d+\.\d s\); the agent's answer went through after 1 refusal\.$/,
      ),
    ]);
    expect(JSON.stringify(server.ofKind('main').map((request) => request.body))).not.toContain(
      'still fails',
    );
  }, 150_000);
});
