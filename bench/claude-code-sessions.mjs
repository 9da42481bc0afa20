// What plankeeper adds to a real Claude Code session: the pinned CLI (test/tools) against the
// scripted Anthropic server of the real-CLI tests, a session of N `Read` calls (then an
// answer), in a project without plankeeper and in one after `plankeeper setup claude-code`,
// alternately, three rounds each; medians. Per tool call: the slope between N = 10 and
// N = 30 of the difference; per session: the difference at N = 10 less ten calls' share.
// Targets: at most 10 ms per tool call and 400 ms per session.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { printTable, verdict } from './report.mjs';
import { importTestSupport } from './test-support.mjs';

const root = new URL('../', import.meta.url).pathname;
const ROUNDS = Number(process.env.BENCH_SESSION_ROUNDS ?? 3);
const SIZES = [10, 30];
const PER_CALL_TARGET_MS = 10;
const PER_SESSION_TARGET_MS = 400;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The hook's own cost, without Claude Code: one PostToolUse answered by a `plankeeper hook`
 * process, and by the running `plankeeper mcp --for claude-code` (a call of its `hook` tool,
 * what the mcp_tool hook setup writes sends), each against a SQLite store; medians.
 */
export async function hookAnswerCost() {
  const dir = mkdtempSync(join(tmpdir(), 'pk-bench-mcp-hook-'));
  const store = `sqlite:${join(dir, 'plans.db')}`;
  const bin = join(root, 'bin/plankeeper.js');
  const input = JSON.parse(
    readFileSync(
      join(root, 'packages/cli/test/coding-agents/claude-code/fixtures/PostToolUse.json'),
      'utf8',
    ),
  );
  const processes = [];
  const calls = [];
  const client = new Client({ name: 'bench', version: '1.0.0' });
  try {
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'mcp', '--store', store, '--for', 'claude-code'],
        stderr: 'ignore',
      }),
    );
    const args = { event: 'PostToolUse', session_id: input.session_id, tool_name: 'Read' };
    for (let run = 0; run < 15; run++) {
      let started = process.hrtime.bigint();
      const done = spawnSync(
        process.execPath,
        [bin, 'hook', 'claude-code', 'PostToolUse', '--store', store],
        {
          input: JSON.stringify({ ...input, tool_name: 'Read' }),
        },
      );
      if (done.status !== 0) throw new Error('plankeeper hook failed');
      processes.push(Number(process.hrtime.bigint() - started) / 1e6);
      for (let call = 0; call < 4; call++) {
        started = process.hrtime.bigint();
        const result = await client.callTool({ name: 'hook', arguments: args });
        if (result.isError) throw new Error('the hook tool failed');
        calls.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
  printTable(
    'one PostToolUse answered, without Claude Code (median, ms)',
    ['route', 'ms'],
    [
      ['command hook: a plankeeper hook process', median(processes)],
      ['mcp_tool hook: a call to the running MCP server', median(calls)],
    ],
  );
}

export default async function claudeCodeSessions() {
  await hookAnswerCost();
  const { ClaudeSandbox } = await importTestSupport(
    'packages/cli/test/coding-agents/claude-code/support/claude-runner.ts',
  );
  const { ScriptedAnthropicServer, callTool, say } = await importTestSupport(
    'packages/cli/test/coding-agents/claude-code/support/scripted-anthropic-server.ts',
  );
  const bare = await ClaudeSandbox.create();
  const kept = await ClaudeSandbox.create();
  try {
    for (const sandbox of [bare, kept]) writeFileSync(join(sandbox.project, 'notes.txt'), 'n\n');
    const setup = spawnSync(
      process.execPath,
      [join(root, 'bin/plankeeper.js'), 'setup', 'claude-code', '--dir', kept.project],
      { env: { ...process.env, HOME: kept.home }, encoding: 'utf8' },
    );
    if (setup.status !== 0) throw new Error(`setup failed: ${setup.stderr}`);
    for (const sandbox of [bare, kept]) {
      sandbox.writeProjectFile('.claude/settings.local.json', {
        permissions: { allow: ['Read'] },
      });
    }

    const session = async (sandbox, reads) => {
      const notes = join(sandbox.project, 'notes.txt');
      const server = await ScriptedAnthropicServer.start([
        ...Array.from({ length: reads }, () => callTool('Read', { file_path: notes })),
        say('Read it.'),
      ]);
      try {
        const run = await sandbox.run({ server, prompt: 'Read the notes.', timeoutMs: 120_000 });
        if (run.code !== 0 || run.result?.result !== 'Read it.' || server.unusedSteps !== 0) {
          throw new Error(`session of ${reads} reads failed: exit ${run.code}\n${run.stderr}`);
        }
        return run.durationMs;
      } finally {
        await server.close();
      }
    };

    // One session each first: Claude Code's first start in a fresh HOME does more.
    await session(bare, 1);
    await session(kept, 1);
    const times = { bare: {}, kept: {} };
    for (const reads of SIZES) {
      times.bare[reads] = [];
      times.kept[reads] = [];
      for (let round = 0; round < ROUNDS; round++) {
        times.bare[reads].push(await session(bare, reads));
        times.kept[reads].push(await session(kept, reads));
      }
    }
    const [small, large] = SIZES;
    const at = (variant, reads) => median(times[variant][reads]);
    const added = (reads) => at('kept', reads) - at('bare', reads);
    const perCall = (added(large) - added(small)) / (large - small);
    const perSession = added(small) - perCall * small;
    printTable(
      `a Claude Code session of N Read calls (median of ${ROUNDS} rounds, ms)`,
      ['N', 'without plankeeper', 'with plankeeper', 'added'],
      SIZES.map((reads) => [reads, at('bare', reads), at('kept', reads), added(reads)]),
    );
    console.log('');
    verdict(
      'per tool call',
      perCall <= PER_CALL_TARGET_MS,
      `${perCall.toFixed(1)} ms added (target <= ${PER_CALL_TARGET_MS} ms)`,
    );
    verdict(
      'per session',
      perSession <= PER_SESSION_TARGET_MS,
      `${perSession.toFixed(0)} ms added (target <= ${PER_SESSION_TARGET_MS} ms)`,
    );
  } finally {
    await bare.dispose();
    await kept.dispose();
  }
}
