import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from 'plankeeper/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeProviderServer, openaiWire } from '../support/fake-provider-server.js';
import { runCli, startCli } from '../support/run-cli.js';

const noKeys = {
  OPENAI_API_KEY: undefined,
  ANTHROPIC_API_KEY: undefined,
  OPENAI_BASE_URL: undefined,
  PLANKEEPER_MODEL: undefined,
};

const planCall = (id: string) =>
  openaiWire.completion({
    toolCalls: [
      {
        id,
        name: 'todo_write',
        arguments: JSON.stringify({
          todos: [
            { content: 'Compare the two laptops', status: 'in_progress' },
            { content: 'Recommend one', status: 'pending' },
          ],
        }),
      },
    ],
  });

describe('plankeeper chat', () => {
  let server: FakeProviderServer;
  let store: string;
  beforeEach(async () => {
    server = await FakeProviderServer.start();
    store = `sqlite:${join(mkdtempSync(join(tmpdir(), 'plankeeper-chat-')), 'plans.db')}`;
  });
  afterEach(() => server.close());

  const chatArgs = (session: string) => [
    'chat',
    '--model',
    'openai:test-model',
    '--base-url',
    server.url('/v1'),
    '--api-key',
    'test-key',
    '--store',
    store,
    '--session',
    session,
  ];

  it('says which key to set when none is configured', async () => {
    const openai = await runCli(['chat', '--model', 'openai:gpt-4o-mini', '--store', 'memory'], {
      env: noKeys,
    });
    expect(openai.code).toBe(3);
    expect(openai.stderr).toMatch(/OPENAI_API_KEY/);
    expect(openai.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    const anthropic = await runCli(
      ['chat', '--model', 'anthropic:claude-sonnet-4-5', '--store', 'memory'],
      { env: noKeys },
    );
    expect(anthropic.code).toBe(3);
    expect(anthropic.stderr).toMatch(/ANTHROPIC_API_KEY/);
    // A spec that is none is a usage error, as in `eval`; a missing key is configuration.
    const bad = await runCli(['chat', '--model', 'gpt-4o', '--store', 'memory'], { env: noKeys });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Use openai:MODEL/);
    const url = await runCli(
      ['chat', '--model', 'openai:qwen2.5', '--base-url', 'localhost:11434', '--store', 'memory'],
      { env: noKeys },
    );
    expect(url).toMatchObject({ code: 2 });
    expect(url.stderr).toContain('--base-url: "localhost:11434" is not an http(s) URL.');
  });

  it('plans through a real model client, and /todos shows the plan without a model call', async () => {
    server.reply(planCall('call_1'));
    server.reply(openaiWire.completion({ content: 'I will compare them.' }));
    server.reply(
      openaiWire.completion({
        content: 'Partly done: I could not compare prices yet because I have no shop data.',
      }),
    );
    const { code, stdout, stderr } = await runCli(chatArgs('laptops'), {
      input: 'Compare these two laptops and recommend one\n/todos\n/exit\n',
      env: noKeys,
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('Partly done: I could not compare prices yet');
    const afterAnswer = stdout.slice(stdout.indexOf('Partly done'));
    expect(afterAnswer).toContain(
      '### Current todo list (0/2 completed)\n- [>] #1 Compare the two laptops\n- [ ] #2 Recommend one',
    );
    // Three model calls for the message (plan, answer, answer after the finish check); none for /todos.
    expect(server.requests).toHaveLength(3);
    const lastBody = server.requests[2]!.body as { messages: { role: string; content: string }[] };
    expect(lastBody.messages.at(-1)?.content).toBe(
      '### Current todo list (0/2 completed, unchanged)\nNow: #1 Compare the two laptops\nOpen: #2',
    );
    expect(
      lastBody.messages.some((message) =>
        message.content?.includes?.('Your todo list still has open items'),
      ),
    ).toBe(true);
  });

  it('speaks Chinese under --lang zh: its own lines and the labels of the harness’s messages', async () => {
    server.reply(planCall('call_1'));
    server.reply(openaiWire.completion({ content: '我会比较。' }));
    server.reply(openaiWire.completion({ content: '部分完成：没有商店数据，未能比较价格。' }));
    const { code, stdout, stderr } = await runCli([...chatArgs('laptops-zh'), '--lang', 'zh'], {
      input: '比较这两台笔记本\n/help\n/exit\n',
      env: noKeys,
    });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain(
      'plankeeper chat · openai:test-model · 会话 laptops-zh（用 --session laptops-zh 继续）',
    );
    expect(stdout).toContain('! 收尾检查: 待办清单还有未完成事项');
    expect(stdout).toContain('没有 /help 这个命令。可用：/todos、/clear、/exit。');
  });

  it('--session picks the stored plan back up after the process was killed', async () => {
    server.reply(planCall('call_1'));
    server.reply({ ...openaiWire.completion({ content: 'never sent' }), delayMs: 60_000 });
    const first = startCli(chatArgs('resume-me'), { env: noKeys });
    first.stdin.write('Compare these two laptops\n');
    await waitFor(() => server.requests.length === 2, 'the second model request', 15_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.on('close', resolve));

    const second = await runCli(chatArgs('resume-me'), {
      input: '/todos\n/clear\n/todos\n/exit\n',
      env: noKeys,
    });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('session resume-me');
    const resumedAt = second.stdout.indexOf('- [>] #1 Compare the two laptops');
    expect(resumedAt).toBeGreaterThan(0);
    const clearedAt = second.stdout.indexOf('Todo list cleared.');
    expect(clearedAt).toBeGreaterThan(resumedAt);
    expect(second.stdout.indexOf('No todos.', clearedAt)).toBeGreaterThan(clearedAt);
    expect(server.requests).toHaveLength(2);
  });

  it('rejects a bad store URL and a bad step count with exit code 2', async () => {
    const store = await runCli(['chat', '--store', 'mysql://x', '--api-key', 'k'], { env: noKeys });
    expect(store.code).toBe(2);
    expect(store.stderr).toMatch(/^plankeeper: --store: /);
    const steps = await runCli(
      ['chat', '--max-steps', 'ten', '--api-key', 'k', '--store', 'memory'],
      { env: noKeys },
    );
    expect(steps.code).toBe(2);
    expect(steps.stderr).toMatch(/--max-steps: "ten" is not a positive whole number/);
  });
});
