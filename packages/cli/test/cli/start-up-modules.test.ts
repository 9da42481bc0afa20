/**
 * Each command loads what it needs and no more: the command table lists every command, and a
 * command's module (with the SDKs it imports) is loaded only when it runs. Held structurally,
 * by recording every module the real CLI process loads (support/record-modules.mjs), not by
 * timing: `--version` used to load every SDK and took most of a second.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { INITIALIZE_LINE } from '../support/mcp-initialize.js';
import { runCli } from '../support/run-cli.js';

const work = mkdtempSync(join(tmpdir(), 'pk-start-up-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const recorder = fileURLToPath(new URL('../support/record-modules.mjs', import.meta.url));
const cliRoot = fileURLToPath(new URL('../../', import.meta.url));
const coreRoot = fileURLToPath(new URL('../../../plankeeper/', import.meta.url));

/** Packages no command but their own may load: model clients, framework SDKs, servers. */
const HEAVY = [
  '@modelcontextprotocol/sdk',
  'ai',
  'langchain',
  '@langchain/core',
  '@openai/agents',
  'openai',
  '@anthropic-ai/sdk',
  'hono',
  '@hono/node-server',
  'gpt-tokenizer',
];

interface Loaded {
  /** Packages from node_modules, by name. */
  packages: Set<string>;
  /** The application's own files, relative to packages/cli. */
  app: string[];
  /** The core's files, relative to packages/plankeeper. */
  core: string[];
  /** What of Intl was used, by name (`NumberFormat`, `Number.toLocaleString`). */
  intl: string[];
}

