/**
 * Where a client sends requests and with which key: explicit options first, then the
 * provider's usual environment variables. We resolve both ourselves (rather than letting
 * each SDK read the environment) so a missing key fails here with a message naming the
 * variable and option, and so tests and the CLI can hand in their own `env`.
 */
import { ConfigurationError } from 'plankeeper';
import { API_KEY_OPTION, BASE_URL_OPTION } from './option-names.js';

export type Environment = Readonly<Record<string, string | undefined>>;

export interface EndpointOptions {
  apiKey?: string;
  baseURL?: string;
  /** Defaults to `process.env`. */
  env?: Environment;
}

export interface Endpoint {
  apiKey: string;
  baseURL: string;
}

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

/**
 * Sent as the key to OpenAI-compatible servers that need none (Ollama, vLLM without
 * `--api-key`); the SDK refuses to run without some key.
 */
export const NO_KEY_PLACEHOLDER = 'not-needed';

export function resolveOpenAIEndpoint(options: EndpointOptions): Endpoint {
  const env = options.env ?? process.env;
  const explicitURL = present(options.baseURL) ?? present(env.OPENAI_BASE_URL);
  const baseURL = checkURL(explicitURL ?? OPENAI_DEFAULT_BASE_URL, 'OPENAI_BASE_URL');
  const apiKey = present(options.apiKey) ?? present(env.OPENAI_API_KEY);
  if (apiKey !== undefined) return { apiKey, baseURL };
  if (explicitURL !== undefined && new URL(baseURL).hostname !== 'api.openai.com') {
    return { apiKey: NO_KEY_PLACEHOLDER, baseURL };
  }
  throw new ConfigurationError(
    `No API key for OpenAI: set OPENAI_API_KEY or pass ${API_KEY_OPTION}. Local OpenAI-compatible servers (Ollama, vLLM) need no key; pass their address as ${BASE_URL_OPTION} instead.`,
  );
}

export function resolveAnthropicEndpoint(options: EndpointOptions): Endpoint {
  const env = options.env ?? process.env;
  const baseURL = checkURL(
    present(options.baseURL) ?? present(env.ANTHROPIC_BASE_URL) ?? ANTHROPIC_DEFAULT_BASE_URL,
    'ANTHROPIC_BASE_URL',
  );
  const apiKey = present(options.apiKey) ?? present(env.ANTHROPIC_API_KEY);
  if (apiKey !== undefined) return { apiKey, baseURL };
  throw new ConfigurationError(
    `No API key for Anthropic: set ANTHROPIC_API_KEY or pass ${API_KEY_OPTION}.`,
  );
}

/** An empty or blank variable counts as unset; keys pasted with a trailing newline still work. */
function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

function checkURL(value: string, variable: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigurationError(
      `Base URL ${JSON.stringify(value)} is not an http(s) URL. Pass one like http://127.0.0.1:11434/v1 as ${BASE_URL_OPTION} or ${variable}.`,
    );
  }
  return value.replace(/\/+$/, '');
}
