/**
 * The editor configurations in the README, run as the editor runs them: its `command` and
 * `args` exactly, with the agent found on PATH. Zed's runs the real Gemini CLI (pinned) in ACP
 * mode, which must answer the editor's `initialize`; JetBrains' agent (`npx
 * @zed-industries/claude-agent-acp`) is not installed here, so an `npx` on PATH that checks
 * its arguments and echoes the lines stands in, to show how the proxy reads that form.
 */
import { chmodSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeminiModelServer } from '../coding-agents/gemini/support/gemini-model-server.js';
import {
  createGeminiSandbox,
  GEMINI_BIN,
  type GeminiSandbox,
  geminiEnv,
} from '../coding-agents/gemini/support/gemini-runner.js';
import { runCli, startCli } from '../support/run-cli.js';

const README = fileURLToPath(new URL('../../../../README.md', import.meta.url));
const ECHO_AGENT = fileURLToPath(new URL('./support/echo-agent.mjs', import.meta.url));
const initialize =
  '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":1,"clientCapabilities":{}}}\n';

interface AgentServer {
  command: string;
  args: string[];
}

/** The one agent server of the JSON block that follows `heading` in the README. */
function readmeConfig(heading: string): AgentServer {
  const text = readFileSync(README, 'utf8');
  const after = text.slice(text.indexOf(heading));
  const block = /```text\n([\s\S]*?)```/.exec(after)?.[1] as string;
  const servers = JSON.parse(block).agent_servers as Record<string, AgentServer>;
  return Object.values(servers)[0] as AgentServer;
}

/** A folder with `name` on it: a shell script running `lines`. */
function commandOnPath(dir: string, name: string, lines: string[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), ['#!/bin/sh', ...lines, ''].join('\n'));
  chmodSync(join(dir, name), 0o755);
}

let sandbox: GeminiSandbox;
let server: GeminiModelServer;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  sandbox = createGeminiSandbox();
  server = await GeminiModelServer.start([]);
  const bin = join(sandbox.root, 'bin');
  commandOnPath(bin, 'gemini', [`exec "${process.execPath}" "${GEMINI_BIN}" "$@"`]);
  commandOnPath(bin, 'npx', [
    '[ "$*" = "@zed-industries/claude-agent-acp" ] || exit 9',
    `exec "${process.execPath}" "${ECHO_AGENT}"`,
  ]);
  const base = geminiEnv(sandbox, server);
  env = { ...base, PATH: `${bin}:${base.PATH}` };
});
afterAll(async () => {
  await server.close();
  sandbox.remove();
});

describe("the README's editor configurations", () => {
  it("Zed's starts the real Gemini CLI behind the proxy, which answers initialize", async () => {
    const config = readmeConfig('Zed, `settings.json`');
    expect(config.command).toBe('plankeeper');
    // Gemini CLI leaves at the end of its input without answering, so the editor waits.
    const proxy = startCli(config.args, { env, cwd: sandbox.project });
    let stdout = '';
    let stderr = '';
    proxy.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise((resolve) => proxy.on('close', resolve));
    const answered = new Promise<string>((resolve) => {
      proxy.stdout.on('data', (chunk) => {
        stdout += chunk;
        if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
      });
    });
    proxy.stdin.write(initialize);
    const answer = JSON.parse(await answered);
    proxy.stdin.end();
    expect(await exited).toBe(0);
    expect(answer).toMatchObject({ id: 0, result: { protocolVersion: 1 } });
    expect(answer.result.agentCapabilities).toBeDefined();
    expect(stderr).not.toContain('plankeeper');
  }, 30_000);

  it("JetBrains' starts `npx @zed-industries/claude-agent-acp` with the store made absolute", async () => {
    const config = readmeConfig('JetBrains IDEs (AI Assistant');
    expect(config.command).toBe('plankeeper');
    const newSession =
      '{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/p","mcpServers":[]}}\n';
    const run = await runCli(config.args, {
      env,
      cwd: sandbox.project,
      input: initialize + newSession,
    });
    expect(run.code, `${run.stderr}|${run.stdout}`).toBe(0);
    const [echoed, forwarded] = run.stdout.split('\n');
    expect(`${echoed}\n`).toBe(initialize);
    const store = `sqlite:${join(realpathSync(sandbox.project), '.plankeeper', 'plans.db')}`;
    expect(JSON.parse(forwarded as string).params.mcpServers[0].args).toEqual(
      expect.arrayContaining(['mcp', '--store', store]),
    );
  });
});
