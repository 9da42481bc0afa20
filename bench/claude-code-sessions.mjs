// What plankeeper adds to a real Claude Code session: the pinned CLI (test/tools) against the
// scripted Anthropic server of the real-CLI tests, a session of N `Read` calls, measured as
// session-cost.mjs says. Targets: at most 10 ms per tool call and 400 ms per session.
// In the same rounds, a third project shows what Claude Code itself charges for a hook call:
// plankeeper's setup with its PostToolUse hook sent to a do-nothing MCP server instead, which
// answers `{}` at once. Its added gap less plankeeper's is plankeeper's own part per call.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { printTable } from './report.mjs';
import { median, ROUTES, sessionCost, setUp, standInEcho } from './session-cost.mjs';
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
  /** The server's stderr: no refusal may be on it, or the figure is not an answer's. */
  let stderr = '';
  try {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'mcp', '--store', store, '--for', 'claude-code'],
      // Claude Code's mark on the servers it starts: without it the tool refuses every call,
      // and this would time the refusal.
      env: { ...getDefaultEnvironment(), CLAUDE_CODE_SESSION_ID: input.session_id },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    await client.connect(transport);
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
    if (stderr.includes('refused')) throw new Error(`the hook tool refused:\n${stderr}`);
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
  const sandboxes = {
    bare: await ClaudeSandbox.create(),
    emptyHook: await ClaudeSandbox.create(),
    kept: await ClaudeSandbox.create(),
  };
  try {
    for (const sandbox of Object.values(sandboxes)) {
      writeFileSync(join(sandbox.project, 'notes.txt'), 'n\n');
    }
    for (const variant of ['emptyHook', 'kept']) {
      setUp('claude-code', sandboxes[variant].project, { HOME: sandboxes[variant].home });
    }
    sendPostToolUseToDoNothingServer(sandboxes.emptyHook.project);
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
        if (variant === 'emptyHook') rmSync(standInLog(sandbox.project), { force: true });
        const server = await ScriptedAnthropicServer.start([
          ...Array.from({ length: reads }, () => callTool('Read', { file_path: notes })),
          say('Read it.'),
        ]);
        try {
          const run = await sandbox.run({ server, prompt: 'Read the notes.', timeoutMs: 120_000 });
          if (run.code !== 0 || run.result?.result !== 'Read it.' || server.unusedSteps !== 0) {
            throw new Error(`session of ${reads} reads failed: exit ${run.code}\n${run.stderr}`);
          }
          if (variant === 'emptyHook') expectHookCalls(sandbox.project, reads);
          const requests = server.ofKind('main').map((request) => request.receivedAt);
          return { ms: run.durationMs, requests };
        } finally {
          await server.close();
        }
      },
      {
        route: ROUTES.claudeCode,
        reference: {
          variant: 'emptyHook',
          label: 'PostToolUse answered by a do-nothing MCP server instead',
        },
      },
    );
  } finally {
    for (const sandbox of Object.values(sandboxes)) await sandbox.dispose();
  }
}

/** The do-nothing server's log in `project`, removed before each of its sessions. */
const standInLog = (project) => join(project, 'standin.log');

/** The session just run in `project` called the do-nothing server once per `Read`. */
function expectHookCalls(project, reads) {
  const log = readFileSync(standInLog(project), 'utf8');
  const calls = log.split('\n').filter((line) => line.includes('"tools/call"')).length;
  if (calls !== reads) throw new Error(`the do-nothing hook ran ${calls} times, not ${reads}`);
}

/**
 * Points the PostToolUse hook setup wrote in `project` at a stand-in MCP server whose one tool
 * answers `{}`: the same hook call, with nothing of plankeeper's behind it.
 */
function sendPostToolUseToDoNothingServer(project) {
  const mcpPath = join(project, '.mcp.json');
  const mcp = JSON.parse(readFileSync(mcpPath, 'utf8'));
  mcp.mcpServers.standin = {
    type: 'stdio',
    ...standInEcho(standInLog(project)),
  };
  mcp.mcpServers.standin.args.push('--text', '{}');
  writeFileSync(mcpPath, JSON.stringify(mcp, null, 2));
  const settingsPath = join(project, '.claude', 'settings.json');
  const settings = JSON.parse(readFileSync(settingsPath, 'utf8'));
  settings.enabledMcpjsonServers.push('standin');
  settings.permissions.allow.push('mcp__standin');
  const [group] = settings.hooks.PostToolUse;
  group.hooks = [{ type: 'mcp_tool', server: 'standin', tool: 'echo', input: {}, timeout: 10 }];
  writeFileSync(settingsPath, JSON.stringify(settings, null, 2));
}
