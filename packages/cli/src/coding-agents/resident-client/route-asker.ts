/**
 * One hook event sent over a resident answerer's route (hook-route/resident-answerer.ts) from a
 * Node host, in the request the bash forwarder writes (hook-route/route-request.ts): the
 * secret, the hook's working directory, the variables the hook reads, the command's words and
 * the input; then `ok`, the hook's stdout, END and its stderr, or `pass` for an event the
 * answerer leaves to a hook process.
 */
import { connect } from 'node:net';
import type { Route } from '../hook-route/route-file.js';
import { END, FORWARDED_ENV, REQUEST_HEADER } from '../hook-route/route-request.js';

export interface RouteRequest {
  /** The hook's working directory. */
  cwd: string;
  /** The hook command's words: `… hook <agent> <event> [options]`. */
  words: readonly string[];
  /** The hook input as the agent gives it. */
  input: unknown;
  /** Where FORWARDED_ENV is read from: the host's environment. */
  env: NodeJS.ProcessEnv;
}

/**
 * What came back: the hook's output; `elsewhere` when the answerer could not be reached, passed
 * the event back or closed without an answer (a hook process answers it then); `late` when no
 * answer came within the wait (the answerer may still apply it, so it is not asked again).
 */
export type RouteReply = { stdout: string; stderr: string } | 'elsewhere' | 'late';

export function askRoute(
  route: Route,
  request: RouteRequest,
  timeoutMs: number,
): Promise<RouteReply> {
  const lines = requestLines(route.secret, request);
  if (lines === undefined) return Promise.resolve('elsewhere');
  return new Promise((resolve) => {
    let reply = '';
    let settled = false;
    const settle = (result: RouteReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => settle('late'), timeoutMs);
    const socket = connect({ host: '127.0.0.1', port: route.port });
    socket.setEncoding('utf8');
    socket.on('error', () => settle('elsewhere'));
    socket.on('data', (chunk: string) => {
      reply += chunk;
    });
    socket.on('close', () => settle(readReply(reply)));
    // The request in one write: small writes in a row can each wait for an acknowledgement.
    // Not ended: the answerer closes its side of a connection that ends.
    socket.write(lines);
  });
}

/** The request's text; undefined when a word or value is more than one line. */
function requestLines(secret: string, request: RouteRequest): string | undefined {
  const vars = FORWARDED_ENV.flatMap((name) => {
    const value = request.env[name];
    return value === undefined ? [] : [`${name}=${value}`];
  });
  const input = JSON.stringify(request.input);
  if ([request.cwd, ...request.words, ...vars].some((word) => word.includes('\n'))) return;
  return [
    REQUEST_HEADER,
    secret,
    request.cwd,
    String(vars.length),
    ...vars,
    String(request.words.length),
    ...request.words,
    `${input}${END}`,
  ].join('\n');
}

function readReply(reply: string): RouteReply {
  if (!reply.startsWith('ok\n')) return 'elsewhere';
  const body = reply.slice(3);
  const end = body.indexOf(END);
  // Cut off before the answer's end: not an answer.
  if (end < 0) return 'elsewhere';
  return { stdout: body.slice(0, end), stderr: body.slice(end + 1) };
}
