/**
 * `plankeeper setup <agent> --plan-file PLAN.md --max-items N`: the limit goes into the MCP
 * server's arguments and every hook command beside the plan file, `--remove` takes it out
 * with the rest, and a bad value is one line naming the allowed range, writing nothing.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { runCli } from '../../support/run-cli.js';
import { homeEnv } from '../../support/sandbox-env.js';
import type { HookEntry } from '../claude-code/support/mcp-tool-hook.js';

/** The CLI's exit codes: 0 done, 2 bad flags or input. */
const EXIT = { ok: 0, usage: 2 } as const;

let root: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pk-setup-max-items-'));
  mkdirSync(join(root, 'home'));
  env = homeEnv(join(root, 'home'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const setup = (...args: string[]) => runCli(['setup', ...args, '--dir', root], { env });

describe('plankeeper setup --plan-file --max-items', () => {
  it('claude-code: the server and the command hooks get it; --remove takes it out', async () => {
    const run = await setup('claude-code', '--plan-file', 'PLAN.md', '--max-items', '200');
    expect(run.code, run.stderr).toBe(EXIT.ok);
    const server = JSON.parse(readFileSync(join(root, '.mcp.json'), 'utf8')).mcpServers.plankeeper;
    expect(server.args.slice(server.args.indexOf('mcp'))).toEqual([
      'mcp',
      '--for',
      'claude-code',
      '--plan-file',
      'PLAN.md',
      '--max-items',
      '200',
    ]);
    const settings = readFileSync(join(root, '.claude', 'settings.json'), 'utf8');
    const hooks = Object.values(JSON.parse(settings).hooks as Record<string, HookEntry[]>).flat();
    const commands = hooks.flatMap((entry) =>
      entry.hooks
        .filter((each) => each.type === 'command')
        .map((each) => [each.command, ...(each.args ?? [])].join(' ')),
    );
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands)
      expect(command).toMatch(/ --plan-file PLAN\.md --max-items 200(\s|$)/);

    const removed = await setup('claude-code', '--remove');
    expect(removed.code, removed.stderr).toBe(EXIT.ok);
    expect(existsSync(join(root, '.mcp.json'))).toBe(false);
  });

  it('codex: the server in config.toml and the hooks get it', async () => {
    const run = await setup('codex', '--plan-file', 'PLAN.md', '--max-items', '50');
    expect(run.code, run.stderr).toBe(EXIT.ok);
    const config = readFileSync(join(root, 'home', '.codex', 'config.toml'), 'utf8');
    expect(config).toContain('"--plan-file", "PLAN.md", "--max-items", "50"');
    const hooks = readFileSync(join(root, 'home', '.codex', 'hooks.json'), 'utf8');
    expect(hooks).toContain('--plan-file PLAN.md --max-items 50');
  });

  it.each(['0', '-3', '1.5', 'abc', '10001'])(
    'refuses --max-items %s in one line, writing nothing',
    async (value) => {
      const run = await setup('claude-code', '--plan-file', 'PLAN.md', `--max-items=${value}`);
      expect(run.stderr).toBe(
        `plankeeper: setup: --max-items must be a whole number from 1 to 10,000, not "${value}".\n`,
      );
      expect(run.code).toBe(EXIT.usage);
      expect(existsSync(join(root, '.mcp.json'))).toBe(false);
    },
  );

  it('refuses --max-items without --plan-file', async () => {
    const run = await setup('claude-code', '--max-items', '50');
    expect(run.stderr).toBe('plankeeper: setup: --max-items applies only with --plan-file PATH.\n');
    expect(run.code).toBe(EXIT.usage);
  });
});
