/**
 * `plankeeper acp` at its edges, without a model: usage errors, an agent that cannot start,
 * and lines the proxy cannot read, which go through unchanged.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const ECHO_AGENT = fileURLToPath(new URL('./support/echo-agent.mjs', import.meta.url));
const BIN = fileURLToPath(new URL('../../../../bin/plankeeper.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'plankeeper-acp-'));
const store = `sqlite:${join(root, 'plans.db')}`;
afterAll(() => rmSync(root, { recursive: true, force: true }));

const initialize =
  '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":1}}\n';

describe('plankeeper acp usage', () => {
  it('refuses a missing agent command in one line, exit 2', async () => {
    const withoutDashes = [
      ['acp', 'gemini', '--experimental-acp'],
      ['acp', 'gemini'],
      ['acp', '--approval', 'gemini'],
    ];
    for (const args of [['acp'], ['acp', '--store', store], ['acp', '--'], ...withoutDashes]) {
      const run = await runCli(args, { input: '' });
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        'plankeeper: acp: name the agent command after --, e.g. plankeeper acp -- gemini --experimental-acp\n',
      );
    }
  });

  it('refuses a word before -- that is not one of its options, naming it', async () => {
    for (const word of ['--stor', 'gemini']) {
      const run = await runCli(['acp', word, store, '--', 'gemini', '--experimental-acp'], {
        input: '',
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `plankeeper: acp: "${word}" is not an option of plankeeper acp (see plankeeper acp --help); the agent command goes after --.\n`,
      );
    }
  });

  it('refuses a memory store, which the editor could never see', async () => {
    const run = await runCli(['acp', '--store', 'memory', '--', 'gemini'], { input: '' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^plankeeper: acp: --store memory lives inside the MCP server/);
  });

  it('refuses a flag value mcp would refuse', async () => {
    const run = await runCli(['acp', '--store', store, '--discipline', 'lax', '--', 'gemini'], {
      input: '',
    });
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')).toHaveLength(2);
  });
});

describe('plankeeper acp with an agent that cannot start', () => {
  it("answers the editor's initialize with a JSON-RPC error and says why on stderr", async () => {
    const run = await runCli(['acp', '--store', store, '--', join(root, 'no-such-agent')], {
      input: initialize,
    });
    expect(run.code).toBe(1);
    const message = `plankeeper acp: cannot start the agent "${join(root, 'no-such-agent')}" (ENOENT); check the command after --.`;
    expect(run.stderr).toBe(`${message}\n`);
    expect(JSON.parse(run.stdout)).toEqual({
      jsonrpc: '2.0',
      id: 0,
      error: { code: -32603, message },
    });
  });

  it('says it in Chinese with --lang zh', async () => {
    const run = await runCli(['acp', '--lang', 'zh', '--store', store, '--', join(root, 'none')], {
      input: initialize,
    });
    expect(run.stderr).toMatch(
      /^plankeeper acp：无法启动代理“.+none”（ENOENT）；请检查 -- 之后的命令。\n$/,
    );
  });
});

describe('plankeeper acp when the agent exits', () => {
  it("exits with the agent's code while the editor's side is still open", async () => {
    const agent = [process.execPath, '-e', 'setTimeout(() => process.exit(3), 200)'];
    const proxy = spawn(process.execPath, [BIN, 'acp', '--store', store, '--', ...agent]);
    const started = Date.now();
    const code = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve('still running'), 5_000);
      proxy.on('close', (exit) => {
        clearTimeout(timer);
        resolve(exit);
      });
    });
    proxy.kill();
    expect(code).toBe(3);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('plankeeper acp passing lines through', () => {
  it('forwards lines it cannot read unchanged, both ways, and adds the server to session/new', async () => {
    const odd = ['not json at all\n', '{"id":\n', '[1,2]\n', '{"method":"session/new"}\r\n', '\n'];
    const newSession =
      '{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/p","mcpServers":[]}}\n';
    const input = [initialize, ...odd, newSession, 'last line without newline'].join('');
    const run = await runCli(['acp', '--store', store, '--', process.execPath, ECHO_AGENT], {
      input,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const lines = run.stdout.split(/(?<=\n)/);
    expect(lines.slice(0, 1 + odd.length)).toEqual([initialize, ...odd]);
    const forwarded = JSON.parse(lines[1 + odd.length] as string);
    expect(forwarded.params.mcpServers).toEqual([
      {
        name: 'plankeeper',
        command: process.execPath,
        args: expect.arrayContaining(['mcp', '--store', store, '--agent', 'acp', '--session']),
        env: [],
      },
    ]);
    expect(lines.at(-1)).toBe('last line without newline');
  });
});
