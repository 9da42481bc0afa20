// What plankeeper adds to a real OpenCode session: the pinned CLI (test/tools) against the
// scripted chat server of the real-CLI tests, a session of N calls of a stand-in MCP server's
// `echo` tool (both projects have it), measured as session-cost.mjs says. plankeeper runs in
// OpenCode's own process there (the plugin setup writes), beside its MCP server, and hands
// each event to one `plankeeper hook opencode --serve` process it keeps.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from 'plankeeper/stores';
import { printTable } from './report.mjs';
import { median, ROUTES, sessionCost, setUp, standInEcho } from './session-cost.mjs';
import { importTestSupport } from './test-support.mjs';

const root = new URL('../', import.meta.url).pathname;

/**
 * The hook's own cost, without OpenCode: one `tool.execute.after` answered by a `plankeeper
 * hook opencode` process of its own (the plugin's fallback, and what it did for every event
 * before), and as a line to the running `plankeeper hook opencode --serve` (what the plugin
 * does), each against a SQLite store that another connection keeps open, as OpenCode's
 * `plankeeper mcp` does in a session (alone, each event's close would checkpoint the WAL and
 * remove it, and the next event's write create it again: about 17 ms more here); medians.
 */
export async function hookAnswerCost() {
  const dir = mkdtempSync(join(tmpdir(), 'pk-bench-oc-hook-'));
  const store = `sqlite:${join(dir, 'plans.db')}`;
  const bin = join(root, 'bin/plankeeper.js');
  const fixture = JSON.parse(
    readFileSync(
      join(root, 'packages/cli/test/coding-agents/opencode/fixtures/tool.execute.after.bash.json'),
      'utf8',
    ),
  );
  const input = { input: fixture.input, output: fixture.output };
  const server = await openStore(store);
  const served = spawn(process.execPath, [bin, 'hook', 'opencode', '--serve', '--store', store], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let buffered = '';
  let answered;
  served.stdout.setEncoding('utf8').on('data', (chunk) => {
    buffered += chunk;
    if (buffered.endsWith('\n')) {
      buffered = '';
      answered?.();
    }
  });
  const processes = [];
  const lines = [];
  try {
    for (let run = 0; run < 15; run++) {
      let started = process.hrtime.bigint();
      const done = spawnSync(
        process.execPath,
        [bin, 'hook', 'opencode', 'tool.execute.after', '--store', store],
        { input: JSON.stringify(input) },
      );
      if (done.status !== 0) throw new Error('plankeeper hook failed');
      processes.push(Number(process.hrtime.bigint() - started) / 1e6);
      for (let call = 0; call < 4; call++) {
        started = process.hrtime.bigint();
        await new Promise((resolve) => {
          answered = resolve;
          served.stdin.write(
            `${JSON.stringify({ id: run * 4 + call, event: 'tool.execute.after', input })}\n`,
          );
        });
        lines.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
  } finally {
    served.stdin.end();
    await new Promise((resolve) => served.on('close', resolve));
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  printTable(
    'one tool.execute.after answered, without OpenCode (median, ms)',
    ['route', 'ms'],
    [
      ['a plankeeper hook process of its own', median(processes)],
      ['a line to the running plankeeper hook --serve', median(lines)],
    ],
  );
}

export default async function opencodeSessions() {
  await hookAnswerCost();
  const { OpencodeSandbox } = await importTestSupport(
    'packages/cli/test/coding-agents/opencode/support/opencode-runner.ts',
  );
  const { ScriptedChatServer, callTool, say } = await importTestSupport(
    'packages/cli/test/coding-agents/opencode/support/scripted-chat-server.ts',
  );
  const sandbox = async () => {
    const made = await OpencodeSandbox.create();
    const { command, args } = standInEcho(join(made.root, 'standin.log'));
    made.writeProjectFile('opencode.json', {
      $schema: 'https://opencode.ai/config.json',
      mcp: { standin: { type: 'local', command: [command, ...args] } },
    });
    return made;
  };
  const sandboxes = { bare: await sandbox(), kept: await sandbox() };
  try {
    setUp('opencode', sandboxes.kept.project, { HOME: sandboxes.kept.home });
    return await sessionCost(
      'OpenCode',
      'MCP echo',
      async (variant, calls) => {
        const server = await ScriptedChatServer.start([
          ...Array.from({ length: calls }, (_, call) =>
            callTool('standin_echo', { text: String(call) }),
          ),
          say('Echoed.'),
        ]);
        try {
          const run = await sandboxes[variant].run({
            server,
            prompt: 'Echo.',
            logLevel: false,
            timeoutMs: 180_000,
          });
          if (run.code !== 0 || server.pending !== 0 || !run.text.includes('Echoed.')) {
            throw new Error(
              `OpenCode session of ${calls} calls failed: exit ${run.code}\n${run.stderr.slice(-2000)}`,
            );
          }
          const requests = server.ofKind('main').map((request) => request.receivedAt);
          return { ms: run.durationMs, requests };
        } finally {
          await server.close();
        }
      },
      { route: ROUTES.opencode },
    );
  } finally {
    await sandboxes.bare.dispose();
    await sandboxes.kept.dispose();
  }
}
