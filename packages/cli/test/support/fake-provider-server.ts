/**
 * A stand-in for a model provider's HTTP API, on 127.0.0.1, for tests that drive the real
 * `openai` and `@anthropic-ai/sdk` clients. It records every request (path, headers, JSON
 * body) and answers from a queue of scripted replies written in each provider's real wire
 * format: JSON bodies, server-sent events, error bodies, status codes and retry headers.
 *
 * @example
 * const server = await FakeProviderServer.start();
 * server.reply(openaiWire.completion({ content: 'Hi' }));
 * const client = new OpenAIChatClient({ model: 'gpt-4o-mini', baseURL: server.url('/v1'), apiKey: 'k' });
 * await client.generate({ messages, tools: [] });
 * server.requests[0]?.body; // what the SDK sent
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { StepQueue } from '../../../plankeeper/test/support/scripted-steps.js';

export interface RecordedRequest {
  method: string;
  /** When the whole request had arrived (performance.now()): the bench times the gaps. */
  receivedAt: number;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
}

/** One server-sent event. A string `data` is written as is (`[DONE]`); anything else as JSON. */
export interface SseEvent {
  event?: string;
  data: unknown;
}

export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  events?: readonly SseEvent[];
  text?: string;
  /** Wait this long before answering (for timeouts and cancellation). */
  delayMs?: number;
}

export class FakeProviderServer {
  readonly requests: RecordedRequest[] = [];
  readonly #queue = new StepQueue<ScriptedReply>();
  #responder: ((request: RecordedRequest) => ScriptedReply) | undefined;
  readonly #server: Server;
  #port = 0;

  private constructor() {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const recorded: RecordedRequest = {
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body: parseBody(Buffer.concat(chunks).toString('utf8')),
          receivedAt: performance.now(),
        };
        this.requests.push(recorded);
        const reply =
          this.#queue.take()?.step ??
          this.#responder?.(recorded) ??
          exhausted(request.method, request.url);
        void answer(response, reply);
      });
    });
  }

  static async start(): Promise<FakeProviderServer> {
    const fake = new FakeProviderServer();
    await new Promise<void>((resolve, reject) => {
      fake.#server.once('error', reject);
      fake.#server.listen(0, '127.0.0.1', resolve);
    });
    fake.#port = (fake.#server.address() as AddressInfo).port;
    return fake;
  }

  get port(): number {
    return this.#port;
  }

  /** The server's base URL plus `path`: `/v1` for OpenAI clients, `` for Anthropic ones. */
  url(path = ''): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Queues replies, answered in order, one per request. */
  reply(...replies: ScriptedReply[]): this {
    this.#queue.push(...replies);
    return this;
  }

  /**
   * Answers every request the queue does not from what it asked: for a model that behaves by
   * the conversation (runs in parallel, in any order) rather than by a fixed script.
   */
  respond(responder: (request: RecordedRequest) => ScriptedReply): this {
    this.#responder = responder;
    return this;
  }

  /** Replies still queued: a test that scripted exactly what it needs expects 0. */
  get pending(): number {
    return this.#queue.pending;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An unscripted request fails loudly, and says not to retry so the test sees it at once. */
function exhausted(method: string | undefined, path: string | undefined): ScriptedReply {
  return {
    status: 500,
    headers: { 'x-should-retry': 'false' },
    json: {
      error: { message: `fake provider: no scripted reply left for ${method} ${path}` },
    },
  };
}

async function answer(response: ServerResponse, reply: ScriptedReply): Promise<void> {
  if (reply.delayMs !== undefined) {
    await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (response.destroyed) return;
  }
  const status = reply.status ?? 200;
  if (reply.events !== undefined) {
    response.writeHead(status, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      ...reply.headers,
    });
    for (const event of reply.events) {
      const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
      const head = event.event === undefined ? '' : `event: ${event.event}\n`;
      response.write(`${head}data: ${data}\n\n`);
      // Separate network writes, so the SDK really assembles the answer from pieces.
      await new Promise((resolve) => setImmediate(resolve));
      if (response.destroyed) return;
    }
    response.end();
    return;
  }
  if (reply.json !== undefined) {
    response.writeHead(status, { 'content-type': 'application/json', ...reply.headers });
    response.end(JSON.stringify(reply.json));
    return;
  }
  response.writeHead(status, { 'content-type': 'text/plain', ...reply.headers });
  response.end(reply.text ?? '');
}

