// What plankeeper adds to a real Claude Code session: the pinned CLI (test/tools) against the
// scripted Anthropic server of the real-CLI tests, a session of N `Read` calls, measured as
// session-cost.mjs says. Targets: at most 10 ms per tool call and 400 ms per session.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { printTable } from './report.mjs';
import { median, ROUTES, sessionCost, setUp } from './session-cost.mjs';
import { importTestSupport } from './test-support.mjs';

const root = new URL('../', import.meta.url).pathname;

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
  const sandboxes = { bare: await ClaudeSandbox.create(), kept: await ClaudeSandbox.create() };
  try {
    for (const sandbox of Object.values(sandboxes)) {
      writeFileSync(join(sandbox.project, 'notes.txt'), 'n\n');
    }
    setUp('claude-code', sandboxes.kept.project, { HOME: sandboxes.kept.home });
    for (const sandbox of Object.values(sandboxes)) {
      sandbox.writeProjectFile('.claude/settings.local.json', {
        permissions: { allow: ['Read'] },
      });
    }
    return await sessionCost(
      'Claude Code',
      'Read',
      async (variant, reads) => {
        const sandbox = sandboxes[variant];
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
          const requests = server.ofKind('main').map((request) => request.receivedAt);
          return { ms: run.durationMs, requests };
        } finally {
          await server.close();
        }
      },
      { route: ROUTES.claudeCode },
    );
  } finally {
    await sandboxes.bare.dispose();
    await sandboxes.kept.dispose();
  }
}
