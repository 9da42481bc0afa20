import type { ServerResponse } from 'node:http';

/** Sent with every response: no sniffing, no caching, no referrer (URLs may carry the token). */
export const BASE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/**
 * JSON with `<`, `>`, `&` and the JavaScript line separators escaped, so model-written
 * text stays inert even if the body ends up somewhere that parses HTML.
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = safeJson(value);
  response.writeHead(status, {
    ...BASE_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
  });
  response.end(body);
}

/** Errors as `{"error": "..."}`, the message written for a person reading it. */
export function sendError(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  sendJson(response, status, { error: message });
}
