/**
 * Gemini CLI's hooks as `plankeeper setup gemini` writes them, run as Gemini CLI runs them (the
 * command through the shell, GEMINI_PROJECT_DIR set, the input on stdin), beside the real
 * `plankeeper mcp` server the settings start, reached with the MCP SDK's client: each event
 * goes to that server over the route, never to a process of its own; a stranger without the
 * route's secret gets nothing; a route that is down takes the hook process; a server that hangs
 * gets the neutral answer in time. The test bin notes each event it answers (test-bin/).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxDirs, type SandboxDirs } from '../../support/sandbox-env.js';
import { hookCalls } from '../setup/support/bin.js';
import { setUpForRealCli } from '../setup/support/project.js';

let dirs: SandboxDirs;
let log: string;
let client: Client | undefined;

interface Settings {
  mcpServers: { plankeeper: { command: string; args: string[] } };
  hooks: Record<string, { hooks: { command: string }[] }[]>;
}

beforeEach(() => {
  dirs = createSandboxDirs('plankeeper-route-');
  log = join(dirs.root, 'hooks.log');
  setUpForRealCli('gemini', dirs);
});
afterEach(async () => {
  await client?.close();
  client = undefined;
  rmSync(dirs.root, { recursive: true, force: true });
});

const settings = (): Settings =>
  JSON.parse(readFileSync(join(dirs.project, '.gemini', 'settings.json'), 'utf8'));
const routeFile = () => join(dirs.project, '.plankeeper', 'gemini-hooks.route');
const env = () => ({
  PATH: process.env.PATH ?? '',
  HOME: dirs.home,
  GEMINI_PROJECT_DIR: dirs.project,
  PLANKEEPER_TEST_HOOK_LOG: log,
});

/** The server as the settings start it, in the project, as Gemini CLI starts it. */
async function startServer(): Promise<void> {
  const { command, args } = settings().mcpServers.plankeeper;
  client = new Client({ name: 'gemini-stand-in', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command, args, cwd: dirs.project, env: env(), stderr: 'ignore' }),
  );
  for (let tries = 0; !existsSync(routeFile()) && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Runs the hook setup wrote on `event` with `input`, as Gemini CLI runs a hook command (`bash
 * -c`); its stdout, and how long it took.
 */
function runHook(event: string, input: Record<string, unknown>) {
  const command = settings().hooks[event]![0]!.hooks[0]!.command;
  const started = Date.now();
  const result = spawnSync('bash', ['-c', command], {
    cwd: dirs.project,
    env: env(),
    input: JSON.stringify(input),
    encoding: 'utf8',
    timeout: 15_000,
  });
  return { stdout: result.stdout, stderr: result.stderr, ms: Date.now() - started };
}

const afterTool = {
  session_id: 'g-1',
  cwd: '',
  hook_event_name: 'AfterTool',
  tool_name: 'read_file',
  tool_input: { file_path: 'README.md' },
  tool_response: { llmContent: '# parser' },
};
const routed = () => hookCalls(`${log}.routed`);

describe('Gemini CLI hooks through the resident route', () => {
  it('setup writes the forwarder and commands that run it; the server writes its route for its owner only', async () => {
    const script = join(dirs.project, '.gemini', 'plankeeper-hook.sh');
    expect(readFileSync(script, 'utf8')).toMatch(/^# plankeeper hook forwarder/);
    expect(settings().hooks.AfterTool![0]!.hooks[0]!.command).toMatch(
      /^\. "\$GEMINI_PROJECT_DIR"\/\.gemini\/plankeeper-hook\.sh 9 /,
    );
    await startServer();
    expect(statSync(routeFile()).mode & 0o777).toBe(0o600);
  });

  it('answers each event in the server, starting no hook process', async () => {
    await startServer();
    const answers = [1, 2, 3].map(() => runHook('AfterTool', { ...afterTool, cwd: dirs.project }));
    expect(answers.map((answer) => answer.stdout)).toEqual(['{}\n', '{}\n', '{}\n']);
    expect(routed()).toEqual([
      'hook gemini AfterTool',
      'hook gemini AfterTool',
      'hook gemini AfterTool',
    ]);
    // The log holds every event, routed or by process: here all three were routed.
    expect(hookCalls(log)).toEqual(routed());
  });

  it('closes a connection that does not give the secret, answering nothing', async () => {
    await startServer();
    const [, port] = readFileSync(routeFile(), 'utf8').trim().split(' ');
    const request = `plankeeper-hook 1\nnot-the-secret\n${dirs.project}\n0\n3\nhook\ngemini\nAfterTool\n${JSON.stringify(afterTool)}\x1e`;
    const reply = await new Promise<string>((resolve) => {
      let text = '';
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
      socket.on('data', (chunk) => {
        text += String(chunk);
      });
      socket.on('error', () => resolve(text));
      socket.on('close', () => resolve(text));
    });
    expect(reply).toBe('');
    // The route still serves its owner.
    expect(runHook('AfterTool', { ...afterTool, cwd: dirs.project }).stdout).toBe('{}\n');
    expect(hookCalls(log)).toEqual(['hook gemini AfterTool']);
  });

  it('takes the hook process when no server runs, and when the route names a dead one', () => {
    expect(runHook('AfterTool', { ...afterTool, cwd: dirs.project }).stdout).toBe('{}\n');
    writeFileSync(routeFile(), '999999999 9 secret\n', { mode: 0o600 });
    expect(runHook('AfterTool', { ...afterTool, cwd: dirs.project }).stdout).toBe('{}\n');
    expect(hookCalls(log)).toEqual(['hook gemini AfterTool', 'hook gemini AfterTool']);
    expect(routed()).toEqual([]);
  });

  it('passes a stop with the person’s checks back to the hook process, which runs them in the hook’s environment', async () => {
    setUpForRealCli('gemini', dirs, { verify: ['node -e 0'] });
    await startServer();
    const stop = {
      session_id: 'g-1',
      cwd: dirs.project,
      hook_event_name: 'AfterAgent',
      prompt: 'Write the parser.',
      prompt_response: 'Done.',
      stop_hook_active: false,
    };
    expect(runHook('AfterTool', { ...afterTool, cwd: dirs.project }).stdout).toBe('{}\n');
    expect(runHook('AfterAgent', stop).stdout).toBe('{}\n');
    expect(hookCalls(log)).toEqual(['hook gemini AfterTool', 'hook gemini AfterAgent']);
    expect(routed()).toEqual(['hook gemini AfterTool']);
  });

  it('answers neutrally within its wait when the server hangs', async () => {
    await startServer();
    const [pid] = readFileSync(routeFile(), 'utf8').trim().split(' ');
    process.kill(Number(pid), 'SIGSTOP');
    try {
      const answer = runHook('AfterTool', { ...afterTool, cwd: dirs.project });
      expect(answer.stdout).toBe('{}');
      // The forwarder waits 9 s (the hook's 10 s timeout less one), then answers.
      expect(answer.ms).toBeGreaterThanOrEqual(8_500);
      expect(answer.ms).toBeLessThan(10_000);
    } finally {
      process.kill(Number(pid), 'SIGCONT');
    }
  }, 20_000);
});
