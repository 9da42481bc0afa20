/**
 * A {@link ModelClient} for Anthropic's Messages API through the official
 * `@anthropic-ai/sdk`.
 *
 * @example
 * const client = new AnthropicClient({ model: 'claude-sonnet-4-5' });
 * const { message } = await client.generate({ messages, tools });
 */
import Anthropic from '@anthropic-ai/sdk';
import type { ModelClient, ModelRequest, ModelResponse, ToolCall } from 'plankeeper';
import {
  anthropicUsage,
  fromAnthropicMessage,
  toAnthropicMessages,
  toAnthropicTools,
} from './anthropic-messages.js';
import { assembleAnthropicStream } from './anthropic-stream.js';
import { ModelError } from './model-error.js';
import { type ProviderContext, type ProviderFailure, toModelError } from './provider-failure.js';
import { type EndpointOptions, resolveAnthropicEndpoint } from './resolve-endpoint.js';
import { isRecord, wrongServerError } from './wrong-server.js';

export interface AnthropicClientOptions extends EndpointOptions {
  model: string;
  /** Upper bound on the answer's tokens (the API requires one). Default 4096. */
  maxTokens?: number;
  /** Stream the answer and assemble it from events. Default false. */
  stream?: boolean;
  /** Retries for 408/409/429/5xx and connection errors, honouring Retry-After. Default 2. */
  maxRetries?: number;
  /** Per-request timeout in milliseconds. Default: the SDK's (10 minutes). */
  timeoutMs?: number;
}

const DEFAULT_MAX_TOKENS = 4096;
const DEFAULT_MAX_RETRIES = 2;

export class AnthropicClient implements ModelClient {
  readonly name: string;
  readonly #sdk: Anthropic;
  readonly #options: AnthropicClientOptions;
  readonly #context: ProviderContext;

  constructor(options: AnthropicClientOptions) {
    const endpoint = resolveAnthropicEndpoint(options);
    const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.name = `anthropic:${options.model}`;
    this.#options = options;
    this.#sdk = new Anthropic({
      apiKey: endpoint.apiKey,
      baseURL: endpoint.baseURL,
      maxRetries,
      ...(options.timeoutMs !== undefined && { timeout: options.timeoutMs }),
    });
    this.#context = {
      provider: 'Anthropic',
      model: options.model,
      baseURL: endpoint.baseURL,
      keyVariable: 'ANTHROPIC_API_KEY',
      baseURLVariable: 'ANTHROPIC_BASE_URL',
      maxRetries,
    };
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    const { system, messages } = toAnthropicMessages(request.messages);
    const body = {
      model: this.#options.model,
      max_tokens: this.#options.maxTokens ?? DEFAULT_MAX_TOKENS,
      messages,
      ...(system !== undefined && { system }),
      ...(request.tools.length > 0 && { tools: toAnthropicTools(request.tools) }),
    };
    const requestOptions = request.signal ? { signal: request.signal } : {};
    try {
      if (this.#options.stream) {
        const { data: events, response: http } = await this.#sdk.messages
          .create({ ...body, stream: true }, requestOptions)
          .withResponse();
        const assembled = await assembleAnthropicStream(events);
        // The SDK ends a stream quietly when it is aborted; say so rather than "incomplete".
        if (request.signal?.aborted)
          throw toModelError(this.#context, { kind: 'aborted' }, undefined);
        if (!assembled.started) throw this.#wrongServer(http);
        if (!assembled.complete) {
          throw this.#invalidResponse('the stream ended before message_stop');
        }
        return response(
          assembled.content,
          assembled.toolCalls,
          assembled.stopReason,
          assembled.usage,
        );
      }
      const { data: message, response: http } = await this.#sdk.messages
        .create(body, requestOptions)
        .withResponse();
      // A body with the field we read: `content`, a list of blocks.
      if (!isRecord(message) || !Array.isArray(message.content)) throw this.#wrongServer(http);
      const answer = fromAnthropicMessage(message);
      return response(
        answer.content,
        answer.toolCalls,
        message.stop_reason ?? undefined,
        anthropicUsage(message.usage),
      );
    } catch (error) {
      if (ModelError.isInstance(error)) throw error;
      // Whatever the SDK or fetch made of it, a request whose signal fired was cancelled.
      if (request.signal?.aborted) throw toModelError(this.#context, { kind: 'aborted' }, error);
      throw toModelError(this.#context, classify(error), error);
    }
  }

  #wrongServer(http: Response): ModelError {
    return wrongServerError(this.#context, 'Anthropic Messages', http.headers.get('content-type'));
  }

  #invalidResponse(reason: string): ModelError {
    return new ModelError(
      `Anthropic at ${this.#context.baseURL} sent an unusable answer for model "${this.#options.model}": ${reason}. Try again.`,
      { provider: 'Anthropic', code: 'invalid-response' },
    );
  }
}

function response(
  content: string,
  toolCalls: ToolCall[],
  finishReason: string | undefined,
  usage: ModelResponse['usage'],
): ModelResponse {
  return {
    message: { role: 'assistant', content, ...(toolCalls.length > 0 && { toolCalls }) },
    ...(usage && { usage }),
    ...(finishReason !== undefined && { finishReason }),
  };
}

function classify(error: unknown): ProviderFailure {
  if (error instanceof Anthropic.APIUserAbortError) return { kind: 'aborted' };
  if (error instanceof Anthropic.APIConnectionTimeoutError) return { kind: 'timeout' };
  if (error instanceof Anthropic.APIConnectionError) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return { kind: 'connection', detail: `${error.message}${cause}` };
  }
  if (error instanceof Anthropic.APIError) {
    const named = error.type ? `${error.type}: ` : '';
    const detail = `${named}${error.apiMessage ?? error.message}`;
    return error.status === undefined
      ? { kind: 'stream', detail }
      : { kind: 'status', status: error.status, detail };
  }
  return { kind: 'unknown', detail: error instanceof Error ? error.message : String(error) };
}
