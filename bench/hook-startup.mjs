// Start-up of one coding-agent hook call, as Claude Code makes it after every tool call:
// `node bin/plankeeper.js hook claude-code PostToolUse` with a recorded hook input on stdin
// and a SQLite store in a temp dir, beside bare `node -e 0`, each run alternately so a busy
// machine slows both alike. Target: the hook at most 2.0x bare node, against an existing
// store (every call of a session but the first). For scale, the first call of a project,
// which creates the store file (its WAL switch and tables cost fsyncs, so it depends on
// the disk), and the commands a person types: `--version` (commander and the command table)
// and `todos` (that command and the core; no other command, SDK or server), and what a coding
// agent waits for at each session start: `plankeeper mcp` answering `initialize`, and its
// first tool call. The hook and the server run their bundles with V8's code cache
// (src/cli/compile-cache.ts): each also without it (NODE_DISABLE_COMPILE_CACHE), in the same runs.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printTable, verdict } from './report.mjs';
import { importTestSupport } from './test-support.mjs';

const root = new URL('../', import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 21);
const TARGET = 2.0;

function timed(args, input, env = {}) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, {
    input,
    cwd: root,
    env: { ...process.env, ...env },
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}`);
  return ms;
}

/**
 * Milliseconds from starting `args` to the `lines`th line it prints on stdout, and from then
 * closing its stdin to its exit: what a coding agent waits for at a session's start and end.
 */
function firstLineAndExit(args, input, env = {}, lines = 1) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let out = '';
    const allIn = () => out.split('\n').length > lines;
    child.stdout.on('data', (chunk) => {
      if (allIn()) return;
      out += chunk;
      if (!allIn()) return;
      const answered = process.hrtime.bigint();
      child.on('exit', () =>
        resolve([
          Number(answered - started) / 1e6,
          Number(process.hrtime.bigint() - answered) / 1e6,
        ]),
      );
      child.stdin.end();
    });
    child.on('error', reject);
    child.stdin.write(input);
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export default async function hookStartup() {
  const dir = mkdtempSync(join(tmpdir(), 'pk-bench-hook-'));
  try {
    const input = readFileSync(
      join(root, 'packages/cli/test/coding-agents/claude-code/fixtures/PostToolUse.json'),
    );
    const hookWith = (file) => [
      join(root, 'bin/plankeeper.js'),
      ...['hook', 'claude-code', 'PostToolUse', '--store', `sqlite:${join(dir, file)}`],
    ];
    const hook = hookWith('plans.db');
    timed(hook, input); // creates the database, as the session's first hook does
    // For comparison: commands a person runs, each loading only what it needs.
    const version = [join(root, 'bin/plankeeper.js'), '--version'];
    const todos = [join(root, 'bin/plankeeper.js'), 'todos', '--store', 'memory'];
    // What a coding agent waits for at every session start and end: the MCP server's initialize
    // answer, and its exit once stdin closes (with a SQLite store, which it closes first).
    const mcp = [join(root, 'bin/plankeeper.js'), 'mcp', '--store', 'memory'];
    const mcpSqlite = [
      join(root, 'bin/plankeeper.js'),
      'mcp',
      '--store',
      `sqlite:${join(dir, 'plans.db')}`,
    ];
    const initialize = (await importTestSupport('packages/cli/test/support/mcp-initialize.ts'))
      .INITIALIZE_LINE;
    // The handshake and a first tool call, as a coding agent's first hook call: two answers.
    const firstCall = `${initialize}${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'todo_read', arguments: {} } })}\n`;
    const noCodeCache = { NODE_DISABLE_COMPILE_CACHE: '1' };
    const cacheKept = { XDG_CACHE_HOME: join(dir, 'cache') };
    const bare = [];
    const hooked = [];
    const fresh = [];
    const versions = [];
    const reads = [];
    const servers = [];
    const remembered = [];
    const exits = [];
    const hookedCold = [];
    const calls = [];
    const callsCold = [];
    for (let run = 0; run < RUNS; run++) {
      bare.push(timed(['-e', '0'], ''));
      hooked.push(timed(hook, input, cacheKept));
      hookedCold.push(timed(hook, input, { ...cacheKept, ...noCodeCache }));
      calls.push((await firstLineAndExit(mcp, firstCall, cacheKept, 2))[0]);
      callsCold.push(
        (await firstLineAndExit(mcp, firstCall, { ...cacheKept, ...noCodeCache }, 2))[0],
      );
      fresh.push(timed(hookWith(`fresh-${run}.db`), input));
      versions.push(timed(version, ''));
      reads.push(timed(todos, ''));
      // A cache folder of its own each time: nothing remembered, as at a first start.
      const nothing = { XDG_CACHE_HOME: join(dir, `cache-${run}`) };
      servers.push((await firstLineAndExit(mcp, initialize, nothing))[0]);
      const kept = { XDG_CACHE_HOME: join(dir, 'cache') };
      remembered.push((await firstLineAndExit(mcp, initialize, kept))[0]);
      // No answers remembered: the first line then comes from the loaded server. The code
      // cache is there, as at every start but a first one (which writes it at exit).
      const loaded = { XDG_CACHE_HOME: join(dir, `exit-cache-${run}`) };
      cpSync(
        join(dir, 'cache/plankeeper/compiled'),
        join(dir, `exit-cache-${run}/plankeeper/compiled`),
        {
          recursive: true,
        },
      );
      exits.push((await firstLineAndExit(mcpSqlite, initialize, loaded))[1]);
    }
    const [bareMs, hookMs, freshMs, versionMs, todosMs, mcpMs, rememberedMs, exitMs] = [
      bare,
      hooked.slice(1),
      fresh,
      versions,
      reads,
      servers,
      remembered.slice(1),
      exits,
    ].map(median);
    const [hookColdMs, callMs, callColdMs] = [hookedCold, calls.slice(1), callsCold].map(median);
    const ratio = hookMs / bareMs;
    printTable(
      `hook start-up (median of ${RUNS} runs each)`,
      ['command', 'ms', 'x bare node'],
      [
        ['node -e 0', bareMs, 1],
        ['plankeeper hook claude-code PostToolUse (sqlite)', hookMs, ratio],
        ['the same, without the code cache', hookColdMs, hookColdMs / bareMs],
        ['the same, first call: creates the SQLite file', freshMs, freshMs / bareMs],
        ['plankeeper --version (commander and the command table)', versionMs, versionMs / bareMs],
        ['plankeeper todos --store memory (the core, no SDK)', todosMs, todosMs / bareMs],
        ['plankeeper mcp --store memory: initialize answered', mcpMs, mcpMs / bareMs],
        [
          'the same, its answers remembered from the start before',
          rememberedMs,
          rememberedMs / bareMs,
        ],
        ['plankeeper mcp --store memory: first tool call answered', callMs, callMs / bareMs],
        ['the same, without the code cache', callColdMs, callColdMs / bareMs],
        ['plankeeper mcp (sqlite): from stdin closed to exit', exitMs, exitMs / bareMs],
      ],
    );
    console.log('');
    verdict(
      'hook start-up',
      ratio <= TARGET,
      `${ratio.toFixed(2)}x bare node (target <= ${TARGET.toFixed(1)}x)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
