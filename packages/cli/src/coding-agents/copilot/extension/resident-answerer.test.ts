/**
 * Copilot CLI's extension beside the MCP server `plankeeper setup copilot` configures for it
 * (`.github/mcp.json`, `--for copilot`), started in the project as Copilot starts it and reached
 * with the MCP SDK's client: the extension's events go to that server over its route and start
 * no plankeeper process; with no server they go to one `hook copilot --serve`; a stop that runs
 * the person's checks is passed back to it. The extension's asking is run here from its source,
 * with the settings setup wrote at the top of the extension file (Copilot's own loading of the
 * file is the real-CLI tests').
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hookCalls } from '../../../../test/coding-agents/setup/support/bin.js';
import { setUpForRealCli } from '../../../../test/coding-agents/setup/support/project.js';
import {
  createSandboxDirs,
  homeEnv,
  type SandboxDirs,
} from '../../../../test/support/sandbox-env.js';
import { withPlanEngine } from '../../../../test/support/seeded-store.js';
import type { ExtensionSettings } from './extension-settings.js';
import { residentAnswerer } from './resident-answerer.js';

const EXTENSIONS_ON = { COPILOT_CLI_ENABLED_FEATURE_FLAGS: 'EXTENSIONS' };

let dirs: SandboxDirs;
let log: string;
let client: Client | undefined;
const saved = process.env.PLANKEEPER_TEST_HOOK_LOG;

beforeEach(() => {
  dirs = createSandboxDirs('plankeeper-copilot-route-');
  log = join(dirs.root, 'hooks.log');
  // The extension's `--serve` and the server both log through the test bin.
  process.env.PLANKEEPER_TEST_HOOK_LOG = log;
});
afterEach(async () => {
  await client?.close();
  client = undefined;
  if (saved === undefined) delete process.env.PLANKEEPER_TEST_HOOK_LOG;
  else process.env.PLANKEEPER_TEST_HOOK_LOG = saved;
  rmSync(dirs.root, { recursive: true, force: true });
});

function setUp(verify?: string[]): ExtensionSettings {
  setUpForRealCli('copilot', dirs, {
    env: { ...homeEnv(dirs.home), ...EXTENSIONS_ON },
    ...(verify && { verify }),
  });
  const file = readFileSync(
    join(dirs.project, '.github/extensions/plankeeper/extension.mjs'),
    'utf8',
  );
  const setting = (name: string) =>
    JSON.parse(new RegExp(`^const ${name} = (.*);$`, 'm').exec(file)![1]!) as never;
  return {
    command: setting('COMMAND'),
    options: setting('OPTIONS'),
    events: setting('EVENTS'),
    stopTimeoutMs: setting('STOP_TIMEOUT_MS'),
  };
}

/** The server as `.github/mcp.json` starts it, in the project; resolves once its route is up. */
async function startServer(): Promise<void> {
  const config = JSON.parse(readFileSync(join(dirs.project, '.github/mcp.json'), 'utf8'));
  const { command, args } = config.mcpServers.plankeeper as { command: string; args: string[] };
  expect(args).toContain('--for');
  client = new Client({ name: 'copilot-stand-in', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command,
      args,
      cwd: dirs.project,
      env: { PATH: process.env.PATH ?? '', HOME: dirs.home, PLANKEEPER_TEST_HOOK_LOG: log },
      stderr: 'ignore',
    }),
  );
  const route = join(dirs.project, '.plankeeper', 'copilot-hooks.route');
  for (let tries = 0; !existsSync(route) && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const prompt = (sessionId: string) => ({
  sessionId,
  timestamp: 1796272432877,
  cwd: dirs.project,
  prompt: 'Write the parser.',
});
const postToolUse = (sessionId: string) => ({
  sessionId,
  timestamp: 1796272432877,
  cwd: dirs.project,
  toolName: 'view',
  toolArgs: { path: 'README.md' },
  toolResult: { resultType: 'success', textResultForLlm: '# parser' },
});

/** A plan under Copilot's session `sessionId`, in the project's store. */
const writePlan = (sessionId: string) =>
  withPlanEngine(`sqlite:${join(dirs.project, '.plankeeper', 'plans.db')}`, (engine) =>
    engine.write({ agent: 'copilot', session: sessionId }, [
      { content: 'Write the parser', status: 'in_progress' },
      { content: 'Test it', status: 'pending' },
    ]),
  );

/** What a `plankeeper hook copilot <event>` process of its own prints for `input`. */
function oneShot(settings: ExtensionSettings, event: string, input: object): object | undefined {
  const [, ...args] = settings.command;
  const done = spawnSync(process.execPath, [...args, event, ...settings.options], {
    cwd: dirs.project,
    input: JSON.stringify(input),
    encoding: 'utf8',
    env: { ...process.env, HOME: dirs.home, PLANKEEPER_TEST_HOOK_LOG: '' },
  });
  return done.stdout.trim() === '' ? undefined : JSON.parse(done.stdout);
}

describe('Copilot’s extension and the MCP server Copilot started', () => {
  it('answers every event in the server, over its route, starting no plankeeper process', async () => {
    const settings = setUp();
    expect(settings.command.at(-2)).toBe('hook');
    await startServer();
    await writePlan('s-1');
    await writePlan('s-2');
    const ask = residentAnswerer(settings, dirs.project, () => {});
    // The plan shown at the prompt, and the reminder after three tool calls without its update.
    const answers = [];
    answers.push(await ask('userPromptSubmitted', prompt('s-1')));
    for (let call = 0; call < 4; call++) answers.push(await ask('postToolUse', postToolUse('s-1')));
    // The same answers as hook processes of their own give, in a session of their own.
    const expected = [oneShot(settings, 'userPromptSubmitted', prompt('s-2'))];
    for (let call = 0; call < 4; call++) {
      expected.push(oneShot(settings, 'postToolUse', postToolUse('s-2')));
    }
    expect(answers).toEqual(expected);
    expect(JSON.stringify(answers[0])).toContain('Write the parser');
    expect(answers.filter((answer) => answer !== undefined).length).toBeGreaterThan(1);
    const routed = hookCalls(`${log}.routed`);
    expect(routed).toEqual([
      'hook copilot userPromptSubmitted',
      ...Array(4).fill('hook copilot postToolUse'),
    ]);
    // The log holds every event, routed or by process: here all were routed.
    expect(hookCalls(log)).toEqual(routed);
  });

  it('answers by one `hook copilot --serve` when no server runs', async () => {
    const settings = setUp();
    const ask = residentAnswerer(settings, dirs.project, () => {});
    expect(await ask('userPromptSubmitted', prompt('s-1'))).toEqual(
      oneShot(settings, 'userPromptSubmitted', prompt('s-2')),
    );
    await ask('postToolUse', postToolUse('s-1'));
    expect(hookCalls(log)).toEqual(['hook copilot --serve']);
    expect(hookCalls(`${log}.routed`)).toEqual([]);
  });

  it('passes a stop with the person’s checks back, to one `hook copilot --serve`', async () => {
    const settings = setUp(['node -e 0']);
    await startServer();
    const ask = residentAnswerer(settings, dirs.project, () => {});
    await ask('postToolUse', postToolUse('s-1'));
    await ask('agentStop', { sessionId: 's-1', cwd: dirs.project, stopReason: 'end_turn' });
    expect(hookCalls(`${log}.routed`)).toEqual(['hook copilot postToolUse']);
    expect(hookCalls(log)).toEqual(['hook copilot postToolUse', 'hook copilot --serve']);
  });
});
