/**
 * An answer that is not the API the client speaks: a wrong base URL often reaches some
 * web server that answers 200 with an HTML page (a router's login, a docs site), and the
 * SDKs then hand back that text as if it were the parsed answer. Without this check the
 * first field access failed with "Cannot read properties of undefined".
 */
import { ModelError } from './model-error.js';
import { BASE_URL_OPTION } from './option-names.js';
import type { ProviderContext } from './provider-failure.js';

/** The wire format, as named in the message: `OpenAI Chat Completions`, `Anthropic Messages`. */
export function wrongServerError(
  context: ProviderContext,
  api: string,
  contentType: string | null,
): ModelError {
  return new ModelError(
    `The server at ${context.baseURL} did not answer as the ${api} API (it sent ${received(contentType)}); check the base URL (${context.baseURLVariable} or ${BASE_URL_OPTION}).`,
    { provider: context.provider, code: 'invalid-response' },
  );
}

function received(contentType: string | null): string {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === '') return 'an answer with no content type';
  if (type.includes('html')) return 'an HTML page';
  if (type.includes('json')) return 'JSON of another shape';
  if (type === 'text/event-stream') return 'an event stream without its events';
  return `${type}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
