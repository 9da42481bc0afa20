/**
 * The executor's counting proxy in front of a fake provider (a real HTTP server speaking each
 * wire format): every request goes through unchanged to the real base URL (path, query, body,
 * streamed answer), model calls and their tokens are counted per run, and endpoint failures
 * are noted for the run's outcome.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  anthropicWire,
  FakeProviderServer,
  openaiWire,
  type SseEvent,
} from '../../../test/support/fake-provider-server.js';
import { type CountingProxy, startCountingProxy } from './counting-proxy.js';

let fake: FakeProviderServer;
let proxy: CountingProxy;
afterEach(async () => {
  await proxy?.close();
  await fake?.close();
});

async function start(basePath = ''): Promise<void> {
  fake = await FakeProviderServer.start();
  proxy = await startCountingProxy(fake.url(basePath));
}

const post = (run: string, path: string, body: unknown = { stream: true }) =>
  fetch(`${proxy.baseUrl(run)}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'key-1' },
    body: JSON.stringify(body),
  });

describe('the counting proxy', () => {
  it('Anthropic Messages, streamed: forwarded unchanged; cached input counted as input', async () => {
    await start();
    const reply = anthropicWire.stream({
      blocks: [{ type: 'text', deltas: ['Hel', 'lo'] }],
      usage: { input: 10, output: 5, cacheRead: 100, cacheCreation: 20 },
    });
    fake.reply(reply);
    const answer = await post('a', '/v1/messages?beta=true', { model: 'm', stream: true });
    const text = await answer.text();
    expect(text).toContain('"text":"Hel"');
    expect(fake.requests[0]).toMatchObject({
      path: '/v1/messages?beta=true',
      body: { model: 'm', stream: true },
      headers: { 'x-api-key': 'key-1' },
    });
    expect(proxy.traffic('a')).toMatchObject({ modelCalls: 1, inputTokens: 130, outputTokens: 5 });
  });

  it('Chat Completions (usage chunk) and a base URL with a path; runs counted apart', async () => {
    await start('/v1');
    fake.reply(
      openaiWire.stream({ deltas: [{ content: 'Hi' }], usage: { prompt: 12, completion: 7 } }),
      openaiWire.completion({ content: 'Hi', usage: { prompt: 3, completion: 2 } }),
    );
    await (await post('a', '/chat/completions')).text();
    await (await post('b', '/chat/completions', { stream: false })).text();
    expect(fake.requests.map((request) => request.path)).toEqual([
      '/v1/chat/completions',
      '/v1/chat/completions',
    ]);
    expect(proxy.traffic('a')).toMatchObject({ modelCalls: 1, inputTokens: 12, outputTokens: 7 });
    expect(proxy.traffic('b')).toMatchObject({ modelCalls: 1, inputTokens: 3, outputTokens: 2 });
  });

  it('OpenAI Responses (response.completed) and Gemini (usageMetadata, last chunk) streams', async () => {
    await start();
    const responses: SseEvent[] = [
      { event: 'response.created', data: { type: 'response.created', response: { usage: null } } },
      {
        event: 'response.completed',
        data: {
          type: 'response.completed',
          response: { usage: { input_tokens: 40, output_tokens: 9, total_tokens: 49 } },
        },
      },
    ];
    const gemini: SseEvent[] = [
      {
        data: { candidates: [], usageMetadata: { promptTokenCount: 50, candidatesTokenCount: 1 } },
      },
      {
        data: { candidates: [], usageMetadata: { promptTokenCount: 50, candidatesTokenCount: 4 } },
      },
    ];
    fake.reply({ events: responses }, { events: gemini }, { json: { totalTokens: 9 } });
    await (await post('r', '/v1/responses')).text();
    await (await post('g', '/v1beta/models/gemini-x:streamGenerateContent?alt=sse')).text();
    await (await post('g', '/v1beta/models/gemini-x:countTokens')).text();
    expect(fake.requests[1]?.path).toBe('/v1beta/models/gemini-x:streamGenerateContent?alt=sse');
    expect(proxy.traffic('r')).toMatchObject({ modelCalls: 1, inputTokens: 40, outputTokens: 9 });
    expect(proxy.traffic('g')).toMatchObject({ modelCalls: 1, inputTokens: 50, outputTokens: 4 });
  });

  it('a 429, then an answer: the failure is noted but the last call succeeded', async () => {
    await start();
    fake.reply(
      { status: 429, json: { error: { message: 'slow down' } } },
      anthropicWire.message({
        content: [{ type: 'text', text: 'ok' }],
      }),
    );
    expect((await post('a', '/v1/messages')).status).toBe(429);
    expect(proxy.traffic('a')).toMatchObject({
      modelCalls: 1,
      answered: 0,
      lastFailed: true,
      failure: { kind: 'status', status: 429, retryable: true },
    });
    expect((await post('a', '/v1/messages')).status).toBe(200);
    expect(proxy.traffic('a')).toMatchObject({ modelCalls: 2, answered: 1, lastFailed: false });
  });

  it('a refused connection: noted, retryable, and no model call, since the endpoint answered none', async () => {
    fake = await FakeProviderServer.start();
    proxy = await startCountingProxy('http://127.0.0.1:9');
    expect((await post('a', '/v1/messages')).status).toBe(502);
    expect(proxy.traffic('a')).toMatchObject({
      modelCalls: 0,
      answered: 0,
      lastFailed: true,
      failure: { kind: 'unreachable', code: 'ECONNREFUSED', retryable: true },
    });
  });
});
