/**
 * A {@link ModelClient} for the Chat Completions API through the official `openai` SDK, so it
 * also speaks to OpenAI-compatible servers: GLM, DeepSeek, Qwen, Ollama, vLLM.
 *
 * @example
 * const client = new OpenAIChatClient({ model: 'glm-4-flash', baseURL: 'https://open.bigmodel.cn/api/paas/v4' });
 * const { message } = await client.generate({ messages, tools });
 */
import OpenAI from 'openai';
import type { ModelClient, ModelRequest, ModelResponse, ModelUsage, ToolCall } from 'plankeeper';
import { ModelError } from './model-error.js';
import { fromOpenAICompletion, toOpenAIMessages, toOpenAITools } from './openai-messages.js';
import { assembleOpenAIStream } from './openai-stream.js';
import { type ProviderContext, type ProviderFailure, toModelError } from './provider-failure.js';
import {
  type EndpointOptions,
  OPENAI_DEFAULT_BASE_URL,
  resolveOpenAIEndpoint,
} from './resolve-endpoint.js';
import { isRecord, wrongServerError } from './wrong-server.js';

export interface OpenAIChatClientOptions extends EndpointOptions {
  model: string;
  /** Stream the answer and assemble it from deltas. Default false. */
  stream?: boolean;
  /**
   * Ask for token usage at the end of a stream (`stream_options.include_usage`). Default
   * true; turn it off for a server that rejects the option.
   */
  streamUsage?: boolean;
  /** Retries for 408/409/429/5xx and connection errors, honouring Retry-After. Default 2. */
  maxRetries?: number;
  /** Per-request timeout in milliseconds. Default: the SDK's (10 minutes). */
  timeoutMs?: number;
}

const DEFAULT_MAX_RETRIES = 2;

export class OpenAIChatClient implements ModelClient {
  readonly name: string;
  readonly #sdk: OpenAI;
  readonly #options: OpenAIChatClientOptions;
  readonly #context: ProviderContext;

  constructor(options: OpenAIChatClientOptions) {
    const endpoint = resolveOpenAIEndpoint(options);
    const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.name = `openai:${options.model}`;
    this.#options = options;
    this.#sdk = new OpenAI({
      apiKey: endpoint.apiKey,
      baseURL: endpoint.baseURL,
      maxRetries,
      ...(options.timeoutMs !== undefined && { timeout: options.timeoutMs }),
    });
    this.#context = {
      provider: 'OpenAI',
      // Ollama, vLLM, DeepSeek…: a failure there is that server's, not OpenAI's.
      ...(endpoint.baseURL !== OPENAI_DEFAULT_BASE_URL && { named: 'OpenAI-compatible server' }),
      model: options.model,
      baseURL: endpoint.baseURL,
      keyVariable: 'OPENAI_API_KEY',
      baseURLVariable: 'OPENAI_BASE_URL',
      maxRetries,
    };
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    const body = {
      model: this.#options.model,
      messages: toOpenAIMessages(request.messages),
      ...(request.tools.length > 0 && { tools: toOpenAITools(request.tools) }),
    };
    const requestOptions = request.signal ? { signal: request.signal } : {};
    try {
      if (this.#options.stream) {
        const { data: stream, response: http } = await this.#sdk.chat.completions
          .create(
            {
              ...body,
              stream: true,
              ...(this.#options.streamUsage !== false && {
                stream_options: { include_usage: true },
              }),
            },
            requestOptions,
          )
          .withResponse();
        const assembled = await assembleOpenAIStream(stream);
        // The SDK ends a stream quietly when it is aborted; say so rather than "incomplete".
        if (request.signal?.aborted)
          throw toModelError(this.#context, { kind: 'aborted' }, undefined);
        if (assembled.chunks === 0) throw this.#wrongServer(http);
        if (assembled.finishReason === undefined) {
          throw this.#invalidResponse('the stream ended before the answer was complete');
        }
        return response(
          assembled.content,
          assembled.toolCalls,
          assembled.finishReason,
          assembled.usage,
        );
      }
      const { data: completion, response: http } = await this.#sdk.chat.completions
        .create(body, requestOptions)
        .withResponse();
      if (!isCompletion(completion)) throw this.#wrongServer(http);
      const answer = fromOpenAICompletion(completion);
      if (answer === undefined) throw this.#invalidResponse('the answer had no choices');
      const usage = completion.usage && {
        inputTokens: completion.usage.prompt_tokens,
        outputTokens: completion.usage.completion_tokens,
      };
      return response(answer.content, answer.toolCalls, answer.finishReason, usage);
    } catch (error) {
      if (ModelError.isInstance(error)) throw error;
      // Whatever the SDK or fetch made of it, a request whose signal fired was cancelled.
      if (request.signal?.aborted) throw toModelError(this.#context, { kind: 'aborted' }, error);
      throw toModelError(this.#context, classify(error), error);
    }
  }

  #wrongServer(http: Response): ModelError {
    return wrongServerError(
      this.#context,
      'OpenAI Chat Completions',
      http.headers.get('content-type'),
    );
  }

  #invalidResponse(reason: string): ModelError {
    return new ModelError(
      `OpenAI-compatible server at ${this.#context.baseURL} sent an unusable answer for model "${this.#options.model}": ${reason}. Check that the server implements chat completions.`,
      { provider: 'OpenAI', code: 'invalid-response' },
    );
  }
}

function response(
  content: string,
  toolCalls: ToolCall[],
  finishReason: string,
  usage: ModelUsage | undefined,
): ModelResponse {
  return {
    message: { role: 'assistant', content, ...(toolCalls.length > 0 && { toolCalls }) },
    ...(usage && { usage }),
    finishReason,
  };
}

function classify(error: unknown): ProviderFailure {
  if (error instanceof OpenAI.APIUserAbortError) return { kind: 'aborted' };
  if (error instanceof OpenAI.APIConnectionTimeoutError) return { kind: 'timeout' };
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return { kind: 'connection', detail: `${error.message}${cause}` };
  }
  if (error instanceof OpenAI.APIError) {
    const detail = providerMessage(error.error) ?? error.message;
    return error.status === undefined
      ? { kind: 'stream', detail }
      : { kind: 'status', status: error.status, detail };
  }
  return { kind: 'unknown', detail: error instanceof Error ? error.message : String(error) };
}

/** A body with the fields we read: `choices`, each with a `message`. */
function isCompletion(body: unknown): boolean {
  return (
    isRecord(body) &&
    Array.isArray(body.choices) &&
    body.choices.every((choice) => isRecord(choice) && isRecord(choice.message))
  );
}

/** `error.message` from an OpenAI-style body, which some compatible servers nest differently. */
function providerMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' ? message : undefined;
}