let runs = 0;
async function loadedBy(
  args: string[],
  input = '',
  onStdout?: (stdout: string) => void,
): Promise<Loaded> {
  const out = join(work, `modules-${runs++}.txt`);
  const run = await runCli(args, {
    input,
    cwd: work,
    env: { NODE_OPTIONS: `--import=${recorder}`, PLANKEEPER_MODULES_OUT: out },
  });
  expect(run.code, run.stderr).toBe(0);
  onStdout?.(run.stdout);
  const lines = readFileSync(out, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
  const intl = lines.filter((line) => line.startsWith('intl:')).map((line) => line.slice(5));
  const paths = lines
    .filter((line) => !line.startsWith('intl:'))
    .map((line) => (line.startsWith('file:') ? fileURLToPath(line) : line));
  const packages = new Set<string>();
  for (const path of paths) {
    const inModules = path.split('/node_modules/').at(-1);
    if (inModules === undefined || inModules === path) continue;
    const parts = inModules.split('/');
    packages.add(parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!);
  }
  const under = (root: string) =>
    paths.filter((path) => path.startsWith(root)).map((path) => path.slice(root.length));
  return { packages, app: under(cliRoot), core: under(coreRoot), intl };
}

describe('what a command loads', () => {
  it.each([['--version'], ['--help']])(
    '%s loads commander and the command table only: no core, no SDK',
    async (...args) => {
      const loaded = await loadedBy(args);
      expect([...loaded.packages]).toEqual(['commander']);
      expect(loaded.core).toEqual([]);
      // The sign that the recording works: the bin and the table were seen.
      expect(loaded.app).toContain('bin/plankeeper.js');
      expect(loaded.app).toContain('dist/cli/commands/index.js');
      expect(loaded.app.filter((file) => !file.startsWith('dist/cli/'))).toEqual([
        'bin/plankeeper.js',
      ]);
    },
  );

  it('todos loads the core and its own command, no other command and no SDK', async () => {
    const loaded = await loadedBy(['todos', '--store', 'memory']);
    expect(HEAVY.filter((name) => loaded.packages.has(name))).toEqual([]);
    expect(loaded.core).toContain('dist/index.js');
    expect(loaded.core.filter((file) => file.startsWith('dist/adapters/'))).toEqual([]);
    const commandsLoaded = loaded.app.filter((file) => file.startsWith('dist/cli/commands/'));
    expect(commandsLoaded.sort()).toEqual(
      [
        'dist/cli/commands/index.js',
        'dist/cli/commands/todos.js',
        'dist/cli/commands/todos-edit.js',
        'dist/cli/commands/todos-sub-agents.js',
        'dist/cli/commands/todos-view.js',
      ].sort(),
    );
    // Outside the CLI's own folder only three leaves: the plan-file helpers it shares with the
    // hooks (the list's name, loading the plan-file store on use, and --max-items), and what
    // verified each item, shared with the dashboard. No coding agent, no other command.
    expect(
      loaded.app
        .filter((file) => !file.startsWith('dist/cli/') && file !== 'bin/plankeeper.js')
        .sort(),
    ).toEqual([
      'dist/coding-agents/plan-file-list.js',
      'dist/coding-agents/plan-file-max-items.js',
      'dist/verify/item-evidence.js',
    ]);
  });

  it('a hook call (every tool call of a coding agent) loads the hook bundle and its store driver only', async () => {
    const input = readFileSync(
      new URL('../coding-agents/claude-code/fixtures/PostToolUse.json', import.meta.url),
      'utf8',
    );
    const store = `sqlite:${join(work, 'plans.db')}`;
    const loaded = await loadedBy(['hook', 'claude-code', 'PostToolUse', '--store', store], input);
    // better-sqlite3 with the two packages it requires, and nothing else: no commander, no zod.
    expect([...loaded.packages].sort()).toEqual(['better-sqlite3', 'bindings', 'file-uri-to-path']);
    // No Intl: its first use loads the locale data, about 16 ms of every hook's start.
    expect(loaded.intl).toEqual([]);
    expect(loaded.core).toEqual([]);
    // The bundle, and what runs it with the code cache.
    expect(loaded.app.sort()).toEqual([
      'bin/plankeeper.js',
      'dist/cli/compile-cache.js',
      'dist/cli/user-cache/user-cache.js',
      'dist/coding-agents/hook/bundle/hook.cjs',
    ]);
  });

  it('plankeeper mcp (started by a coding agent at every session) loads its bundle: no package, no unbundled module', async () => {
    let answer: { result?: { serverInfo?: unknown } } = {};
    const loaded = await loadedBy(['mcp', '--store', 'memory'], INITIALIZE_LINE, (stdout) => {
      answer = JSON.parse(stdout.split('\n')[0]!);
    });
    // The MCP SDK, zod and the core are inside the bundle; the memory store needs no driver.
    // Of the core only its manifest is read: the version serverInfo gives.
    expect([...loaded.packages]).toEqual([]);
    expect(loaded.core).toEqual(['package.json']);
    expect(loaded.intl).toEqual([]);
    // Before the bundle: the early answers to listing requests, which import only Node's
    // modules; then what runs the bundle with the code cache.
    expect(loaded.app.sort()).toEqual([
      'bin/plankeeper.js',
      'dist/bundle/mcp.cjs',
      'dist/cli/compile-cache.js',
      'dist/cli/mcp-early/answer-cache.js',
      'dist/cli/mcp-early/early-answers.js',
      'dist/cli/user-cache/user-cache.js',
    ]);
    // The version is the core's, found from inside the bundle as from the core itself.
    const core = JSON.parse(readFileSync(join(coreRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(answer.result?.serverInfo).toEqual({ name: 'plankeeper', version: core.version });
  });

  it('the recording sees Intl used by code run as a script, as the bundles are', async () => {
    const out = join(work, 'intl-sign.txt');
    const run = spawnSync(
      process.execPath,
      ['-e', "require('node:vm').runInThisContext('(10000).toLocaleString(\"en-US\")')"],
      {
        env: { ...process.env, NODE_OPTIONS: `--import=${recorder}`, PLANKEEPER_MODULES_OUT: out },
      },
    );
    expect(run.status, String(run.stderr)).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('intl:Number.toLocaleString\n');
  });
});
