/**
 * A base URL that reaches some other web server: a 200 that is an HTML page, JSON of
 * another shape, or an event stream of another API. Each client says the server did not
 * answer as its API and to check the base URL, for each wire format it speaks.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnthropicClient, ModelError, OpenAIChatClient } from '../../src/models/index.js';
import { FakeProviderServer, type ScriptedReply } from '../support/fake-provider-server.js';

let server: FakeProviderServer;
beforeEach(async () => {
  server = await FakeProviderServer.start();
});
afterEach(async () => {
  await server.close();
});

const html: ScriptedReply = {
  headers: { 'content-type': 'text/html; charset=utf-8' },
  text: '<!doctype html><html><body><h1>Router login</h1></body></html>',
};
const otherJson: ScriptedReply = { json: { status: 'ok', version: '2.1' } };
const otherEvents: ScriptedReply = {
  events: [{ data: { kind: 'tick' } }, { data: { kind: 'tock' } }],
};

const messages = [{ role: 'user' as const, content: 'Hi' }];

function clients(stream: boolean) {
  const common = { apiKey: 'k', env: {}, maxRetries: 0, stream };
  return {
    openai: new OpenAIChatClient({ ...common, model: 'm', baseURL: server.url('/v1') }),
    anthropic: new AnthropicClient({ ...common, model: 'm', baseURL: server.url('') }),
  };
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe.each([false, true])('a server that is not the API (stream: %s)', (stream) => {
  it.each([
    ['an HTML page', html],
    ['JSON of another shape', otherJson],
  ])('OpenAI: names the base URL when it gets %s', async (what, reply) => {
    server.reply(reply);
    const error = await failure(clients(stream).openai.generate({ messages, tools: [] }));
    expect(error.code).toBe('invalid-response');
    expect(error.message).toBe(
      `The server at ${server.url('/v1')} did not answer as the OpenAI Chat Completions API (it sent ${what}); check the base URL (OPENAI_BASE_URL or the baseURL option).`,
    );
  });

  it.each([
    ['an HTML page', html],
    ['JSON of another shape', otherJson],
  ])('Anthropic: names the base URL when it gets %s', async (what, reply) => {
    server.reply(reply);
    const error = await failure(clients(stream).anthropic.generate({ messages, tools: [] }));
    expect(error.code).toBe('invalid-response');
    expect(error.message).toBe(
      `The server at ${server.url('')} did not answer as the Anthropic Messages API (it sent ${what}); check the base URL (ANTHROPIC_BASE_URL or the baseURL option).`,
    );
  });
});

describe('an event stream of another API', () => {
  it('is not taken for an answer cut short', async () => {
    server.reply(otherEvents, otherEvents);
    const { openai, anthropic } = clients(true);
    expect((await failure(openai.generate({ messages, tools: [] }))).message).toContain(
      'did not answer as the OpenAI Chat Completions API (it sent an event stream without its events)',
    );
    expect((await failure(anthropic.generate({ messages, tools: [] }))).message).toContain(
      'did not answer as the Anthropic Messages API (it sent an event stream without its events)',
    );
  });
});