// ---------------------------------------------------------------------------------------
// OpenAI Chat Completions wire format (what api.openai.com and compatible servers send).

export interface OpenAIWireToolCall {
  id: string;
  name: string;
  arguments: string;
}

export interface OpenAIWireUsage {
  prompt: number;
  completion: number;
}

const OPENAI_MODEL = 'gpt-4o-mini-2024-07-18';

function openaiUsage(usage: OpenAIWireUsage) {
  return {
    prompt_tokens: usage.prompt,
    completion_tokens: usage.completion,
    total_tokens: usage.prompt + usage.completion,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

/** One streamed piece: text, or a fragment of the tool call at `index`. */
export type OpenAIWireDelta =
  | { content: string }
  | { toolCall: { index: number; id?: string; name?: string; arguments?: string } };

export const openaiWire = {
  /** A `chat.completion` JSON answer. */
  completion(options: {
    content?: string | null;
    toolCalls?: OpenAIWireToolCall[];
    finishReason?: string;
    usage?: OpenAIWireUsage;
    headers?: Record<string, string>;
  }): ScriptedReply {
    const toolCalls = options.toolCalls ?? [];
    return {
      headers: { 'x-request-id': 'req_fake', ...options.headers },
      json: {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: 1_741_570_283,
        model: OPENAI_MODEL,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: options.content ?? null,
              refusal: null,
              annotations: [],
              ...(toolCalls.length > 0 && {
                tool_calls: toolCalls.map((call) => ({
                  id: call.id,
                  type: 'function',
                  function: { name: call.name, arguments: call.arguments },
                })),
              }),
            },
            logprobs: null,
            finish_reason: options.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
          },
        ],
        usage: openaiUsage(options.usage ?? { prompt: 10, completion: 5 }),
        service_tier: 'default',
        system_fingerprint: 'fp_fake',
      },
    };
  },

  /**
   * `chat.completion.chunk` events: a role chunk, one chunk per delta, the finish chunk,
   * the usage chunk (`choices: []`, sent for `stream_options.include_usage`), `[DONE]`.
   */
  stream(options: {
    deltas: OpenAIWireDelta[];
    finishReason?: string | null;
    usage?: OpenAIWireUsage | null;
    done?: boolean;
  }): ScriptedReply {
    const chunk = (choices: unknown[], usage: unknown = null) => ({
      data: {
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created: 1_741_570_283,
        model: OPENAI_MODEL,
        service_tier: 'default',
        system_fingerprint: 'fp_fake',
        choices,
        usage,
      },
    });
    const choice = (delta: unknown, finishReason: string | null = null) => ({
      index: 0,
      delta,
      logprobs: null,
      finish_reason: finishReason,
    });
    const events: SseEvent[] = [chunk([choice({ role: 'assistant', content: '', refusal: null })])];
    for (const delta of options.deltas) {
      if ('content' in delta) {
        events.push(chunk([choice({ content: delta.content })]));
        continue;
      }
      const { index, id, name, arguments: args } = delta.toolCall;
      const piece =
        id === undefined
          ? { index, function: { arguments: args ?? '' } }
          : { index, id, type: 'function', function: { name, arguments: args ?? '' } };
      events.push(chunk([choice({ tool_calls: [piece] })]));
    }
    if (options.finishReason !== null) {
      const toolCalls = options.deltas.some((delta) => 'toolCall' in delta);
      const reason = options.finishReason ?? (toolCalls ? 'tool_calls' : 'stop');
      events.push(chunk([choice({}, reason)]));
    }
    if (options.usage !== null) {
      events.push(chunk([], openaiUsage(options.usage ?? { prompt: 10, completion: 5 })));
    }
    if (options.done !== false) events.push({ data: '[DONE]' });
    return { headers: { 'x-request-id': 'req_fake' }, events };
  },

  /** An error answer: `{"error": {message, type, param, code}}`. */
  error(
    status: number,
    message: string,
    options: { type?: string; code?: string | null; headers?: Record<string, string> } = {},
  ): ScriptedReply {
    return {
      status,
      headers: { 'x-request-id': 'req_fake', ...options.headers },
      json: {
        error: {
          message,
          type: options.type ?? 'invalid_request_error',
          param: null,
          code: options.code ?? null,
        },
      },
    };
  },
};

