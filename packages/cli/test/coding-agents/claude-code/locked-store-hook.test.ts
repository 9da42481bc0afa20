/**
 * The `hook` tool of `plankeeper mcp --for claude-code` on a SQLite store another process
 * keeps locked (an open write transaction): the hook gives up within its lock wait and answers
 * neutrally, as the command hook does, and the server is not held meanwhile: a `todo_read`
 * sent alongside answers at once. better-sqlite3 waits for a lock synchronously, so a hook
 * that waited the store's whole busy timeout (5 s) stopped every other call of the server.
 */
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lockSqliteFile,
  type SqliteLock,
} from '../../../../plankeeper/test/support/locked-sqlite.js';
import { newStoreUrl, withPlanEngine } from '../../support/seeded-store.js';
import { connectServer } from './support/mcp-tool-hook.js';

const BIN = fileURLToPath(new URL('../../../bin/plankeeper.js', import.meta.url));
const SESSION = '5b0c2f7e-locked-store';

const text = (result: unknown) =>
  (result as CallToolResult).content
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('');

describe('the hook tool on a SQLite store locked by another process', () => {
  const store = newStoreUrl('pk-locked-');
  let client: Awaited<ReturnType<typeof connectServer>>;
  let lock: SqliteLock;

  beforeAll(async () => {
    await withPlanEngine(store, (engine) =>
      engine.write({ agent: 'claude-code', session: SESSION }, [
        { content: 'Read the notes', status: 'in_progress' },
      ]),
    );
    client = await connectServer(
      { command: process.execPath, args: [BIN, 'mcp', '--store', store, '--for', 'claude-code'] },
      { ...(process.env as Record<string, string>), CLAUDE_CODE_SESSION_ID: SESSION },
    );
    // The server is up and has read the store once before the lock is taken.
    expect(text(await client.callTool({ name: 'todo_read', arguments: {} }))).toContain('#1');
    lock = await lockSqliteFile(store.slice('sqlite:'.length));
  }, 30_000);

  afterAll(async () => {
    await lock?.release();
    await client?.close();
  });

  it('answers neutrally within the lock wait, and a todo_read alongside answers at once', async () => {
    const started = Date.now();
    const hook = client
      .callTool({
        name: 'hook',
        arguments: {
          event: 'UserPromptSubmit',
          session_id: SESSION,
          prompt: 'Read the notes.',
          prompt_id: 'prompt-1',
        },
      })
      .then((result) => ({ result, ms: Date.now() - started }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const readStarted = Date.now();
    const read = await client.callTool({ name: 'todo_read', arguments: {} });
    const readMs = Date.now() - readStarted;
    const { result, ms } = await hook;

    expect(text(read)).toContain('#1 Read the notes');
    expect(readMs).toBeLessThan(400);
    expect((result as CallToolResult).isError).not.toBe(true);
    expect(text(result)).toBe('{}');
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(1500);
  });
});
