/**
 * One hook event as the forwarder (forwarder-script.ts) sends it to the resident answerer, in
 * lines bash can write with printf alone:
 *
 *   plankeeper-hook 1
 *   <secret>
 *   <the hook's working directory>
 *   <n>, then n lines NAME=value (FORWARDED_ENV the hook has set)
 *   <n>, then n lines: the hook command's words (`… hook <agent> <event> [options]`)
 *   <the hook input, as the agent wrote it on stdin> END
 *
 * END is the byte 0x1e, which valid JSON never holds (not even inside a string, unescaped).
 */

export const REQUEST_HEADER = 'plankeeper-hook 1';
export const END = '\x1e';

/** The variables the one-shot hook reads from its environment: the resident takes the hook's. */
export const FORWARDED_ENV = ['PLANKEEPER_STORE', 'GEMINI_PROJECT_DIR'] as const;

export interface RouteRequest {
  cwd: string;
  env: Partial<Record<(typeof FORWARDED_ENV)[number], string>>;
  /** What `plankeeper hook` takes: the words after `hook`. */
  args: string[];
  input: string;
}

/**
 * Whether `text`, what has arrived so far, shows the right header and secret: decided as soon
 * as the first two lines are in (undefined until then), so a stranger is cut off at once.
 * `header`: another protocol's first line (the MCP relay's, mcp-handshake.ts).
 */
export function admits(text: string, secret: string, header = REQUEST_HEADER): boolean | undefined {
  const lines = text.split('\n');
  if (lines.length < 3) {
    const sofar = lines.join('\n');
    const expected = `${header}\n${secret}\n`;
    return expected.startsWith(sofar) ? undefined : false;
  }
  return lines[0] === header && lines[1] === secret;
}

/** The request in `text` (ending with END), or an error saying what is wrong with it. */
export function readRouteRequest(text: string): RouteRequest | Error {
  const body = text.endsWith(END) ? text.slice(0, -1) : text;
  const lines = body.split('\n');
  let at = 2;
  const cwd = lines[at++] ?? '';
  const envCount = Number(lines[at++]);
  if (!Number.isInteger(envCount) || envCount < 0) return new Error('bad variable count');
  const env: RouteRequest['env'] = {};
  for (const line of lines.slice(at, at + envCount)) {
    const split = line.indexOf('=');
    const name = line.slice(0, split) as (typeof FORWARDED_ENV)[number];
    if (split > 0 && FORWARDED_ENV.includes(name)) env[name] = line.slice(split + 1);
  }
  at += envCount;
  const argCount = Number(lines[at++]);
  if (!Number.isInteger(argCount) || argCount < 0) return new Error('bad word count');
  const words = lines.slice(at, at + argCount);
  at += argCount;
  const hook = words.indexOf('hook');
  if (hook < 0 || at > lines.length) return new Error('no `hook` command in the request');
  return { cwd, env, args: words.slice(hook + 1), input: lines.slice(at).join('\n') };
}
