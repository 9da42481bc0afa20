/** `plankeeper setup` as a person runs it: the built CLI, its output and exit codes. */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes.js';
import { runCli } from '../../support/run-cli.js';
import { homeEnv } from '../../support/sandbox-env.js';

/** The bin a global install links onto PATH. */
const PLANKEEPER_BIN_PATH = fileURLToPath(new URL('../../../bin/plankeeper.js', import.meta.url));

let root: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'pk-setup-cli-'));
  mkdirSync(join(root, 'home'));
  env = homeEnv(join(root, 'home'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('plankeeper setup (CLI)', () => {
  it('sets up the current directory by default; plankeeper not installed (a checkout): the running node and this bin, and says so', async () => {
    // PATH without a plankeeper: as in a checkout run by `node bin/plankeeper.js`.
    const bare = { ...env, PATH: [dirname(process.execPath), '/usr/bin', '/bin'].join(':') };
    const run = await runCli(['setup', 'gemini'], { cwd: root, env: bare });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.ok);
    expect(run.stdout).toContain(`plankeeper setup gemini in ${root}`);
    expect(run.stdout).toContain('plankeeper is not installed here');
    const settings = JSON.parse(readFileSync(join(root, '.gemini', 'settings.json'), 'utf8'));
    const [node, bin] = [
      settings.mcpServers.plankeeper.command,
      settings.mcpServers.plankeeper.args[0],
    ];
    // No `plankeeper` on PATH: the undo it prints starts this node and bin, as the files do.
    expect(run.stdout).toContain(`To undo: ${node} ${bin} setup gemini --remove --dir ${root}`);
    expect(node).toBe(process.execPath);
    expect(bin).toMatch(/packages\/cli\/bin\/plankeeper\.js$/);
    expect(existsSync(bin)).toBe(true);
    const again = await runCli(['setup', 'gemini', '--dir', root], { env: bare });
    expect(again.stdout).toBe(`plankeeper setup gemini: nothing to change in ${root}.\n`);
  });

  it('plankeeper installed globally (the one on PATH): the files start `plankeeper` and name no directory', async () => {
    const globalBin = join(root, 'global-bin');
    mkdirSync(globalBin);
    symlinkSync(PLANKEEPER_BIN_PATH, join(globalBin, 'plankeeper'));
    const installed = {
      ...env,
      PATH: [globalBin, dirname(process.execPath), '/usr/bin', '/bin'].join(':'),
    };
    const run = await runCli(['setup', 'claude-code'], { cwd: root, env: installed });
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(run.stdout).not.toContain('not installed here');
    expect(run.stdout).toContain(`To undo: plankeeper setup claude-code --remove --dir ${root}`);
    const mcp = readFileSync(join(root, '.mcp.json'), 'utf8');
    const settings = readFileSync(join(root, '.claude', 'settings.json'), 'utf8');
    expect(JSON.parse(mcp).mcpServers.plankeeper).toMatchObject({
      command: 'plankeeper',
      args: ['mcp', '--for', 'claude-code'],
    });
    for (const text of [mcp, settings]) {
      expect(text).not.toContain(root);
      expect(text).not.toContain(process.execPath);
    }
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
      'plankeeper: setup: unknown agent "cursor"; use one of claude-code, codex, gemini, opencode, copilot, pi.\n',
    );
    // A near miss is named from the registry.
    const near = await runCli(['setup', 'claude', '--dir', root], { env });
    expect(near.code).toBe(EXIT.usage);
    expect(near.stderr).toBe(
      'plankeeper: setup: unknown agent "claude"; did you mean "claude-code"? Use one of claude-code, codex, gemini, opencode, copilot, pi.\n',
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
