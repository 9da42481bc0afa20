/**
 * A small local proxy in front of the person's endpoint, one per executor: each run's CLI gets
 * `http://127.0.0.1:PORT/run/<id>` as its base URL, and every request under it goes to the real
 * base URL with the prefix taken off, unchanged, its answer streamed back as it comes. On the way
 * it counts the model calls the endpoint answered (a refused connection is none) and reads their
 * token usage (usage-reader.ts), per run, and notes what went wrong with the endpoint (refused
 * connections, 429, 5xx), so a run that failed for the endpoint's sake is an error, never scored.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { readUsage } from './usage-reader.js';

/** What one run's traffic came to. */
export interface RunTraffic {
  /** Model calls the endpoint answered, with any status; a refused connection reached no model. */
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** Model calls answered 2xx. */
  answered: number;
  /** The endpoint's last failure, and whether a retry may help. */
  failure?: EndpointFailure;
  /** Whether the last model call failed (the CLI gave up on a failing endpoint). */
  lastFailed: boolean;
}

/** A connection the endpoint refused (or any network error), or an HTTP error status. */
export type EndpointFailure = (
  | { kind: 'unreachable'; origin: string; code: string }
  | { kind: 'status'; status: number }
) & { retryable: boolean };

export interface CountingProxy {
  /** The base URL a run's CLI talks to. */
  baseUrl(runId: string): string;
  traffic(runId: string): RunTraffic;
  close(): Promise<void>;
}

/** The model endpoints of the wire formats the agents speak; other paths pass uncounted. */
const MODEL_PATH =
  /(\/messages|\/responses|\/chat\/completions|:generateContent|:streamGenerateContent)$/;

export async function startCountingProxy(upstream: string): Promise<CountingProxy> {
  const target = new URL(upstream.endsWith('/') ? upstream : `${upstream}/`);
  const runs = new Map<string, RunTraffic>();
  const trafficOf = (id: string) => {
    let found = runs.get(id);
    if (!found) {
      found = { modelCalls: 0, inputTokens: 0, outputTokens: 0, answered: 0, lastFailed: false };
      runs.set(id, found);
    }
    return found;
  };
  const server = createServer((incoming, outgoing) => {
    const match = /^\/run\/([\w-]+)(\/.*)?$/.exec(incoming.url ?? '');
    if (!match) {
      outgoing.writeHead(404).end();
      return;
    }
    forward(target, match[2] ?? '/', trafficOf(match[1]!), incoming, outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: (runId) => `http://127.0.0.1:${port}/run/${runId}`,
    traffic: (runId) => ({ ...trafficOf(runId) }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function forward(
  target: URL,
  rest: string,
  traffic: RunTraffic,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
): void {
  const [path = '', query] = rest.split(/\?(.*)/s, 2);
  const counted =
    incoming.method === 'POST' && MODEL_PATH.test(path) && !path.endsWith('/count_tokens');
  const url = new URL(`${target.pathname.replace(/\/$/, '')}${path}`, target);
  if (query !== undefined) url.search = query;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers = { ...incoming.headers, host: url.host };
  const upstream = send(url, { method: incoming.method, headers }, (answer) => {
    const status = answer.statusCode ?? 502;
    outgoing.writeHead(status, answer.headers);
    if (counted) noteStatus(traffic, status);
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => {
      if (counted && status < 300) chunks.push(chunk);
      outgoing.write(chunk);
    });
    answer.on('end', () => {
      outgoing.end();
      if (chunks.length === 0) return;
      const usage = readUsage(decoded(Buffer.concat(chunks), answer.headers['content-encoding']));
      traffic.inputTokens += usage.inputTokens;
      traffic.outputTokens += usage.outputTokens;
    });
    answer.on('error', () => outgoing.destroy());
  });
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (counted) {
      traffic.failure = {
        kind: 'unreachable',
        origin: target.origin,
        code: error.code ?? error.message,
        retryable: true,
      };
      traffic.lastFailed = true;
    }
    if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'application/json' });
    outgoing.end(JSON.stringify({ error: { message: `plankeeper eval proxy: ${error.message}` } }));
  });
  incoming.pipe(upstream);
}

/** The endpoint answered a model call: counted here, when it has answered, whatever the status. */
function noteStatus(traffic: RunTraffic, status: number): void {
  traffic.modelCalls++;
  traffic.lastFailed = status >= 400;
  if (status < 400) {
    traffic.answered++;
    return;
  }
  const retryable = status === 429 || status >= 500;
  traffic.failure = { kind: 'status', status, retryable };
}

/** The body as text, unpacked when the endpoint compressed it; unreadable counts as no usage. */
function decoded(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
    if (encoding === 'deflate') return inflateSync(body).toString('utf8');
    return body.toString('utf8');
  } catch {
    return '';
  }
}
