/**
 * The README's examples that need a server to talk to run here: the model client against
 * a stand-in provider, the MCP server over HTTP with the SDK's own client and over stdio
 * through pipes; and the rejection the README quotes is what the model really gets.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createPlanTools, PlanEngine } from 'plankeeper';
import type { HttpHandle } from 'plankeeper/mcp';
import { describe, expect, it, vi } from 'vitest';
import { evidenceRun } from '../../examples/evidence.js';
import { serve } from '../../examples/mcp-server.js';
import { ask } from '../../examples/own-model.js';
import {
  FakeProviderServer,
  openaiWire,
} from '../../packages/cli/test/support/fake-provider-server.js';
import { initialize, lines } from '../../packages/plankeeper/test/support/mcp-frames.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('examples/own-model.ts', () => {
  it('asks the server at baseURL and returns its answer', async () => {
    const server = await FakeProviderServer.start();
    try {
      server.reply(openaiWire.completion({ content: 'Within 14 days.' }));
      expect(await ask('Can I return opened headphones?', server.url('/v1'))).toBe(
        'Within 14 days.',
      );
      expect(server.requests[0]).toMatchObject({
        path: '/v1/chat/completions',
        body: { model: 'qwen2.5:7b' },
      });
    } finally {
      await server.close();
    }
  });

  it('gets the error as a value when the model call fails, as the comment says', async () => {
    const server = await FakeProviderServer.start();
    try {
      server.reply(openaiWire.error(401, 'Incorrect API key provided.'));
      expect(await ask('Hi', server.url('/v1'))).toMatch(/^No answer: .*401/);
    } finally {
      await server.close();
    }
  });
});

describe('examples/mcp-server.ts', () => {
  it('serves the plan tools over HTTP to an MCP client', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const http = (await serve('http', { store: 'memory', port: 0 })) as HttpHandle;
    const client = new Client({ name: 'readme', version: '1' });
    try {
      expect(log).toHaveBeenCalledWith(`MCP at ${http.url}`);
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      const result = await client.callTool({
        name: 'todo_write',
        arguments: { todos: [{ content: 'Find the policy', status: 'in_progress' }] },
      });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
      await http.close();
      log.mockRestore();
    }
  });

  it('serves over stdio until the client goes away, then closes the store', async () => {
    // The example serves the process's own stdin and stdout, as a real server does.
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let output = '';
    stdout.on('data', (chunk) => {
      output += chunk;
    });
    const spies = [
      vi.spyOn(process, 'stdin', 'get').mockReturnValue(stdin as unknown as typeof process.stdin),
      vi
        .spyOn(process, 'stdout', 'get')
        .mockReturnValue(stdout as unknown as typeof process.stdout),
    ];
    try {
      const store = `sqlite:${join(mkdtempSync(join(tmpdir(), 'plankeeper-readme-')), 'plans.db')}`;
      const served = serve('stdio', { store });
      stdin.write(lines(initialize));
      await vi.waitFor(() => expect(output).toContain('"id":1'));
      stdin.end();
      await served;
      expect(JSON.parse(output.split('\n')[0]!).result.serverInfo).toBeDefined();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('the rejection the README shows', () => {
  it('is what todo_write answers', async () => {
    const shown = /```text\n(Rejected;[\s\S]*?)```/.exec(readme)?.[1];
    const [todoWrite] = createPlanTools({ engine: new PlanEngine(), tools: 'whole-list' });
    const result = await todoWrite!.execute(
      {
        todos: [
          { content: 'Find the policy', status: 'done' },
          { content: 'Answer', status: 'pending', priority: 'high' },
        ],
      },
      { key: { agent: 'a', session: 's' } },
    );
    expect(result.text).toBe(shown?.trimEnd());
  });
});

describe('examples/evidence.ts', () => {
  it('refuses the tick with no work, accepts it after the test run', async () => {
    const { refusal, plan, answer } = await evidenceRun();
    expect(refusal).toBe(
      'Rejected; the todo list is unchanged. Fix and resend:\n- #1 Fix the parser cannot be completed: no tool call has succeeded since it became in_progress. Do the work with your tools first, then mark it completed.',
    );
    expect(plan).toEqual([{ id: '1', content: 'Fix the parser', status: 'completed' }]);
    expect(answer).toBe('Fixed; the tests pass.');
  });
});
