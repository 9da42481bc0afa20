/**
 * The evidence rule on a shared list, set up as `setup claude-code --list release --evidence
 * enforce` writes it: hooks `hook claude-code <event> --store URL --list release`, and the
 * server `mcp --for claude-code --list release --evidence enforce`. The plan is the list's,
 * but the hooks record the calls in the session's turn record, where the server reads them.
 * And the server knows where an item started from the stored plan, not from its memory: a
 * server started again (Claude Code restarted, the same store) does not count a call made
 * before the item started.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { PlanEngine, type PlanStore } from 'plankeeper';
import { sharedListKey } from 'plankeeper/harness';
import { createPlanMcpServer } from 'plankeeper/mcp';
import { openStore } from 'plankeeper/stores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mcpServerOptions, parseMcpFlags } from '../../../src/cli/commands/mcp.js';
import { claudeHook } from '../claude-code/support/hook-call.js';

const SESSION = '487a3458-47e5-424b-9467-f9bcde48e9ab';
const LIST = 'release';

let dir: string;
let store: string;
const opened: PlanStore[] = [];
const clients: Client[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pk-list-evidence-'));
  store = `sqlite:${join(dir, 'plans.db')}`;
});
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  await Promise.allSettled(opened.splice(0).map((each) => each.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** One hook call, as setup registers it for the list. */
async function hook(event: string, fields: Record<string, unknown>) {
  const flags = ['--list', LIST];
  const call = { store, cwd: dir, event, fields: { session_id: SESSION, ...fields }, flags };
  expect((await claudeHook(call)).stderr).toBe('');
}

/** A non-plan tool Claude Code ran, as its PostToolUse hook sees it. */
const toolDone = (tool: string, id: string) =>
  hook('PostToolUse', { tool_name: tool, tool_use_id: id, tool_input: {}, tool_response: 'ok' });

/**
 * A server as `plankeeper mcp --for claude-code --list release --evidence enforce` starts it,
 * on its own connection to the store (one per Claude Code process).
 */
async function startServer() {
  const connection = await openStore(store);
  opened.push(connection);
  const engine = new PlanEngine({ store: connection });
  const settings = parseMcpFlags(
    { store, for: 'claude-code', list: LIST, evidence: 'enforce' },
    {},
    dir,
  );
  const server = createPlanMcpServer(mcpServerOptions(settings, engine));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'claude-code-test', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  clients.push(client);
  let calls = 0;
  /** A plankeeper todo_write as Claude Code sends it: its PreToolUse hook first, then the call. */
  const write = async (todos: object[]) => {
    const id = `toolu_write_${++calls}_${Date.now()}`;
    const tool_input = { todos };
    await hook('PreToolUse', {
      tool_name: 'mcp__plankeeper__todo_write',
      tool_use_id: id,
      tool_input,
    });
    const result = (await client.callTool({
      name: 'todo_write',
      arguments: tool_input,
      _meta: { 'claudecode/toolUseId': id },
    })) as CallToolResult;
    const text = (result.content as { text: string }[]).map((part) => part.text).join('\n');
    return { refused: result.isError === true, text };
  };
  const lastSummary = async () =>
    (await engine.history(sharedListKey(LIST))).at(-1)!.source.summary ?? '';
  return { write, lastSummary, close: () => client.close() };
}

const TWO = (first: string, second = 'pending') => [
  { content: 'Fix the parser', status: first },
  { content: 'Release notes', status: second },
];
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('evidence rule on a shared list (mcp --for claude-code --list --evidence enforce)', () => {
  it('refuses a completion with no recorded work, and accepts it after work the hooks recorded', async () => {
    await hook('UserPromptSubmit', {});
    const server = await startServer();
    await toolDone('Read', 'toolu_read_before');
    await tick();
    expect((await server.write(TWO('in_progress'))).refused).toBe(false);
    const early = await server.write(TWO('completed'));
    expect(early.refused).toBe(true);
    expect(early.text).toContain('Fix the parser');
    await tick();
    await toolDone('Bash', 'toolu_bash_after');
    const done = await server.write(TWO('completed'));
    expect(done.refused).toBe(false);
    expect(await server.lastSummary()).toContain('evidence #1: Bash');
  });

  it('a server started again does not count a call made before the item started', async () => {
    await hook('UserPromptSubmit', {});
    const first = await startServer();
    await toolDone('Read', 'toolu_read_before');
    await tick();
    expect((await first.write(TWO('in_progress'))).refused).toBe(false);
    await first.close();

    const second = await startServer();
    const early = await second.write(TWO('completed'));
    expect(early.refused).toBe(true);
    expect(early.text).toContain('Fix the parser');
    await tick();
    await toolDone('Bash', 'toolu_bash_after');
    expect((await second.write(TWO('completed'))).refused).toBe(false);
    expect(await second.lastSummary()).toContain('evidence #1: Bash');
  });

  it('a server started again still counts the work done since the start, across its own writes', async () => {
    await hook('UserPromptSubmit', {});
    const first = await startServer();
    await toolDone('Read', 'toolu_read_before');
    await tick();
    expect((await first.write(TWO('in_progress'))).refused).toBe(false);
    await tick();
    await toolDone('Bash', 'toolu_bash_after');
    await first.close();

    const second = await startServer();
    // A write that leaves #1 as it is does not move where #1 started.
    expect(
      (await second.write([...TWO('in_progress'), { content: 'Tag', status: 'pending' }])).refused,
    ).toBe(false);
    expect(
      (await second.write([...TWO('completed'), { content: 'Tag', status: 'pending' }])).refused,
    ).toBe(false);
    expect(await second.lastSummary()).toContain('evidence #1: Bash');
    expect(await second.lastSummary()).not.toContain('Read');
  });
});
