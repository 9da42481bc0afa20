/**
 * A project that installs plankeeper as a devDependency (both packages packed and installed):
 * `setup <agent>` writes commands that start the project's own bin with node, by its path in
 * the project (a teammate's clone has it too), not through npx; each written hook answers an
 * event when run as its agent runs it (through a shell, from the project or, for Claude Code,
 * from a sub-folder with $CLAUDE_PROJECT_DIR); `--remove` gives back the files byte for byte.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanEnvironment,
  type InstalledProject,
  installPackedProject,
} from './support/installed-project.js';

const PROJECT_BIN = 'node_modules/@plankeeper/cli/bin/plankeeper.js';
const SESSION = 'dev-dependency-session';
let installed: InstalledProject;
let project: string;
let home: string;

beforeAll(() => {
  installed = installPackedProject('plankeeper-dev-dependency-');
  project = installed.dir;
  home = mkdtempSync(join(tmpdir(), 'plankeeper-dev-dependency-home-'));
  mkdirSync(join(project, 'src/deep'), { recursive: true });
  // The person's own settings, which setup merges into and --remove gives back.
  mkdirSync(join(project, '.gemini'));
  writeFileSync(join(project, '.gemini/settings.json'), '{\n  "theme": "dark" // mine\n}\n');
  writeFileSync(join(project, '.mcp.json'), '{"mcpServers": {}}\n');
  const added = plankeeper(
    'todos',
    '--agent',
    'claude-code',
    '--session',
    SESSION,
    '--add',
    'Ship the parser',
  );
  expect(added.status, added.stderr).toBe(0);
  for (const agent of ['gemini', 'copilot']) {
    plankeeper('todos', '--agent', agent, '--session', SESSION, '--add', 'Ship the parser');
  }
}, 600_000);

afterAll(() => {
  installed?.dispose();
  if (home) rmSync(home, { recursive: true, force: true });
});

function environment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...cleanEnvironment(), HOME: home, NO_COLOR: '1', ...extra };
}

/** The installed command, as a person runs it in the project (`npx plankeeper …`). */
function plankeeper(...args: string[]) {
  return spawnSync(join(project, 'node_modules/.bin/plankeeper'), args, {
    cwd: project,
    encoding: 'utf8',
    env: environment(),
    timeout: 60_000,
  });
}

