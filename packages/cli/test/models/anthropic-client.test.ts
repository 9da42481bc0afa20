import {
  type ChatMessage,
  ConfigurationError,
  type ModelToolSpec,
  PlankeeperError,
} from 'plankeeper';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AnthropicClient,
  type AnthropicClientOptions,
  ModelError,
} from '../../src/models/index.js';
import { anthropicWire, FakeProviderServer } from '../support/fake-provider-server.js';

const todoWrite: ModelToolSpec = {
  name: 'todo_write',
  description: 'Replace the plan.',
  inputSchema: {
    type: 'object',
    properties: { todos: { type: 'array', items: { type: 'object' } } },
    required: ['todos'],
  },
};

const task: ChatMessage[] = [
  { role: 'system', content: 'You keep a plan.' },
  { role: 'user', content: 'Ship the release.' },
];

/** Anthropic's SDK ignores `retry-after: 0` and backs off ~0.5 s; the ms header keeps tests fast. */
const retrySoon = { 'retry-after-ms': '1' };

let server: FakeProviderServer;

beforeEach(async () => {
  server = await FakeProviderServer.start();
});

afterEach(async () => {
  await server.close();
});

function client(options: Partial<AnthropicClientOptions> = {}): AnthropicClient {
  return new AnthropicClient({
    model: 'claude-sonnet-4-5',
    apiKey: 'test-key',
    baseURL: server.url(),
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

function body(index = 0): Record<string, unknown> {
  return server.requests[index]?.body as Record<string, unknown>;
}

describe('AnthropicClient', () => {
  it('returns a plain answer, with the system prompt in `system` and the default max_tokens', async () => {
    server.reply(anthropicWire.message({ content: [{ type: 'text', text: 'Done.' }] }));

    const response = await client().generate({ messages: task, tools: [] });

    expect(response).toEqual({
      message: { role: 'assistant', content: 'Done.' },
      usage: { inputTokens: 10, outputTokens: 5 },
      finishReason: 'end_turn',
    });
    const [request] = server.requests;
    expect(request?.path).toBe('/v1/messages');
    // SDK 1.x sends the API key as a bearer token.
    expect(request?.headers.authorization).toBe('Bearer test-key');
    expect(request?.headers['anthropic-version']).toBeTypeOf('string');
    expect(request?.body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      system: 'You keep a plan.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Ship the release.' }] }],
    });
  });

  it('counts cached prompt tokens as input and honours maxTokens', async () => {
    server.reply(
      anthropicWire.message({
        content: [{ type: 'text', text: 'ok' }],
        usage: { input: 12, cacheCreation: 300, cacheRead: 2000, output: 9 },
      }),
    );

    const response = await client({ maxTokens: 512 }).generate({ messages: task, tools: [] });

    expect(response.usage).toEqual({ inputTokens: 2312, outputTokens: 9 });
    expect(body().max_tokens).toBe(512);
  });

  it('maps tool calls and results into alternating turns, results first', async () => {
    server.reply(
      anthropicWire.message({
        content: [
          { type: 'text', text: 'Updating the plan.' },
          {
            type: 'tool_use',
            id: 'toolu_3',
            name: 'todo_write',
            input: { todos: [{ content: 'Tag', status: 'in_progress' }] },
          },
        ],
      }),
    );
    const history: ChatMessage[] = [
      { role: 'system', content: 'You keep a plan.' },
      { role: 'system', content: 'Answer in English.' },
      { role: 'user', content: 'Ship the release.' },
      {
        role: 'assistant',
        content: 'Planning first.',
        toolCalls: [
          { id: 'toolu_1', name: 'todo_write', arguments: '{"todos": []}' },
          { id: 'toolu_2', name: 'todo_write', arguments: '{"todos": [' },
        ],
      },
      {
        role: 'tool',
        toolCallId: 'toolu_1',
        name: 'todo_write',
        content: 'Plan cleared.',
        ok: true,
      },
      { role: 'user', content: '<plan>empty</plan>', injected: 'plan' },
      {
        role: 'tool',
        toolCallId: 'toolu_2',
        name: 'todo_write',
        content: 'Invalid JSON at position 11.',
        ok: false,
      },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'toolu_4', name: 'todo_write', arguments: '{"todos":[{"content":"A"}]}{"x":1}' },
        ],
      },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'toolu_5', name: 'todo_read', arguments: {} }],
      },
      {
        role: 'tool',
        toolCallId: 'toolu_4',
        name: 'todo_write',
        content: 'Trailing data.',
        ok: false,
      },
      { role: 'tool', toolCallId: 'toolu_5', name: 'todo_read', content: 'No plan.', ok: true },
    ];

    const response = await client().generate({ messages: history, tools: [todoWrite] });

    expect(response).toEqual({
      message: {
        role: 'assistant',
        content: 'Updating the plan.',
        toolCalls: [
          {
            id: 'toolu_3',
            name: 'todo_write',
            arguments: '{"todos":[{"content":"Tag","status":"in_progress"}]}',
          },
        ],
      },
      usage: { inputTokens: 10, outputTokens: 5 },
      finishReason: 'tool_use',
    });
    expect(body().system).toBe('You keep a plan.\n\nAnswer in English.');
    expect(body().tools).toEqual([
      { name: 'todo_write', description: 'Replace the plan.', input_schema: todoWrite.inputSchema },
    ]);
    expect(body().messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Ship the release.' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Planning first.' },
          { type: 'tool_use', id: 'toolu_1', name: 'todo_write', input: { todos: [] } },
          // The model's malformed arguments cannot be replayed as an object.
          { type: 'tool_use', id: 'toolu_2', name: 'todo_write', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Plan cleared.' },
          {
            type: 'tool_result',
            tool_use_id: 'toolu_2',
            content: 'Invalid JSON at position 11.',
            is_error: true,
          },
          { type: 'text', text: '<plan>empty</plan>' },
        ],
      },
      {
        role: 'assistant',
        content: [
          // Trailing data after the first object: the first object is kept.
          {
            type: 'tool_use',
            id: 'toolu_4',
            name: 'todo_write',
            input: { todos: [{ content: 'A' }] },
          },
          { type: 'tool_use', id: 'toolu_5', name: 'todo_read', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_4',
            content: 'Trailing data.',
            is_error: true,
          },
          { type: 'tool_result', tool_use_id: 'toolu_5', content: 'No plan.' },
        ],
      },
    ]);
  });

  it('joins an answer given as several text blocks', async () => {
    server.reply(
      anthropicWire.message({
        content: [
          { type: 'text', text: 'Step 1 is done. ' },
          { type: 'text', text: 'Step 2 is next.' },
        ],
      }),
    );

    const response = await client().generate({ messages: task, tools: [] });

    expect(response.message).toEqual({
      role: 'assistant',
      content: 'Step 1 is done. Step 2 is next.',
    });
  });

  it('assembles a streamed answer: text deltas and input_json_delta fragments', async () => {
    server.reply(
      anthropicWire.stream({
        blocks: [
          { type: 'text', deltas: ['Let me ', 'plan ', 'this.'] },
          {
            type: 'tool_use',
            id: 'toolu_s',
            name: 'todo_write',
            jsonDeltas: ['', '{"todos": [{"con', 'tent": "Tag v1", ', '"status": "pending"}]}'],
          },
          { type: 'tool_use', id: 'toolu_r', name: 'todo_read', jsonDeltas: [] },
        ],
        usage: { input: 50, cacheRead: 1000, output: 40 },
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
            id: 'toolu_s',
            name: 'todo_write',
            arguments: '{"todos": [{"content": "Tag v1", "status": "pending"}]}',
          },
          // No delta at all: the start block's `{}` is the input.
          { id: 'toolu_r', name: 'todo_read', arguments: '{}' },
        ],
      },
      usage: { inputTokens: 1050, outputTokens: 40 },
      finishReason: 'tool_use',
    });
    expect(body().stream).toBe(true);
  });

  it('passes a malformed streamed tool input through as the raw string', async () => {
    server.reply(
      anthropicWire.stream({
        blocks: [
          { type: 'tool_use', id: 'toolu_m', name: 'todo_write', jsonDeltas: ['{"todos": ['] },
        ],
        stopReason: 'max_tokens',
      }),
    );

    const response = await client({ stream: true }).generate({
      messages: task,
      tools: [todoWrite],
    });

    expect(response.message.toolCalls).toEqual([
      { id: 'toolu_m', name: 'todo_write', arguments: '{"todos": [' },
    ]);
    expect(response.finishReason).toBe('max_tokens');
  });

  it('reports a stream that ends before message_stop', async () => {
    server.reply(
      anthropicWire.stream({
        blocks: [{ type: 'text', deltas: ['Half an ans'] }],
        complete: false,
      }),
    );

    const error = await failure(client({ stream: true }).generate({ messages: task, tools: [] }));

    expect(error.code).toBe('invalid-response');
    expect(error.message).toContain('ended before message_stop');
  });

  it('reports an error event sent in the middle of a stream', async () => {
    const reply = anthropicWire.stream({
      blocks: [{ type: 'text', deltas: ['Hal'] }],
      complete: false,
    });
    server.reply({
      ...reply,
      events: [
        ...(reply.events ?? []),
        {
          event: 'error',
          data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
        },
      ],
    });

    const error = await failure(client({ stream: true }).generate({ messages: task, tools: [] }));

    expect(error.code).toBe('server');
    expect(error.message).toBe(
      'Anthropic reported an error in the middle of its answer: overloaded_error: Overloaded. Try again later.',
    );
  });

  it('retries a 429 and then succeeds', async () => {
    server.reply(
      anthropicWire.error(
        429,
        'rate_limit_error',
        'Number of request tokens has exceeded your rate limit.',
        retrySoon,
      ),
      anthropicWire.message({ content: [{ type: 'text', text: 'After the wait.' }] }),
    );

    const response = await client({ maxRetries: 2 }).generate({ messages: task, tools: [] });

    expect(response.message.content).toBe('After the wait.');
    expect(server.requests).toHaveLength(2);
    expect(server.pending).toBe(0);
  });

  it('turns a persistent 429 into a rate-limit ModelError after the retries', async () => {
    const limited = () =>
      anthropicWire.error(
        429,
        'rate_limit_error',
        'Number of request tokens has exceeded your rate limit.',
        retrySoon,
      );
    server.reply(limited(), limited());

    const error = await failure(client({ maxRetries: 1 }).generate({ messages: task, tools: [] }));

    expect(server.requests).toHaveLength(2);
    expect(error.code).toBe('rate-limit');
    expect(error.status).toBe(429);
    expect(error.message).toBe(
      'Anthropic is rate-limiting requests (429) and still was after 1 retry: rate_limit_error: Number of request tokens has exceeded your rate limit. Wait and try again, or raise the maxRetries option.',
    );
  });

  it('turns a persistent 529 overload into a server ModelError', async () => {
    const overloaded = () => anthropicWire.error(529, 'overloaded_error', 'Overloaded', retrySoon);
    server.reply(overloaded(), overloaded(), overloaded());

    const error = await failure(client({ maxRetries: 2 }).generate({ messages: task, tools: [] }));

    expect(server.requests).toHaveLength(3);
    expect(error.code).toBe('server');
    expect(error.message).toBe(
      'Anthropic failed with status 529 after 2 retries: overloaded_error: Overloaded. The provider is having trouble; try again later.',
    );
  });

  it('names the key variable on a 401', async () => {
    server.reply(anthropicWire.error(401, 'authentication_error', 'invalid x-api-key'));

    const error = await failure(client().generate({ messages: task, tools: [] }));

    expect(server.requests).toHaveLength(1);
    expect(error.code).toBe('authentication');
    expect(error.message).toBe(
      'Anthropic rejected the API key (401): authentication_error: invalid x-api-key. Check ANTHROPIC_API_KEY or pass the apiKey option.',
    );
  });

  it('names the model on a 404', async () => {
    server.reply(anthropicWire.error(404, 'not_found_error', 'model: claude-nine'));

    const error = await failure(
      client({ model: 'claude-nine' }).generate({ messages: task, tools: [] }),
    );

    expect(error.code).toBe('not-found');
    expect(error.message).toContain('Anthropic answered 404 for model "claude-nine"');
    expect(error.message).toContain(
      'Check the model name and the base URL (ANTHROPIC_BASE_URL or the baseURL option).',
    );
  });

  it('explains an unreachable server', async () => {
    const gone = await FakeProviderServer.start();
    const baseURL = gone.url();
    await gone.close();

    const error = await failure(
      client({ baseURL, maxRetries: 0 }).generate({ messages: task, tools: [] }),
    );

    expect(error.code).toBe('connection');
    expect(error.message).toContain(`Cannot reach Anthropic at ${baseURL}: `);
    expect(error.message).toContain('(ANTHROPIC_BASE_URL or the baseURL option)');
  });

  it('turns a cancelled streamed request into an aborted ModelError', async () => {
    server.reply({ ...anthropicWire.stream({ blocks: [] }), delayMs: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);

    const error = await failure(
      client({ stream: true }).generate({ messages: task, tools: [], signal: controller.signal }),
    );

    expect(error.code).toBe('aborted');
  });

  it('reads the key and base URL from ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL', async () => {
    server.reply(anthropicWire.message({ content: [{ type: 'text', text: 'env' }] }));
    const fromEnv = new AnthropicClient({
      model: 'claude-haiku-4-5',
      env: { ANTHROPIC_API_KEY: 'env-key', ANTHROPIC_BASE_URL: server.url('/proxy') },
    });

    await fromEnv.generate({ messages: task, tools: [] });

    expect(fromEnv.name).toBe('anthropic:claude-haiku-4-5');
    expect(server.requests[0]?.path).toBe('/proxy/v1/messages');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer env-key');
  });

  it('refuses to start without a key, naming the variable and the option', () => {
    const create = () => new AnthropicClient({ model: 'claude-sonnet-4-5', env: {} });

    expect(create).toThrow(ConfigurationError);
    expect(create).toThrow(
      'No API key for Anthropic: set ANTHROPIC_API_KEY or pass the apiKey option.',
    );
  });
});