// ---------------------------------------------------------------------------------------
// Anthropic Messages wire format.

export type AnthropicWireBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

/** A block as it streams: text in pieces, or tool input as raw partial-JSON fragments. */
export type AnthropicWireStreamBlock =
  | { type: 'text'; deltas: string[] }
  | { type: 'tool_use'; id: string; name: string; jsonDeltas: string[] };

export interface AnthropicWireUsage {
  input: number;
  output: number;
  cacheCreation?: number;
  cacheRead?: number;
}

const ANTHROPIC_MODEL = 'claude-sonnet-4-5-20250929';

function anthropicUsage(usage: AnthropicWireUsage) {
  return {
    input_tokens: usage.input,
    cache_creation_input_tokens: usage.cacheCreation ?? 0,
    cache_read_input_tokens: usage.cacheRead ?? 0,
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    output_tokens: usage.output,
    service_tier: 'standard',
  };
}

export const anthropicWire = {
  /** A `message` JSON answer. */
  message(options: {
    content: AnthropicWireBlock[];
    stopReason?: string;
    usage?: AnthropicWireUsage;
  }): ScriptedReply {
    const toolUse = options.content.some((block) => block.type === 'tool_use');
    return {
      headers: { 'request-id': 'req_fake' },
      json: {
        id: 'msg_fake',
        type: 'message',
        role: 'assistant',
        model: ANTHROPIC_MODEL,
        content: options.content.map((block) =>
          block.type === 'text' ? { type: 'text', text: block.text, citations: null } : block,
        ),
        stop_reason: options.stopReason ?? (toolUse ? 'tool_use' : 'end_turn'),
        stop_sequence: null,
        usage: anthropicUsage(options.usage ?? { input: 10, output: 5 }),
      },
    };
  },

  /**
   * The event stream: `message_start`, a `ping`, per block `content_block_start`,
   * `content_block_delta` (`text_delta` / `input_json_delta`) and `content_block_stop`, then
   * `message_delta` (stop reason, output tokens) and `message_stop`.
   */
  stream(options: {
    blocks: AnthropicWireStreamBlock[];
    stopReason?: string;
    usage?: AnthropicWireUsage;
    /** False to end the stream without `message_stop`, as a dropped connection does. */
    complete?: boolean;
  }): ScriptedReply {
    const usage = options.usage ?? { input: 10, output: 5 };
    const toolUse = options.blocks.some((block) => block.type === 'tool_use');
    const event = (type: string, data: Record<string, unknown>): SseEvent => ({
      event: type,
      data: { type, ...data },
    });
    const events: SseEvent[] = [
      event('message_start', {
        message: {
          id: 'msg_fake',
          type: 'message',
          role: 'assistant',
          model: ANTHROPIC_MODEL,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: anthropicUsage({ ...usage, output: 1 }),
        },
      }),
      event('ping', {}),
    ];
    options.blocks.forEach((block, index) => {
      if (block.type === 'text') {
        events.push(
          event('content_block_start', { index, content_block: { type: 'text', text: '' } }),
        );
        for (const text of block.deltas) {
          events.push(event('content_block_delta', { index, delta: { type: 'text_delta', text } }));
        }
      } else {
        events.push(
          event('content_block_start', {
            index,
            content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
          }),
        );
        for (const partial_json of block.jsonDeltas) {
          events.push(
            event('content_block_delta', {
              index,
              delta: { type: 'input_json_delta', partial_json },
            }),
          );
        }
      }
      events.push(event('content_block_stop', { index }));
    });
    if (options.complete !== false) {
      events.push(
        event('message_delta', {
          delta: {
            stop_reason: options.stopReason ?? (toolUse ? 'tool_use' : 'end_turn'),
            stop_sequence: null,
          },
          usage: { output_tokens: usage.output },
        }),
        event('message_stop', {}),
      );
    }
    return { headers: { 'request-id': 'req_fake' }, events };
  },

  /** An error answer: `{"type": "error", "error": {type, message}, "request_id"}`. */
  error(
    status: number,
    type: string,
    message: string,
    headers: Record<string, string> = {},
  ): ScriptedReply {
    return {
      status,
      headers: { 'request-id': 'req_fake', ...headers },
      json: { type: 'error', error: { type, message }, request_id: 'req_fake' },
    };
  },
};