/** A written hook command run as the agents run one: through a shell, the event on stdin. */
function runHook(
  command: string,
  event: object,
  cwd: string,
  env: NodeJS.ProcessEnv = {},
  shell = '/bin/sh',
) {
  const run = spawnSync(shell, ['-c', command], {
    cwd,
    input: JSON.stringify(event),
    encoding: 'utf8',
    env: environment(env),
    timeout: 30_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const read = (path: string) => readFileSync(join(project, path), 'utf8');

describe('setup in a project with plankeeper as a devDependency', () => {
  it('gemini: the server and hooks start the project’s bin with node, and a hook answers from the project', () => {
    const before = read('.gemini/settings.json');
    const setup = plankeeper('setup', 'gemini');
    expect(setup.status, setup.stderr).toBe(0);
    expect(setup.stdout).toContain('To undo: npx plankeeper setup gemini --remove');
    const settings = read('.gemini/settings.json');
    expect(settings).not.toContain('npx');
    expect(settings).not.toContain(project);
    const server = JSON.parse(settings.replace(' // mine', '')).mcpServers.plankeeper;
    expect([server.command, ...server.args]).toEqual([
      'node',
      PROJECT_BIN,
      'mcp',
      '--for',
      'gemini',
    ]);
    const hook = JSON.parse(settings.replace(' // mine', '')).hooks.BeforeAgent[0].hooks[0];
    // The forwarder to the running MCP server, then the hook process it runs when no server
    // answers (none here): the project's bin, started by node.
    expect(hook.command).toBe(
      `. "$GEMINI_PROJECT_DIR"/.gemini/plankeeper-hook.sh 9 node ${PROJECT_BIN} hook gemini BeforeAgent`,
    );
    // Gemini CLI runs a hook command with `bash -c`, which the forwarder is sourced into.
    const answer = runHook(
      hook.command,
      { session_id: SESSION, cwd: project, hook_event_name: 'BeforeAgent', prompt: 'go on' },
      project,
      { GEMINI_PROJECT_DIR: project },
      'bash',
    );
    expect(answer.stderr).toBe('');
    expect(answer.status).toBe(0);
    expect(answer.stdout).toContain('Ship the parser');
    expect(plankeeper('setup', 'gemini', '--remove').status).toBe(0);
    expect(read('.gemini/settings.json')).toBe(before);
  });

  it('claude-code: the server starts the project’s bin; SessionStart runs it from $CLAUDE_PROJECT_DIR, even in a sub-folder', () => {
    const before = read('.mcp.json');
    expect(plankeeper('setup', 'claude-code').status).toBe(0);
    const server = JSON.parse(read('.mcp.json')).mcpServers.plankeeper;
    expect([server.command, ...server.args]).toEqual([
      'node',
      PROJECT_BIN,
      'mcp',
      '--for',
      'claude-code',
    ]);
    const settings = read('.claude/settings.json');
    expect(settings).not.toContain(project);
    const hook = JSON.parse(settings).hooks.SessionStart[0].hooks[0];
    expect(hook).toEqual({
      type: 'command',
      command: `node "$CLAUDE_PROJECT_DIR"/${PROJECT_BIN} hook claude-code SessionStart`,
      timeout: hook.timeout,
    });
    const answer = runHook(
      hook.command,
      { session_id: SESSION, cwd: project, hook_event_name: 'SessionStart', source: 'compact' },
      join(project, 'src/deep'),
      { CLAUDE_PROJECT_DIR: project },
    );
    expect(answer.stderr).toBe('');
    expect(answer.status).toBe(0);
    expect(answer.stdout).toContain('Ship the parser');
    expect(plankeeper('setup', 'claude-code', '--remove').status).toBe(0);
    expect(read('.mcp.json')).toBe(before);
  });

  it('copilot: the hooks start the project’s bin with node, and one answers from the project', () => {
    expect(plankeeper('setup', 'copilot').status).toBe(0);
    const hooks = JSON.parse(read('.github/hooks/plankeeper.json')).hooks;
    const hook = hooks.userPromptSubmitted[0];
    expect(hook.bash).toBe(`node ${PROJECT_BIN} hook copilot userPromptSubmitted`);
    const answer = runHook(
      hook.bash,
      { sessionId: SESSION, timestamp: 1, cwd: project, prompt: 'go on' },
      project,
    );
    expect(answer.stderr).toBe('');
    expect(answer.status).toBe(0);
    expect(answer.stdout).toContain('Ship the parser');
    expect(plankeeper('setup', 'copilot', '--remove').status).toBe(0);
  });

  it('opencode: the plugin, loaded by OpenCode started in a sub-folder, starts the project’s bin and answers', async () => {
    expect(plankeeper('setup', 'opencode').status).toBe(0);
    // OpenCode started in src/deep keeps its plans there (the store is found where it runs).
    const store = 'sqlite:src/deep/.plankeeper/plans.db';
    plankeeper(
      'todos',
      '--store',
      store,
      '--agent',
      'opencode',
      '--session',
      SESSION,
      '--add',
      'Ship the parser',
    );
    const plugin = await import(
      pathToFileURL(join(project, '.opencode/plugin/plankeeper.js')).href
    );
    const client = {
      app: { log: () => Promise.resolve() },
      session: { get: () => Promise.resolve({ data: { id: SESSION } }) },
    };
    const hooks = await plugin.PlankeeperPlugin({ client, directory: join(project, 'src/deep') });
    const output = { message: { id: 'message-1' }, parts: [{ type: 'text', text: 'go on' }] };
    await hooks['chat.message']({ sessionID: SESSION }, output);
    expect(output.parts.map((part: { text: string }) => part.text).join('\n')).toContain(
      'Ship the parser',
    );
    expect(plankeeper('setup', 'opencode', '--remove').status).toBe(0);
  });

  it('opencode: the plugin and the server start the project’s bin with node', () => {
    expect(plankeeper('setup', 'opencode').status).toBe(0);
    const server = JSON.parse(read('opencode.json')).mcp.plankeeper;
    // Behind the relay to the plugin's process, which runs this command when it cannot.
    expect(server.command.slice(0, 2)).toEqual(['bash', '-c']);
    expect(server.command.slice(4)).toEqual(['node', PROJECT_BIN, 'mcp', '--for', 'opencode']);
    expect(read('.opencode/plugin/plankeeper.js')).toContain(
      `const COMMAND = ["node","${PROJECT_BIN}","hook","opencode"];`,
    );
    expect(plankeeper('setup', 'opencode', '--remove').status).toBe(0);
  });
});
