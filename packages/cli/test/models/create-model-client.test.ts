import { type ChatMessage, ConfigurationError } from 'plankeeper';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AnthropicClient,
  createModelClient,
  OpenAIChatClient,
  parseModelSpec,
} from '../../src/models/index.js';
import { anthropicWire, FakeProviderServer, openaiWire } from '../support/fake-provider-server.js';

const task: ChatMessage[] = [{ role: 'user', content: 'Hello.' }];

let server: FakeProviderServer;

beforeEach(async () => {
  server = await FakeProviderServer.start();
});

afterEach(async () => {
  await server.close();
});

describe('parseModelSpec', () => {
  it('splits provider and model at the first colon only', () => {
    expect(parseModelSpec('openai:gpt-4o-mini')).toEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
    });
    expect(parseModelSpec(' Anthropic:claude-sonnet-4-5 ')).toEqual({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
    });
    expect(parseModelSpec('openai:qwen2.5:7b')).toEqual({
      provider: 'openai',
      model: 'qwen2.5:7b',
    });
  });

  it.each(['gpt-4o-mini', 'openai:', ':gpt-4o', 'gemini:gemini-2.5-pro', 'openai: gpt-4o', ''])(
    'rejects %j, listing the accepted forms',
    (spec) => {
      const parse = () => parseModelSpec(spec);
      expect(parse).toThrow(ConfigurationError);
      expect(parse).toThrow(
        `Model ${JSON.stringify(spec)} is not a model spec. Use openai:MODEL (OpenAI, or with the baseURL option any OpenAI-compatible server: GLM, DeepSeek, Qwen, Ollama, vLLM) or anthropic:MODEL, for example openai:gpt-4o-mini or anthropic:claude-sonnet-4-5.`,
      );
    },
  );
});

describe('createModelClient', () => {
  it('builds an OpenAI client that sends the named model', async () => {
    server.reply(openaiWire.completion({ content: 'Hi from GLM.' }));

    const client = createModelClient('openai:glm-4-flash', {
      apiKey: 'k',
      baseURL: server.url('/api/paas/v4'),
      env: {},
    });
    const response = await client.generate({ messages: task, tools: [] });

    expect(client).toBeInstanceOf(OpenAIChatClient);
    expect(client.name).toBe('openai:glm-4-flash');
    expect(response.message.content).toBe('Hi from GLM.');
    expect(server.requests[0]?.path).toBe('/api/paas/v4/chat/completions');
    expect(server.requests[0]?.body).toMatchObject({ model: 'glm-4-flash' });
  });

  it('builds a streaming Anthropic client with the given maxTokens', async () => {
    server.reply(anthropicWire.stream({ blocks: [{ type: 'text', deltas: ['Hi', '!'] }] }));

    const client = createModelClient('anthropic:claude-sonnet-4-5', {
      apiKey: 'k',
      baseURL: server.url(),
      stream: true,
      maxTokens: 1024,
      env: {},
    });
    const response = await client.generate({ messages: task, tools: [] });

    expect(client).toBeInstanceOf(AnthropicClient);
    expect(client.name).toBe('anthropic:claude-sonnet-4-5');
    expect(response.message.content).toBe('Hi!');
    expect(server.requests[0]?.body).toMatchObject({
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      stream: true,
    });
  });

  it('talks to a keyless local server (Ollama, vLLM) with a placeholder key', async () => {
    server.reply(openaiWire.completion({ content: 'local' }));

    const client = createModelClient('openai:qwen2.5:7b', { baseURL: server.url('/v1'), env: {} });
    await client.generate({ messages: task, tools: [] });

    expect(server.requests[0]?.headers.authorization).toBe('Bearer not-needed');
    expect(server.requests[0]?.body).toMatchObject({ model: 'qwen2.5:7b' });
  });

  it('uses the retry budget it is given', async () => {
    const limited = () => openaiWire.error(429, 'Slow down.', { headers: { 'retry-after': '0' } });
    server.reply(limited(), limited(), limited(), limited());

    const client = createModelClient('openai:gpt-4o-mini', {
      apiKey: 'k',
      baseURL: server.url('/v1'),
      maxRetries: 3,
      env: {},
    });

    await expect(client.generate({ messages: task, tools: [] })).rejects.toThrow('after 3 retries');
    expect(server.requests).toHaveLength(4);
  });

  it('names the variable and option when an OpenAI key is missing', () => {
    const create = () => createModelClient('openai:gpt-4o-mini', { env: {} });

    expect(create).toThrow(ConfigurationError);
    expect(create).toThrow(/set OPENAI_API_KEY or pass the apiKey option/);
  });

  it('names the variable and option when an Anthropic key is missing, even with a base URL', () => {
    const create = () =>
      createModelClient('anthropic:claude-sonnet-4-5', { baseURL: server.url(), env: {} });

    expect(create).toThrow(ConfigurationError);
    expect(create).toThrow(
      'No API key for Anthropic: set ANTHROPIC_API_KEY or pass the apiKey option.',
    );
  });

  it('rejects a base URL that is not http(s)', () => {
    const create = () =>
      createModelClient('openai:llama3', { baseURL: 'localhost:11434/v1', env: {} });

    expect(create).toThrow(ConfigurationError);
    expect(create).toThrow(
      'Base URL "localhost:11434/v1" is not an http(s) URL. Pass one like http://127.0.0.1:11434/v1 as the baseURL option or OPENAI_BASE_URL.',
    );
  });
});
