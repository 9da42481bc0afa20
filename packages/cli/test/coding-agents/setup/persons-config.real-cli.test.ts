/**
 * The real Claude Code CLI on a person's own configuration after `plankeeper setup
 * claude-code`: their `.claude/settings.json` is a 0600 link into a dotfiles folder and holds
 * a Stop hook whose command mentions plankeeper and the allow rule `mcp__plankeeper` they had
 * already. After setup the agent starts, runs plankeeper's tools and hooks and still runs the
 * person's own hook; the link and the mode stay; `--remove` gives back the dotfile's bytes.
 */
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setup } from '../../../src/coding-agents/setup/index.js';
import { ClaudeSandbox } from '../claude-code/support/claude-runner.js';
import {
  callTool,
  ScriptedAnthropicServer,
  say,
} from '../claude-code/support/scripted-anthropic-server.js';
import { hookEvents, TEST_BIN } from './support/bin.js';
import { HONEST_ANSWER, IN_PROGRESS_LINE, SMOKE_PLAN } from './support/expected-answers.js';

let server: ScriptedAnthropicServer | undefined;
let sandbox: ClaudeSandbox | undefined;
afterEach(async () => {
  await server?.close();
  await sandbox?.dispose();
});

describe('Claude Code on a person’s own configuration after setup (real CLI)', () => {
  it('runs plankeeper and the person’s own Stop hook; the link and mode stay; --remove restores the bytes', async () => {
    server = await ScriptedAnthropicServer.start([
      callTool('mcp__plankeeper__todo_write', SMOKE_PLAN),
      say('The plan is written.'),
      say(HONEST_ANSWER),
    ]);
    sandbox = await ClaudeSandbox.create();
    const audit = join(sandbox.root, 'audit.log');
    const dotfiles = join(sandbox.root, 'dotfiles');
    mkdirSync(dotfiles);
    const dotfile = join(dotfiles, 'claude-settings.json');
    const own = `${JSON.stringify(
      {
        permissions: { allow: ['mcp__plankeeper'] },
        hooks: {
          Stop: [
            {
              hooks: [
                {
                  type: 'command',
                  command: `echo 'plankeeper hook claude-code Stop fired' >> ${audit}`,
                },
              ],
            },
          ],
        },
      },
      null,
      2,
    )}\n`;
    writeFileSync(dotfile, own, { mode: 0o600 });
    chmodSync(dotfile, 0o600);
    mkdirSync(join(sandbox.project, '.claude'));
    const link = join(sandbox.project, '.claude', 'settings.json');
    symlinkSync(dotfile, link);

    setup({
      agent: 'claude-code',
      dir: sandbox.project,
      bin: TEST_BIN,
      env: { HOME: sandbox.home },
    });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(statSync(dotfile).mode & 0o777).toBe(0o600);

    const log = join(sandbox.root, 'hooks.log');
    const run = await sandbox.run({
      server,
      prompt: 'Write and test the parser.',
      timeoutMs: 60_000,
      env: { PLANKEEPER_TEST_HOOK_LOG: log },
    });
    const why = `exit ${run.code}\n${run.stderr}\nhooks run: ${hookEvents(log).join(', ')}`;
    expect(run.timedOut, why).toBe(false);
    expect(run.code, why).toBe(0);
    expect(run.result?.permission_denials, why).toEqual([]);
    const result = server.toolResult(server.steps[0]!.toolCalls[0]!.id);
    expect(result?.isError, why).toBe(false);
    expect(result?.text, why).toContain(IN_PROGRESS_LINE);
    expect(hookEvents(log), why).toContain('hook claude-code Stop');
    // The person's own hook, though its command mentions plankeeper, is still there and ran.
    expect(existsSync(audit), why).toBe(true);
    expect(readFileSync(audit, 'utf8')).toContain('plankeeper hook claude-code Stop fired');

    setup({
      agent: 'claude-code',
      dir: sandbox.project,
      bin: TEST_BIN,
      env: { HOME: sandbox.home },
      remove: true,
    });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(dotfile, 'utf8')).toBe(own);
    expect(statSync(dotfile).mode & 0o777).toBe(0o600);
  }, 90_000);
});
