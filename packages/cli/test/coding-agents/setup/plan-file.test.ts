/**
 * `plankeeper setup <agent> --plan-file PLAN.md`: the written MCP server and hooks name the
 * file by its path in the project (portable), and the hooks exactly as written, run as the
 * agent runs them (a process, or a call to the MCP server for Claude Code's mcp_tool hooks),
 * read the plan from the file: a person's edit made in the editor is what the reminders and
 * the finish check see.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';

import { runCli } from '../../support/run-cli.js';
import { homeEnv } from '../../support/sandbox-env.js';
import {
  connectServer,
  type HookEntry,
  runHookHandler,
} from '../claude-code/support/mcp-tool-hook.js';

/** The CLI's exit codes: 0 done, 2 bad flags or input. */
const EXIT = { ok: 0, usage: 2 } as const;

const fixture = (name: string) =>
  readFileSync(new URL(`../claude-code/fixtures/${name}.json`, import.meta.url), 'utf8');

let root: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pk-setup-plan-file-'));
  mkdirSync(join(root, 'home'));
  env = homeEnv(join(root, 'home'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('plankeeper setup --plan-file', () => {
  it('claude-code and codex: the server and the command hooks name PLAN.md relative to the project; a second run changes nothing', async () => {
    const run = await runCli(['setup', 'claude-code', '--dir', root, '--plan-file', 'PLAN.md'], {
      env,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.ok);
    const server = JSON.parse(readFileSync(join(root, '.mcp.json'), 'utf8')).mcpServers.plankeeper;
    expect(server.args.slice(server.args.indexOf('mcp'))).toEqual([
      'mcp',
      '--for',
      'claude-code',
      '--plan-file',
      'PLAN.md',
    ]);
    const settings = readFileSync(join(root, '.claude', 'settings.json'), 'utf8');
    expect(settings).not.toContain(root);
    const hooks = Object.values(JSON.parse(settings).hooks as Record<string, HookEntry[]>).flat();
    for (const entry of hooks) {
      for (const each of entry.hooks) {
        if (each.type === 'command')
          expect([each.command, ...(each.args ?? [])].join(' ')).toMatch(
            / --plan-file PLAN\.md(\s|$)/,
          );
      }
    }
    const again = await runCli(['setup', 'claude-code', '--dir', root, '--plan-file', 'PLAN.md'], {
      env,
    });
    expect(again.stdout).toBe(`plankeeper setup claude-code: nothing to change in ${root}.\n`);

    // An absolute path inside the project is written relative to it too.
    const codex = await runCli(
      ['setup', 'codex', '--dir', root, '--plan-file', join(root, 'docs', 'PLAN.md')],
      { env },
    );
    expect(codex.code, codex.stderr).toBe(EXIT.ok);
    const config = readFileSync(join(root, 'home', '.codex', 'config.toml'), 'utf8');
    expect(config).toContain('"--plan-file", "docs/PLAN.md"');
  });

  it('refuses --plan-file with --list as a usage error, writing nothing', async () => {
    const run = await runCli(
      ['setup', 'codex', '--dir', root, '--plan-file', 'PLAN.md', '--list', 'team'],
      { env },
    );
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toBe(
      'plankeeper: --plan-file names the shared list itself; leave out --list.\n',
    );
  });

  it("the hooks as written, run as Claude Code runs them, read a person's edits of the file", async () => {
    await runCli(['setup', 'claude-code', '--dir', root, '--plan-file', 'PLAN.md'], { env });
    const settings = JSON.parse(readFileSync(join(root, '.claude', 'settings.json'), 'utf8'));
    const mcp = JSON.parse(readFileSync(join(root, '.mcp.json'), 'utf8'));
    const agentEnv = { ...process.env, ...env, CLAUDE_PROJECT_DIR: root } as Record<string, string>;
    const server = await connectServer(mcp.mcpServers.plankeeper, agentEnv);
    onTestFinished(() => server.close());
    const runHook = async (event: string, input: string) => {
      const handler = (settings.hooks[event] as HookEntry[])[0]!.hooks[0]!;
      const answer = await runHookHandler(handler, JSON.parse(input), server, agentEnv);
      expect(answer.failed, answer.text).toBe(false);
      return answer.text;
    };
    const file = join(root, 'PLAN.md');
    writeFileSync(file, '# Plan\n\n- [ ] #1 Parse\n- [ ] #2 Test\n- [ ] Docs\n');

    const prompt = JSON.parse(await runHook('UserPromptSubmit', fixture('UserPromptSubmit')));
    expect(prompt.hookSpecificOutput.additionalContext).toBe(
      [
        '### Current todo list (0/3 completed)',
        '- [ ] #1 Parse',
        '- [ ] #2 Test',
        '- [ ] #3 Docs',
      ].join('\n'),
    );
    // The line without an id got one in the file.
    expect(readFileSync(file, 'utf8')).toBe(
      '# Plan\n\n- [ ] #1 Parse\n- [ ] #2 Test\n- [ ] #3 Docs\n',
    );

    // Ana, in her editor: #1 done, #3 dropped. The finish check names only #2.
    writeFileSync(file, '# Plan\n\n- [x] #1 Parse\n- [ ] #2 Test\n- [-] #3 Docs\n');
    await runHook('PostToolUse', fixture('PostToolUse'));
    const stop = JSON.parse(await runHook('Stop', fixture('Stop'))).hookSpecificOutput;
    expect(stop.hookEventName).toBe('Stop');
    expect(stop.additionalContext).toContain('#2 Test');
    expect(stop.additionalContext).not.toContain('#3');
    expect(stop.additionalContext).not.toContain('#1');

    // The command hook (SessionStart) opens the file itself.
    writeFileSync(file, '# Plan\n\n- [x] #1 Parse\n- [>] #2 Test\n- [-] #3 Docs\n- [ ] Release\n');
    await runHook('SessionStart', fixture('SessionStart'));
    expect(readFileSync(file, 'utf8')).toContain('- [ ] #4 Release\n');
  });
});
