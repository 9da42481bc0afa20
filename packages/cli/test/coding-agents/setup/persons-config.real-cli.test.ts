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
import { describe, expect, it } from 'vitest';
import { hookEvents } from './support/bin.js';
import {
  runWithHookLog,
  SMOKE_SCRIPT,
  startClaudeCode,
} from './support/claude-code-after-setup.js';
import { IN_PROGRESS_LINE } from './support/expected-answers.js';
import { setUpForRealCli } from './support/project.js';

describe('Claude Code on a person’s own configuration after setup (real CLI)', () => {
  it('runs plankeeper and the person’s own Stop hook; the link and mode stay; --remove restores the bytes', async () => {
    const { server, sandbox } = await startClaudeCode(SMOKE_SCRIPT);
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

    setUpForRealCli('claude-code', sandbox);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(statSync(dotfile).mode & 0o777).toBe(0o600);

    const { run, log, why } = await runWithHookLog(sandbox, server, 'Write and test the parser.');
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

    setUpForRealCli('claude-code', sandbox, { remove: true });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(dotfile, 'utf8')).toBe(own);
    expect(statSync(dotfile).mode & 0o777).toBe(0o600);
  }, 90_000);
});
