/**
 * Two Codex sessions in one project, without Codex: two `plankeeper mcp` servers as
 * `plankeeper setup codex` configures them, started in the project as Codex starts them. The
 * later one's route wins; when it ends, the one still running writes its own route again, so
 * the hooks (run through `sh -c` and `bash -c`, the login shells Codex runs them with) still
 * reach a server and start no process. The test bin notes each event (test-bin/).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { waitFor } from 'plankeeper/test';
import { parse } from 'smol-toml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxDirs, homeEnv, type SandboxDirs } from '../../support/sandbox-env.js';
import { hookCalls } from '../setup/support/bin.js';
import { setUpForRealCli } from '../setup/support/project.js';

let dirs: SandboxDirs;
let log: string;
const clients: Client[] = [];

beforeEach(() => {
  dirs = createSandboxDirs('plankeeper-hand-over-');
  log = join(dirs.root, 'hooks.log');
  setUpForRealCli('codex', dirs);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  rmSync(dirs.root, { recursive: true, force: true });
});

const codexHome = () => homeEnv(dirs.home).CODEX_HOME;
const routeFile = () => join(dirs.project, '.plankeeper', 'codex-hooks.route');
/** The pid the route names, if there is one. */
const routePid = () =>
  existsSync(routeFile()) ? Number(readFileSync(routeFile(), 'utf8').split(' ')[0]) : undefined;
/** Codex gives its MCP servers HOME and PATH; its hooks get its own environment. */
const env = () => ({
  PATH: process.env.PATH ?? '',
  HOME: dirs.home,
  PLANKEEPER_TEST_HOOK_LOG: log,
});

/** A server as config.toml starts it, in the project, as Codex starts it; resolves its client. */
async function startServer(): Promise<Client> {
  const config = parse(readFileSync(join(codexHome(), 'config.toml'), 'utf8')) as {
    mcp_servers: { plankeeper: { command: string; args: string[] } };
  };
  const { command, args } = config.mcp_servers.plankeeper;
  const client = new Client({ name: 'codex-stand-in', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command, args, cwd: dirs.project, env: env(), stderr: 'ignore' }),
  );
  clients.push(client);
  return client;
}

/** Runs setup's PostToolUse hook through `shell -c`, as Codex runs it; its stdout. */
function postToolUse(shell: string): string {
  const hooks = JSON.parse(readFileSync(join(codexHome(), 'hooks.json'), 'utf8')).hooks;
  const input = {
    session_id: 's-1',
    turn_id: 't-1',
    transcript_path: null,
    cwd: dirs.project,
    hook_event_name: 'PostToolUse',
    model: 'gpt-test',
    permission_mode: 'bypassPermissions',
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
    tool_response: 'README.md',
    tool_use_id: 'call-1',
  };
  return spawnSync(shell, ['-c', hooks.PostToolUse[0].hooks[0].command], {
    cwd: dirs.project,
    env: env(),
    input: JSON.stringify(input),
    encoding: 'utf8',
    timeout: 15_000,
  }).stdout;
}

describe('the route of two servers in one project', () => {
  it('when the server whose route it is ends, the other writes its own and answers the hooks', async () => {
    await startServer();
    await waitFor(() => routePid() !== undefined, 'the first route');
    const first = routePid();
    const second = await startServer();
    await waitFor(() => routePid() !== first, 'the second server to take the route');
    await second.close();
    // The second took its route along; the first writes its own again within a second.
    await waitFor(() => routePid() === first, 'the first server to write its route again', 3000);
    expect(postToolUse('sh')).toBe(postToolUse('bash'));
    const events = ['hook codex PostToolUse', 'hook codex PostToolUse'];
    expect(hookCalls(`${log}.routed`)).toEqual(events);
    expect(hookCalls(log)).toEqual(events);
  }, 20_000);

  it('replaces a route that names a process no longer running, and leaves a live one', async () => {
    await startServer();
    await waitFor(() => routePid() !== undefined, 'the route');
    const live = routePid();
    writeFileSync(routeFile(), '999999999 9 secret\n', { mode: 0o600 });
    await waitFor(() => routePid() === live, 'the server to write its route again', 3000);
    // A live process's route stays: this test's own, as another server's would.
    const other = `${process.pid} 9 secret\n`;
    writeFileSync(routeFile(), other, { mode: 0o600 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(readFileSync(routeFile(), 'utf8')).toBe(other);
  }, 20_000);
});
