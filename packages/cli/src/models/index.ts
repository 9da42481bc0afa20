/**
 * `plankeeper/models`: real model clients behind the provider-neutral {@link ModelClient}
 * interface: OpenAI-compatible chat completions (OpenAI, GLM, DeepSeek, Qwen, Ollama, vLLM)
 * and Anthropic messages. Kept out of the root import so it never loads a provider SDK.
 *
 * @example
 * import { createModelClient } from '@plankeeper/cli/models';
 * const client = createModelClient('openai:gpt-4o-mini');
 * const { message, usage } = await client.generate({ messages, tools });
 */

export { AnthropicClient, type AnthropicClientOptions } from './anthropic-client.js';
export {
  createModelClient,
  MODEL_PROVIDERS,
  type ModelClientOptions,
  type ModelProvider,
  type ModelSpec,
  parseModelSpec,
} from './create-model-client.js';
export { ModelError, type ModelErrorCode } from './model-error.js';
export { OpenAIChatClient, type OpenAIChatClientOptions } from './openai-client.js';
export {
  ANTHROPIC_DEFAULT_BASE_URL,
  type Environment,
  NO_KEY_PLACEHOLDER,
  OPENAI_DEFAULT_BASE_URL,
} from './resolve-endpoint.js';
