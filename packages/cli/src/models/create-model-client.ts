/**
 * Builds a model client from a `provider:model` spec, the form the CLI's `--model` takes.
 *
 * @example
 * createModelClient('openai:gpt-4o-mini');
 * createModelClient('openai:qwen2.5:7b', { baseURL: 'http://127.0.0.1:11434/v1' }); // Ollama, no key
 * createModelClient('anthropic:claude-sonnet-4-5', { stream: true });
 */

import type { ModelClient } from 'plankeeper';
import { ConfigurationError } from 'plankeeper';
import { AnthropicClient } from './anthropic-client.js';
import { OpenAIChatClient } from './openai-client.js';
import { BASE_URL_OPTION } from './option-names.js';
import type { EndpointOptions } from './resolve-endpoint.js';

export const MODEL_PROVIDERS = ['openai', 'anthropic'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

export interface ModelClientOptions extends EndpointOptions {
  stream?: boolean;
  maxRetries?: number;
  timeoutMs?: number;
  /** Anthropic only: upper bound on the answer's tokens. Default 4096. */
  maxTokens?: number;
}

export interface ModelSpec {
  provider: ModelProvider;
  model: string;
}

/** Splits at the first colon only: Ollama model names such as `qwen2.5:7b` keep theirs. */
export function parseModelSpec(spec: string): ModelSpec {
  const match = /^([a-z]+):(\S+)$/i.exec(spec.trim());
  const provider = match?.[1]?.toLowerCase();
  const model = match?.[2];
  if (model === undefined || !isProvider(provider)) {
    throw new ConfigurationError(
      `Model ${JSON.stringify(spec)} is not a model spec. Use openai:MODEL (OpenAI, or with ${BASE_URL_OPTION} any OpenAI-compatible server: GLM, DeepSeek, Qwen, Ollama, vLLM) or anthropic:MODEL, for example openai:gpt-4o-mini or anthropic:claude-sonnet-4-5.`,
    );
  }
  return { provider, model };
}

/** Whether `spec` starts with a provider this CLI knows (`openai:`, `anthropic:`). */
export function namesProvider(spec: string): boolean {
  return isProvider(/^([a-z]+):/i.exec(spec.trim())?.[1]?.toLowerCase());
}

export function createModelClient(spec: string, options: ModelClientOptions = {}): ModelClient {
  const { provider, model } = parseModelSpec(spec);
  const { maxTokens, ...shared } = options;
  switch (provider) {
    case 'openai':
      return new OpenAIChatClient({ ...shared, model });
    case 'anthropic':
      return new AnthropicClient({
        ...shared,
        model,
        ...(maxTokens !== undefined && { maxTokens }),
      });
  }
}

function isProvider(value: string | undefined): value is ModelProvider {
  return (MODEL_PROVIDERS as readonly (string | undefined)[]).includes(value);
}
