/** `plankeeper setup` as a person runs it: the built CLI, its output and exit codes. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes.js';
import { runCli } from '../../support/run-cli.js';
import { homeEnv } from '../../support/sandbox-env.js';

let root: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pk-setup-cli-'));
  mkdirSync(join(root, 'home'));
  env = homeEnv(join(root, 'home'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('plankeeper setup (CLI)', () => {
  it('sets up the current directory by default, with the running node and this bin', async () => {
    const run = await runCli(['setup', 'gemini'], { cwd: root, env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.ok);
    expect(run.stdout).toContain(`plankeeper setup gemini in ${root}`);
    expect(run.stdout).toContain(`To undo: plankeeper setup gemini --remove --dir ${root}`);
    const settings = JSON.parse(readFileSync(join(root, '.gemini', 'settings.json'), 'utf8'));
    const [node, bin] = [
      settings.mcpServers.plankeeper.command,
      settings.mcpServers.plankeeper.args[0],
    ];
    expect(node).toBe(process.execPath);
    expect(bin).toMatch(/packages\/cli\/bin\/plankeeper\.js$/);
    expect(existsSync(bin)).toBe(true);
    const again = await runCli(['setup', 'gemini', '--dir', root], { env });
    expect(again.stdout).toBe(`plankeeper setup gemini: nothing to change in ${root}.\n`);
  });

  it('malformed config: one line naming the file, nothing written, exit 3, no stack trace', async () => {
    writeFileSync(join(root, '.mcp.json'), '{"mcpServers": ');
    const run = await runCli(['setup', 'claude-code', '--dir', root], { env });
    expect(run.code).toBe(EXIT.config);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `^plankeeper: ${root}/\\.mcp\\.json: not valid JSON \\(.+\\); fix or move the file, then run setup again \\(nothing was written\\)\\n$`,
      ),
    );
    expect(existsSync(join(root, '.claude'))).toBe(false);
    expect(existsSync(join(root, '.plankeeper'))).toBe(false);
  });

  it('rejects a bad --store, an unknown agent and an unknown --lang as usage errors', async () => {
    const store = await runCli(['setup', 'codex', '--dir', root, '--store', 'mysql://x'], { env });
    expect(store.code).toBe(EXIT.usage);
    expect(store.stderr).toMatch(/^plankeeper: --store: /);
    const agent = await runCli(['setup', 'cursor', '--dir', root], { env });
    expect(agent.code).toBe(EXIT.usage);
    expect(agent.stderr).toBe(
      'plankeeper: setup: unknown agent "cursor"; use one of claude-code, codex, gemini, opencode.\n',
    );
    // A near miss is named from the registry.
    const near = await runCli(['setup', 'claude', '--dir', root], { env });
    expect(near.code).toBe(EXIT.usage);
    expect(near.stderr).toBe(
      'plankeeper: setup: unknown agent "claude"; did you mean "claude-code"? Use one of claude-code, codex, gemini, opencode.\n',
    );
    const typo = await runCli(['setup', 'gemeni', '--dir', root], { env });
    expect(typo.stderr).toContain('did you mean "gemini"?');
    const lang = await runCli(['setup', 'codex', '--dir', root, '--lang', 'fr'], { env });
    expect(lang.code).toBe(EXIT.usage);
    expect(existsSync(join(root, 'home', '.codex'))).toBe(false);
  });

  it('a store it cannot open (dead Redis, wrong password): one line, password masked, exit 3, nothing written', async () => {
    const run = await runCli(
      ['setup', 'claude-code', '--dir', root, '--store', 'redis://team:s3cret@127.0.0.1:1/2'],
      { env },
    );
    expect(run.code).toBe(EXIT.config);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('127.0.0.1:1');
    expect(run.stderr).not.toContain('s3cret');
    expect(existsSync(join(root, '.mcp.json'))).toBe(false);
    expect(existsSync(join(root, '.claude'))).toBe(false);
    expect(existsSync(join(root, '.plankeeper'))).toBe(false);
  });
});
