import {
  type ChatMessage,
  ConfigurationError,
  type ModelToolSpec,
  PlankeeperError,
} from 'plankeeper';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ModelError,
  OpenAIChatClient,
  type OpenAIChatClientOptions,
} from '../../src/models/index.js';
import { FakeProviderServer, openaiWire } from '../support/fake-provider-server.js';

const todoWrite: ModelToolSpec = {
  name: 'todo_write',
  description: 'Replace the plan.',
  inputSchema: {
    type: 'object',
    properties: { todos: { type: 'array', items: { type: 'object' } } },
    required: ['todos'],
    additionalProperties: false,
  },
};

const task: ChatMessage[] = [
  { role: 'system', content: 'You keep a plan.' },
  { role: 'user', content: 'Ship the release.' },
];

let server: FakeProviderServer;

beforeEach(async () => {
  server = await FakeProviderServer.start();
});

afterEach(async () => {
  await server.close();
});

function client(options: Partial<OpenAIChatClientOptions> = {}): OpenAIChatClient {
  return new OpenAIChatClient({
    model: 'gpt-4o-mini',
    apiKey: 'test-key',
    baseURL: server.url('/v1'),
    env: {},
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ModelError);
  const modelError = error as ModelError;
  expect(PlankeeperError.isInstance(modelError)).toBe(true);
  expect(modelError.message).not.toContain('\n');
  return modelError;
}

describe('OpenAIChatClient', () => {
  it('returns a plain answer with usage and finish reason', async () => {
    server.reply(openaiWire.completion({ content: 'Done.', usage: { prompt: 42, completion: 7 } }));

    const response = await client().generate({ messages: task, tools: [] });

    expect(response).toEqual({
      message: { role: 'assistant', content: 'Done.' },
      usage: { inputTokens: 42, outputTokens: 7 },
      finishReason: 'stop',
    });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer test-key');
    expect(request?.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'You keep a plan.' },
        { role: 'user', content: 'Ship the release.' },
      ],
    });
  });

  it('maps tools, assistant tool calls and tool results into the request', async () => {
    server.reply(
      openaiWire.completion({
        toolCalls: [
          {
            id: 'call_2',
            name: 'todo_write',
            arguments: '{"todos":[{"content":"Tag","status":"in_progress"}]}',
          },
        ],
      }),
    );
    const history: ChatMessage[] = [
      ...task,
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'call_1', name: 'todo_write', arguments: '{"todos": []}' },
          { id: 'call_1b', name: 'todo_read', arguments: {} },
        ],
      },
      {
        role: 'tool',
        toolCallId: 'call_1',
        name: 'todo_write',
        content: 'Plan cleared.',
        ok: true,
      },
      { role: 'tool', toolCallId: 'call_1b', name: 'todo_read', content: 'No plan.', ok: false },
      { role: 'user', content: '<plan>empty</plan>', injected: 'plan' },
    ];

    const response = await client().generate({ messages: history, tools: [todoWrite] });

    expect(response.finishReason).toBe('tool_calls');
    expect(response.message).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [
        {
          id: 'call_2',
          name: 'todo_write',
          arguments: '{"todos":[{"content":"Tag","status":"in_progress"}]}',
        },
      ],
    });
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'todo_write',
          description: 'Replace the plan.',
          parameters: todoWrite.inputSchema,
        },
      },
    ]);
    expect(body.messages).toEqual([
      { role: 'system', content: 'You keep a plan.' },
      { role: 'user', content: 'Ship the release.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'todo_write', arguments: '{"todos": []}' },
          },
          { id: 'call_1b', type: 'function', function: { name: 'todo_read', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Plan cleared.' },
      { role: 'tool', tool_call_id: 'call_1b', content: 'No plan.' },
      { role: 'user', content: '<plan>empty</plan>' },
    ]);
  });

  it('passes malformed tool-call arguments through as the raw string', async () => {
    server.reply(
      openaiWire.completion({
        toolCalls: [
          { id: 'call_a', name: 'todo_write', arguments: '{"todos": [' },
          { id: 'call_b', name: 'todo_write', arguments: '{"a":1}{"b":2}' },
        ],
      }),
    );

    const response = await client().generate({ messages: task, tools: [todoWrite] });

    expect(response.message.toolCalls?.map((call) => call.arguments)).toEqual([
      '{"todos": [',
      '{"a":1}{"b":2}',
    ]);
  });

  it('assembles a streamed answer: text chunks and interleaved tool-call fragments', async () => {
    server.reply(
      openaiWire.stream({
        deltas: [
          { content: 'Let me ' },
          { content: 'plan this.' },
          { toolCall: { index: 0, id: 'call_x', name: 'todo_write', arguments: '' } },
          { toolCall: { index: 0, arguments: '{"todos": [{"content": ' } },
          { toolCall: { index: 1, id: 'call_y', name: 'todo_read', arguments: '{' } },
          { toolCall: { index: 0, arguments: '"Tag v1", "status": "pending"}]}' } },
          { toolCall: { index: 1, arguments: '}' } },
        ],
        usage: { prompt: 120, completion: 33 },
      }),
    );

    const response = await client({ stream: true }).generate({
      messages: task,
      tools: [todoWrite],
    });

    expect(response).toEqual({
      message: {
        role: 'assistant',
        content: 'Let me plan this.',
        toolCalls: [
          {
            id: 'call_x',
            name: 'todo_write',
            arguments: '{"todos": [{"content": "Tag v1", "status": "pending"}]}',
          },
          { id: 'call_y', name: 'todo_read', arguments: '{}' },
        ],
      },
      usage: { inputTokens: 120, outputTokens: 33 },
      finishReason: 'tool_calls',
    });
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body.stream).toBe(true);
    expect(body.stream_options).toEqual({ include_usage: true });
  });

  it('joins an answer streamed in many small chunks', async () => {
    const text = 'Step 1 is done; step 2 (tests) is next, then the release notes.';
    server.reply(openaiWire.stream({ deltas: [...text].map((content) => ({ content })) }));

    const response = await client({ stream: true }).generate({ messages: task, tools: [] });

    expect(response.message).toEqual({ role: 'assistant', content: text });
    expect(response.finishReason).toBe('stop');
  });

  it('keeps malformed streamed arguments exactly as they arrived', async () => {
    server.reply(
      openaiWire.stream({
        deltas: [
          { toolCall: { index: 0, id: 'call_m', name: 'todo_write', arguments: '{"a":1}' } },
          { toolCall: { index: 0, arguments: '{"b":2}' } },
        ],
      }),
    );

    const response = await client({ stream: true }).generate({
      messages: task,
      tools: [todoWrite],
    });

    expect(response.message.toolCalls).toEqual([
      { id: 'call_m', name: 'todo_write', arguments: '{"a":1}{"b":2}' },
    ]);
  });

  it('does not ask for stream usage when streamUsage is false', async () => {
    server.reply(openaiWire.stream({ deltas: [{ content: 'ok' }], usage: null }));

    const response = await client({ stream: true, streamUsage: false }).generate({
      messages: task,
      tools: [],
    });

    expect(response.usage).toBeUndefined();
    expect(server.requests[0]?.body).not.toHaveProperty('stream_options');
  });

  it('reports a stream that ends before the finish reason', async () => {
    server.reply(
      openaiWire.stream({ deltas: [{ content: 'Half an ans' }], finishReason: null, done: false }),
    );

    const error = await failure(client({ stream: true }).generate({ messages: task, tools: [] }));

    expect(error.code).toBe('invalid-response');
    expect(error.message).toContain('ended before the answer was complete');
  });

  it('retries a 429 with Retry-After and then succeeds', async () => {
    server.reply(
      openaiWire.error(429, 'Rate limit reached for gpt-4o-mini', {
        type: 'requests',
        code: 'rate_limit_exceeded',
        headers: { 'retry-after': '0' },
      }),
      openaiWire.completion({ content: 'After the wait.' }),
    );

    const response = await client({ maxRetries: 2 }).generate({ messages: task, tools: [] });

    expect(response.message.content).toBe('After the wait.');
    expect(server.requests).toHaveLength(2);
    expect(server.pending).toBe(0);
  });

  it('turns a persistent 429 into a rate-limit ModelError after the retries', async () => {
    const limited = () =>
      openaiWire.error(429, 'Rate limit reached for gpt-4o-mini', {
        type: 'requests',
        code: 'rate_limit_exceeded',
        headers: { 'retry-after': '0' },
      });
    server.reply(limited(), limited());

    const error = await failure(client({ maxRetries: 1 }).generate({ messages: task, tools: [] }));

    expect(server.requests).toHaveLength(2);
    expect(error.code).toBe('rate-limit');
    expect(error.status).toBe(429);
    expect(error.provider).toBe('OpenAI');
    expect(error.message).toBe(
      'OpenAI is rate-limiting requests (429) and still was after 1 retry: Rate limit reached for gpt-4o-mini. Wait and try again, or raise the maxRetries option.',
    );
  });

  it('turns a persistent 5xx into a server ModelError after the retries', async () => {
    const down = () =>
      openaiWire.error(503, 'The server is overloaded.', {
        type: 'server_error',
        headers: { 'retry-after': '0' },
      });
    server.reply(down(), down(), down());

    const error = await failure(client({ maxRetries: 2 }).generate({ messages: task, tools: [] }));

    expect(server.requests).toHaveLength(3);
    expect(error.code).toBe('server');
    expect(error.status).toBe(503);
    expect(error.message).toBe(
      'OpenAI failed with status 503 after 2 retries: The server is overloaded. The provider is having trouble; try again later.',
    );
  });

  it('names the key variable on a 401 and does not retry it', async () => {
    server.reply(
      openaiWire.error(401, 'Incorrect API key provided: sk-wrong.', { code: 'invalid_api_key' }),
    );

    const error = await failure(client({ maxRetries: 2 }).generate({ messages: task, tools: [] }));

    expect(server.requests).toHaveLength(1);
    expect(error.code).toBe('authentication');
    expect(error.message).toBe(
      'OpenAI rejected the API key (401): Incorrect API key provided: sk-wrong. Check OPENAI_API_KEY or pass the apiKey option.',
    );
  });

  it('names the model and base URL on a 404', async () => {
    server.reply(
      openaiWire.error(404, 'The model `gpt-9` does not exist or you do not have access to it.', {
        code: 'model_not_found',
      }),
    );

    const error = await failure(client({ model: 'gpt-9' }).generate({ messages: task, tools: [] }));

    expect(error.code).toBe('not-found');
    expect(error.message).toBe(
      `OpenAI answered 404 for model "gpt-9" at ${server.url('/v1')}: The model \`gpt-9\` does not exist or you do not have access to it. Check the model name and the base URL (OPENAI_BASE_URL or the baseURL option).`,
    );
  });

  it('explains an unreachable server', async () => {
    const gone = await FakeProviderServer.start();
    const baseURL = gone.url('/v1');
    await gone.close();

    const error = await failure(
      client({ baseURL, maxRetries: 0 }).generate({ messages: task, tools: [] }),
    );

    expect(error.code).toBe('connection');
    expect(error.message).toMatch(
      new RegExp(
        `^Cannot reach OpenAI-compatible server at ${baseURL.replaceAll('.', '\\.')}: .*Check the base URL`,
      ),
    );
  });

  it('gives up on a server that does not answer within timeoutMs', async () => {
    server.reply({ ...openaiWire.completion({ content: 'too late' }), delayMs: 5_000 });

    const error = await failure(
      client({ timeoutMs: 100, maxRetries: 0 }).generate({ messages: task, tools: [] }),
    );

    expect(error.code).toBe('timeout');
    expect(error.message).toBe(
      `OpenAI-compatible server did not answer in time at ${server.url('/v1')}. Try again, or raise the timeoutMs option.`,
    );
  });

  it('turns a cancelled request into an aborted ModelError', async () => {
    server.reply({ ...openaiWire.completion({ content: 'too late' }), delayMs: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);

    const error = await failure(
      client().generate({ messages: task, tools: [], signal: controller.signal }),
    );

    expect(error.code).toBe('aborted');
  });

  it('reads the key and base URL from OPENAI_API_KEY and OPENAI_BASE_URL', async () => {
    server.reply(openaiWire.completion({ content: 'env' }));
    const fromEnv = new OpenAIChatClient({
      model: 'glm-4-flash',
      env: { OPENAI_API_KEY: 'env-key\n', OPENAI_BASE_URL: server.url('/api/paas/v4') },
    });

    await fromEnv.generate({ messages: task, tools: [] });

    expect(fromEnv.name).toBe('openai:glm-4-flash');
    expect(server.requests[0]?.path).toBe('/api/paas/v4/chat/completions');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer env-key');
  });

  it('needs no key for a local OpenAI-compatible server', async () => {
    server.reply(openaiWire.completion({ content: 'local' }));
    const local = new OpenAIChatClient({
      model: 'qwen2.5:7b',
      baseURL: server.url('/v1'),
      env: {},
    });

    const response = await local.generate({ messages: task, tools: [] });

    expect(response.message.content).toBe('local');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer not-needed');
  });

  it('refuses to start without a key for api.openai.com', () => {
    const create = (options: Partial<OpenAIChatClientOptions>) => () =>
      new OpenAIChatClient({ model: 'gpt-4o-mini', env: {}, ...options });
    const message =
      'No API key for OpenAI: set OPENAI_API_KEY or pass the apiKey option. Local OpenAI-compatible servers (Ollama, vLLM) need no key; pass their address as the baseURL option instead.';

    expect(create({})).toThrow(ConfigurationError);
    expect(create({})).toThrow(message);
    expect(create({ baseURL: 'https://api.openai.com/v1' })).toThrow(message);
    expect(create({ env: { OPENAI_API_KEY: '  ' } })).toThrow(message);
  });
});
