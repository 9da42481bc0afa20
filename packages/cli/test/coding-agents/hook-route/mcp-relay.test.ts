/**
 * OpenCode's MCP server behind the relay `plankeeper setup opencode` writes, without OpenCode:
 * the command from opencode.json, run by the MCP SDK's client in the project as OpenCode runs
 * it, beside the `plankeeper hook opencode --serve` process the plugin keeps. The test bin
 * notes every `plankeeper mcp` process it starts (`<log>.mcp`): none while the resident serves
 * the connection, one each time the relay falls back to the real command.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { PlanEngine } from 'plankeeper';
import { openStore } from 'plankeeper/stores';
import { waitFor } from 'plankeeper/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxDirs, type SandboxDirs } from '../../support/sandbox-env.js';
import { TEST_BIN } from '../setup/support/bin.js';
import { setUpForRealCli } from '../setup/support/project.js';

/** The plugin's session argument: the key OpenCode's plan calls carry. */
const SESSION = { plankeeper_session: 'ses_relay' };

let dirs: SandboxDirs;
let log: string;
let resident: ChildProcess | undefined;
const clients: Client[] = [];

beforeEach(() => {
  dirs = createSandboxDirs('plankeeper-mcp-relay-');
  log = join(dirs.root, 'hooks.log');
  setUpForRealCli('opencode', dirs);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  resident?.kill('SIGKILL');
  resident = undefined;
  rmSync(dirs.root, { recursive: true, force: true });
});

const routeFile = () => join(dirs.project, '.plankeeper', 'opencode-mcp.route');
const mcpProcesses = () =>
  existsSync(`${log}.mcp`) ? readFileSync(`${log}.mcp`, 'utf8').trim().split('\n') : [];
const env = () => ({
  PATH: process.env.PATH ?? '',
  HOME: dirs.home,
  PLANKEEPER_TEST_HOOK_LOG: log,
});

/** The plugin's process, as the plugin starts it: stdin open for as long as OpenCode runs. */
async function startResident(): Promise<ChildProcess> {
  resident = spawn(process.execPath, [TEST_BIN, 'hook', 'opencode', '--serve'], {
    cwd: dirs.project,
    env: env(),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await waitFor(() => existsSync(routeFile()), 'the resident’s route file', 10_000);
  return resident;
}

/** opencode.json's MCP command, run by the SDK's client in the project; resolves once connected. */
async function connect(command = mcpCommand()): Promise<Client> {
  const client = new Client({ name: 'opencode-stand-in', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: command[0]!,
      args: command.slice(1),
      cwd: dirs.project,
      env: env(),
      stderr: 'ignore',
    }),
  );
  clients.push(client);
  return client;
}

function mcpCommand(): string[] {
  const config = JSON.parse(readFileSync(join(dirs.project, 'opencode.json'), 'utf8')) as {
    mcp: { plankeeper: { command: string[] } };
  };
  return config.mcp.plankeeper.command;
}

const writePlan = (client: Client) =>
  client.callTool({
    name: 'todo_write',
    arguments: { todos: [{ content: 'Relay the plan', status: 'in_progress' }], ...SESSION },
  });

async function storedItems(): Promise<string[]> {
  const store = await openStore(`sqlite:${join(dirs.project, '.plankeeper', 'plans.db')}`);
  try {
    const plan = await new PlanEngine({ store }).snapshot({
      agent: 'opencode',
      session: 'ses_relay',
    });
    return plan.items.map((item) => item.content);
  } finally {
    await store.close();
  }
}

describe('OpenCode’s MCP command: the relay to the plugin’s process', () => {
  it('is served by the resident: the tools answer, the plan is stored, no server process starts', async () => {
    await startResident();
    expect(statSync(routeFile()).mode & 0o777).toBe(0o600);
    const client = await connect();
    const tools = await client.listTools();
    expect(tools.tools.map((tool) => tool.name)).toContain('todo_write');
    const result = await writePlan(client);
    expect(JSON.stringify(result.content)).toContain('Relay the plan');
    expect(await storedItems()).toEqual(['Relay the plan']);
    expect(mcpProcesses()).toEqual([]);
    // The relay leaves when its stdin ends, as `plankeeper mcp` does: the client does not
    // wait out its two seconds before a SIGTERM.
    const started = Date.now();
    await clients.pop()!.close();
    expect(Date.now() - started).toBeLessThan(1500);
  }, 30_000);

  it('waits for a resident still starting (the route the plugin wrote as it started it)', async () => {
    // The plugin's note: a live process, port 0. The resident replaces it once it listens.
    const starting = spawn('sleep', ['10']);
    mkdirSync(dirname(routeFile()), { recursive: true });
    writeFileSync(routeFile(), `${starting.pid} 0 -\n`, { mode: 0o600 });
    setTimeout(() => void startResident(), 700);
    try {
      await writePlan(await connect());
    } finally {
      starting.kill();
    }
    expect(await storedItems()).toEqual(['Relay the plan']);
    expect(mcpProcesses()).toEqual([]);
  }, 30_000);

  it('runs plankeeper mcp itself when no resident is there', async () => {
    const client = await connect();
    await writePlan(client);
    expect(await storedItems()).toEqual(['Relay the plan']);
    expect(mcpProcesses()).toEqual(['mcp --for opencode']);
  }, 30_000);

  it('keeps the tools when the resident dies mid-session: the relay starts the server then', async () => {
    const child = await startResident();
    const client = await connect();
    await client.listTools();
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    await waitFor(() => mcpProcesses().length === 1, 'the relay’s own server', 10_000);
    // No second initialize: the server the relay started answers the calls that follow.
    await writePlan(client);
    expect(await storedItems()).toEqual(['Relay the plan']);
  }, 30_000);

  it('does not trust a route it cannot use: a wrong secret, a dead process', async () => {
    await startResident();
    const [pid, port] = readFileSync(routeFile(), 'utf8').trim().split(' ');
    writeFileSync(routeFile(), `${pid} ${port} not-the-secret\n`, { mode: 0o600 });
    await writePlan(await connect());
    writeFileSync(routeFile(), `999999 ${port} whatever\n`, { mode: 0o600 });
    await writePlan(await connect());
    expect(mcpProcesses()).toEqual(['mcp --for opencode', 'mcp --for opencode']);
  }, 30_000);

  it('leaves a command it does not read to that command, which says what is wrong', async () => {
    await startResident();
    const command = [...mcpCommand(), '--tools', 'every-one'];
    await expect(connect(command)).rejects.toThrow();
    expect(mcpProcesses()).toEqual(['mcp --for opencode --tools every-one']);
  }, 30_000);
});
