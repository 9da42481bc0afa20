/** Requests to the dashboard's API, carrying the access token the page was opened with. */

import { texts } from './texts.js';

const token = new URLSearchParams(location.search).get('token') || '';

/** `path` with the token as `?token=`, for EventSource (which cannot send headers). */
export function withToken(path: string): string {
  if (!token) return path;
  return `${path}${path.indexOf('?') < 0 ? '?' : '&'}token=${encodeURIComponent(token)}`;
}

/** The JSON at `path`; a failed request throws with the server's own message. */
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, {
    cache: 'no-store',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const message = (body as { error?: string } | null)?.error;
    throw new Error(message || texts.serverAnswered(response.status));
  }
  return body as T;
}

/** Sends a person's change; resolves to the plan as now stored, or throws the server's reason. */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    cache: 'no-store',
    headers: {
      'content-type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  let answer: unknown = null;
  try {
    answer = await response.json();
  } catch {
    answer = null;
  }
  if (!response.ok) {
    const message = (answer as { error?: string } | null)?.error;
    throw new Error(message || texts.serverAnswered(response.status));
  }
  return answer as T;
}
