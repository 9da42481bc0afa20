/**
 * `plankeeper setup <agent> --list NAME`: the written MCP server and hooks name the shared
 * list, and the hooks exactly as written, run as the agent runs them (a process, or a call to
 * the MCP server for Claude Code's mcp_tool hooks), keep the discipline on it: the agent's
 * session id is the owner, the others' work is shown and not the session's to finish.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlanEngine } from 'plankeeper';
import { sharedListKey } from 'plankeeper/harness';
import { openStore } from 'plankeeper/stores';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes.js';
import { runCli } from '../../support/run-cli.js';
import { homeEnv } from '../../support/sandbox-env.js';
import {
  connectServer,
  type HookEntry,
  runHookHandler,
} from '../claude-code/support/mcp-tool-hook.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../claude-code/fixtures/${name}.json`, import.meta.url), 'utf8');
/** The Claude Code session of the fixtures. */
const SESSION = '487a3458-47e5-424b-9467-f9bcde48e9ab';

let root: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pk-setup-list-'));
  mkdirSync(join(root, 'home'));
  env = homeEnv(join(root, 'home'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('plankeeper setup --list', () => {
  it('claude-code: the MCP server and every command hook name the list (the server answers the others); a second run changes nothing', async () => {
    const run = await runCli(['setup', 'claude-code', '--dir', root, '--list', 'team-1.4'], {
      env,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.ok);
    const server = JSON.parse(readFileSync(join(root, '.mcp.json'), 'utf8')).mcpServers.plankeeper;
    expect(server.args.slice(server.args.indexOf('mcp'))).toEqual([
      'mcp',
      '--for',
      'claude-code',
      '--list',
      'team-1.4',
    ]);
    const settings = JSON.parse(readFileSync(join(root, '.claude', 'settings.json'), 'utf8'));
    const hooks = Object.values(settings.hooks as Record<string, HookEntry[]>).flat();
    expect(hooks.length).toBeGreaterThan(3);
    for (const entry of hooks) {
      for (const each of entry.hooks) {
        if (each.type === 'mcp_tool') expect(each).toMatchObject({ server: 'plankeeper' });
        else
          expect([each.command, ...(each.args ?? [])].join(' ')).toMatch(/ --list team-1\.4(\s|$)/);
      }
    }
    expect(hooks.filter((entry) => entry.hooks[0]?.type === 'command')).toHaveLength(1);
    const again = await runCli(['setup', 'claude-code', '--dir', root, '--list', 'team-1.4'], {
      env,
    });
    expect(again.stdout).toBe(`plankeeper setup claude-code: nothing to change in ${root}.\n`);
  });

  it('gemini: the MCP server names the list too', async () => {
    const run = await runCli(['setup', 'gemini', '--dir', root, '--list', 'team'], { env });
    expect(run.code).toBe(EXIT.ok);
    const settings = JSON.parse(readFileSync(join(root, '.gemini', 'settings.json'), 'utf8'));
    expect(settings.mcpServers.plankeeper.args.slice(-2)).toEqual(['--list', 'team']);
  });

  it('refuses a blank or odd list name as a usage error, writing nothing', async () => {
    const run = await runCli(['setup', 'codex', '--dir', root, '--list', 'a b'], { env });
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toBe(
      'plankeeper: --list must be a name of 1 to 100 letters, digits or . _ - : @ +, not "a b".\n',
    );
  });

  it('the hooks as written, run as Claude Code runs them: the session owns its items, sees the others, and is bounced only for its own', async () => {
    await runCli(['setup', 'claude-code', '--dir', root, '--list', 'team'], { env });
    const settings = JSON.parse(readFileSync(join(root, '.claude', 'settings.json'), 'utf8'));
    const mcp = JSON.parse(readFileSync(join(root, '.mcp.json'), 'utf8'));
    // As Claude Code runs its server and hooks: with its project directory, where the store is found.
    const agentEnv = { ...process.env, ...env, CLAUDE_PROJECT_DIR: root } as Record<string, string>;
    const server = await connectServer(mcp.mcpServers.plankeeper, agentEnv);
    onTestFinished(() => server.close());
    const runHook = async (event: string, input: string) => {
      const handler = (settings.hooks[event] as HookEntry[])[0]!.hooks[0]!;
      const answer = await runHookHandler(handler, JSON.parse(input), server, agentEnv);
      expect(answer.failed, answer.text).toBe(false);
      return answer.text;
    };

    // Another session is on #1; this one (the fixtures' session) started #2.
    const store = await openStore(`sqlite:${root}/.plankeeper/plans.db`);
    const key = sharedListKey('team');
    try {
      const engine = new PlanEngine({ store });
      await engine.add(key, [{ content: 'Parse' }, { content: 'Test' }, { content: 'Docs' }]);
      const claim = (id: string, owner: string) =>
        engine.snapshot(key).then((plan) =>
          engine.write(
            key,
            plan.items.map(({ id: each, content, status }) => ({
              id: each,
              content,
              status: each === id ? ('in_progress' as const) : status,
            })),
            { owner },
          ),
        );
      expect((await claim('1', 'sess-other')).ok).toBe(true);
      expect((await claim('2', SESSION)).ok).toBe(true);
    } finally {
      await store.close();
    }

    const prompt = JSON.parse(await runHook('UserPromptSubmit', fixture('UserPromptSubmit')));
    const context = prompt.hookSpecificOutput.additionalContext as string;
    // The current list, not a leftover: a shared list is a standing one.
    expect(context).toBe(
      [
        '### Current todo list (0/3 completed)',
        '- [>] #1 Parse [sess-other]',
        `- [>] #2 Test [${SESSION}]`,
        '- [ ] #3 Docs',
        'Others: sess-other on #1 Parse',
      ].join('\n'),
    );
    await runHook('PostToolUse', fixture('PostToolUse'));
    const stop = JSON.parse(await runHook('Stop', fixture('Stop'))).hookSpecificOutput;
    expect(stop.hookEventName).toBe('Stop');
    expect(stop.additionalContext).toContain('#2 Test; #3 Docs');
    expect(stop.additionalContext).not.toContain('#1');

    // The other session is gone: a person frees its item.
    const list = ['todos', '--store', `sqlite:${root}/.plankeeper/plans.db`, '--list', 'team'];
    const released = await runCli([...list, '--release', 'sess-other']);
    expect(released).toMatchObject({
      code: EXIT.ok,
      stdout: 'Released #1 of sess-other; back to pending.\n',
      stderr: '',
    });
    const again = await runCli([...list, '--release', 'sess-other']);
    expect(again.stdout).toBe('sess-other has no items in progress in team.\n');
    const shown = await runCli(list);
    expect(shown.stdout).toContain(
      `list/team  v4\n### Current todo list (0/3 completed)\n- [ ] #1 Parse\n- [>] #2 Test [${SESSION}]`,
    );
  });
});
