/**
 * `plankeeper mcp` answers a client's first requests before its MCP SDK has loaded. A coding
 * agent starts the server at every session and waits for it: Claude Code sends a discovery
 * probe, `initialize` and the lists of tools, prompts and resources, and starts its session
 * only once they are answered. Loading the SDK (zod builds its protocol schemas at load) is
 * most of the server's start-up, and those answers depend only on the build and the command
 * line. So the server remembers them (answer-cache.ts) and, at its next start with the same
 * build and command line, writes each from there as soon as its request arrives.
 *
 * Every line still reaches the server, in order: it initializes as it always did and answers
 * the same requests; those answers are dropped here, and remembered again if they differ.
 * Anything else (a tool call, a request not remembered, a notification either way) passes
 * through. Once the listing is over, bytes pass through unread, so a frame of any size meets
 * the server's own limits.
 *
 * Loaded by the bin before anything else: it imports only Node's modules.
 */
import { statSync } from 'node:fs';
import { PassThrough, type Readable, Writable } from 'node:stream';
import {
  type AnswerTable,
  type CachedAnswer,
  cacheFile,
  readAnswers,
  writeAnswers,
} from './answer-cache.js';

/** Requests whose answer depends only on the build and the command line. */
const LISTINGS = new Set([
  'initialize',
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
]);

/** A line longer than this ends the listing: it is no handshake message. */
const MAX_LISTING_LINE = 1024 * 1024;
const NEWLINE = 0x0a;

/** The server's side of stdio, as serveStdio takes it. */
export interface ServerStdio {
  stdin: Readable;
  stdout: Writable;
}

/**
 * What fixes the answers of `plankeeper mcp` run with `args`: the built files the bin loads
 * (their size and time), the arguments, and plankeeper's own environment variables.
 */
export function identityOf(
  builtFiles: readonly string[],
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const built = builtFiles.map((file) => {
    try {
      const { size, mtimeMs } = statSync(file);
      return `${file}:${size}:${mtimeMs}`;
    } catch {
      return `${file}:none`;
    }
  });
  const own = Object.keys(env)
    .filter((name) => name.startsWith('PLANKEEPER_'))
    .sort()
    .map((name) => `${name}=${env[name]}`);
  return [...built, '--', ...args, '--', ...own];
}

/**
 * Starts answering listing requests on `input`/`output` from the answers remembered for
 * `identity`; returns the streams the server is to serve instead of stdin and stdout.
 */
export function startEarlyAnswers(
  identity: readonly string[],
  input: Readable = process.stdin,
  output: Writable = process.stdout,
): ServerStdio {
  const file = cacheFile(identity);
  return new EarlyAnswers(file, readAnswers(file), input, output).server;
}

type Message = Record<string, unknown>;
type Id = string | number;

class EarlyAnswers {
  readonly server: ServerStdio;
  private readonly toServer = new PassThrough();
  /** Listing requests sent on to the server, by id: what each asked. */
  private readonly asked = new Map<Id, string>();
  /** Of those, the ones already answered here: the server's answer is dropped. */
  private readonly answered = new Set<Id>();
  private reading = true;
  private inLine: Buffer[] = [];
  private inBytes = 0;
  private outLine: Buffer[] = [];

  constructor(
    private readonly file: string,
    private readonly answers: AnswerTable,
    private readonly input: Readable,
    private readonly output: Writable,
  ) {
    this.server = {
      stdin: this.toServer,
      stdout: new Writable({
        write: (chunk: Buffer, _encoding, done) => this.fromServer(chunk, done),
      }),
    };
    input.on('data', this.onInput);
    input.once('end', () => this.toServer.end());
  }

  private readonly onInput = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    while (this.reading && start < bytes.length) {
      const newline = bytes.indexOf(NEWLINE, start);
      const end = newline === -1 ? bytes.length : newline + 1;
      this.inLine.push(bytes.subarray(start, end));
      this.inBytes += end - start;
      start = end;
      if (newline !== -1) this.takeLine();
      else if (this.inBytes > MAX_LISTING_LINE) this.stopReading();
    }
    if (!this.reading && start < bytes.length) this.toServer.write(bytes.subarray(start));
  };

  /** One whole line from the client: on to the server, and answered here if remembered. */
  private takeLine(): void {
    const line = Buffer.concat(this.inLine);
    this.inLine = [];
    this.inBytes = 0;
    this.toServer.write(line);
    const message = parse(line);
    if (message === undefined) return;
    const { id, method } = message;
    if (typeof method !== 'string' || !isId(id)) return; // a notification or an answer
    if (!LISTINGS.has(method)) {
      this.stopReading();
      return;
    }
    const asked = requestKey(method, message.params);
    this.asked.set(id, asked);
    const known = this.answers[asked];
    if (known === undefined) return;
    this.answered.add(id);
    this.output.write(`${JSON.stringify({ jsonrpc: '2.0', id, ...known })}\n`);
  }

  /** The listing is over: the rest of stdin goes to the server as it comes. */
  private stopReading(): void {
    if (!this.reading) return;
    this.reading = false;
    if (this.inLine.length > 0) this.toServer.write(Buffer.concat(this.inLine));
    this.inLine = [];
    this.input.off('data', this.onInput);
    this.input.pipe(this.toServer);
  }

  private fromServer(chunk: Buffer, done: (error?: Error | null) => void): void {
    if (!this.reading && this.asked.size === 0 && this.outLine.length === 0) {
      this.write(chunk, done);
      return;
    }
    let start = 0;
    const out: Buffer[] = [];
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      if (newline === -1) {
        this.outLine.push(chunk.subarray(start));
        break;
      }
      this.outLine.push(chunk.subarray(start, newline + 1));
      start = newline + 1;
      const line = Buffer.concat(this.outLine);
      this.outLine = [];
      if (this.keep(line)) out.push(line);
    }
    if (out.length === 0) done();
    else this.write(Buffer.concat(out), done);
  }

  /** Whether the server's `line` goes to the client; remembers the answers to listings. */
  private keep(line: Buffer): boolean {
    const message = parse(line);
    if (message === undefined || 'method' in message || !isId(message.id)) return true;
    const asked = this.asked.get(message.id);
    if (asked === undefined) return true;
    this.asked.delete(message.id);
    const answer: CachedAnswer | undefined =
      'result' in message
        ? { result: message.result }
        : 'error' in message
          ? { error: message.error }
          : undefined;
    if (answer !== undefined && JSON.stringify(this.answers[asked]) !== JSON.stringify(answer)) {
      this.answers[asked] = answer;
      writeAnswers(this.file, this.answers);
    }
    return !this.answered.delete(message.id);
  }

  private write(bytes: Buffer, done: (error?: Error | null) => void): void {
    if (this.output.write(bytes)) done();
    else this.output.once('drain', () => done());
  }
}

function parse(line: Buffer): Message | undefined {
  try {
    const value: unknown = JSON.parse(line.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Message)
      : undefined;
  } catch {
    return undefined;
  }
}

function isId(value: unknown): value is Id {
  return typeof value === 'string' || typeof value === 'number';
}

/** A listing request's method and parameters; `_meta` (per call: progress tokens and the like) is left out. */
function requestKey(method: string, params: unknown): string {
  if (params === null || typeof params !== 'object') return method;
  const { _meta: _, ...rest } = params as Message;
  return `${method} ${JSON.stringify(rest)}`;
}
