/**
 * One wording for every provider's failures. Each client sorts its SDK's errors into a
 * {@link ProviderFailure}; this file turns that into a one-line {@link ModelError} that
 * says what to change (key, model name, base URL) or that waiting is the only remedy.
 */
import { ModelError } from './model-error.js';
import { API_KEY_OPTION, BASE_URL_OPTION } from './option-names.js';

/** What a client knows about where it sent the request, for the error message. */
export interface ProviderContext {
  /** Display name: `OpenAI`, `Anthropic`. */
  provider: string;
  /** How messages name the server when it is not the provider's own (a compatible server). */
  named?: string;
  model: string;
  baseURL: string;
  keyVariable: string;
  baseURLVariable: string;
  maxRetries: number;
}

export type ProviderFailure =
  | { kind: 'status'; status: number; detail: string }
  | { kind: 'connection'; detail: string }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  /** An error the provider sent inside a streamed answer, after the 200 status. */
  | { kind: 'stream'; detail: string }
  | { kind: 'unknown'; detail: string };

const DETAIL_LIMIT = 300;

/** Keeps the provider's explanation to one short line: no status echo, no newlines. */
export function oneLine(detail: string): string {
  const flat = detail
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\d{3}\s+/, '')
    .replace(/[.\s]+$/, '');
  return flat.length > DETAIL_LIMIT ? `${flat.slice(0, DETAIL_LIMIT)}…` : flat;
}

export function toModelError(
  context: ProviderContext,
  failure: ProviderFailure,
  cause: unknown,
): ModelError {
  const { provider } = context;
  const server = context.named ?? provider;
  switch (failure.kind) {
    case 'status':
      return statusError(context, failure.status, oneLine(failure.detail), cause);
    case 'connection':
      return new ModelError(
        `Cannot reach ${server} at ${context.baseURL}: ${oneLine(failure.detail)}. Check the base URL (${context.baseURLVariable} or ${BASE_URL_OPTION}) and that the server is running.`,
        { provider, code: 'connection', cause },
      );
    case 'timeout':
      return new ModelError(
        `${server} did not answer in time at ${context.baseURL}. Try again, or raise the timeoutMs option.`,
        { provider, code: 'timeout', cause },
      );
    case 'aborted':
      return new ModelError(`The ${provider} request was cancelled.`, {
        provider,
        code: 'aborted',
        cause,
      });
    case 'stream':
      return new ModelError(
        `${provider} reported an error in the middle of its answer: ${oneLine(failure.detail)}. Try again later.`,
        { provider, code: 'server', cause },
      );
    case 'unknown':
      return new ModelError(`${provider} request failed: ${oneLine(failure.detail)}.`, {
        provider,
        code: 'unknown',
        cause,
      });
  }
}

function statusError(
  context: ProviderContext,
  status: number,
  detail: string,
  cause: unknown,
): ModelError {
  const { provider, model } = context;
  const said = detail === '' ? '' : `: ${detail}`;
  const retries = `${context.maxRetries} ${context.maxRetries === 1 ? 'retry' : 'retries'}`;
  if (status === 401) {
    return new ModelError(
      `${provider} rejected the API key (401)${said}. Check ${context.keyVariable} or pass ${API_KEY_OPTION}.`,
      { provider, code: 'authentication', status, cause },
    );
  }
  if (status === 403) {
    return new ModelError(
      `${provider} refused the request (403)${said}. Check that this API key may use model "${model}".`,
      { provider, code: 'permission', status, cause },
    );
  }
  if (status === 404) {
    return new ModelError(
      `${provider} answered 404 for model "${model}" at ${context.baseURL}${said}. Check the model name and the base URL (${context.baseURLVariable} or ${BASE_URL_OPTION}).`,
      { provider, code: 'not-found', status, cause },
    );
  }
  if (status === 429) {
    return new ModelError(
      `${provider} is rate-limiting requests (429) and still was after ${retries}${said}. Wait and try again, or raise the maxRetries option.`,
      { provider, code: 'rate-limit', status, cause },
    );
  }
  if (status >= 500 || status === 408 || status === 409) {
    return new ModelError(
      `${provider} failed with status ${status} after ${retries}${said}. The provider is having trouble; try again later.`,
      { provider, code: 'server', status, cause },
    );
  }
  return new ModelError(
    `${provider} rejected the request (${status})${said}. Check the model name "${model}" and the request options.`,
    { provider, code: 'bad-request', status, cause },
  );
}
