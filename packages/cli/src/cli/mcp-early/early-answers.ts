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
 * Only for a command line the server is sure to accept (command-line-check.ts): a remembered
 * start must not be advertised for one that ends in a usage error.
 *
 * Loaded by the bin before anything else: it imports only Node's modules, the core's line
 * reader (`plankeeper/lines`, a file that imports nothing) and the command line's check.
 *
 * The bin runs the server's bundle only once the handshake has gone quiet (`quiet`): running
 * it holds the event loop for about 100 ms (compiled code, then every module's top level, in
 * one go), and a request that arrives meanwhile waits for all of it. Claude Code sends its
 * probe, `initialize` and the lists one after another, each once the one before is answered,
 * then does its own work for some 100 ms before its first tool call: the bundle runs there.
 */
import { statSync } from 'node:fs';
import { PassThrough, type Readable, Writable } from 'node:stream';
import { LineReader } from 'plankeeper/lines';
import {
  type AnswerTable,
  type CachedAnswer,
  cacheFile,
  readAnswers,
  writeAnswers,
} from './answer-cache.js';

export { plausibleMcpArgs } from './command-line-check.js';

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

/** The server's side of stdio, as serveStdio takes it. */
export interface ServerStdio {
  stdin: Readable;
  stdout: Writable;
}

/** The early answers' streams for the server, and when to load it. */
export interface EarlyStart extends ServerStdio {
  /**
   * Resolves once nothing more is answered here soon: the client sent a request only the
   * server can answer, or ended its input, or wrote nothing for QUIET_MS after a line (or for
   * FIRST_LINE_MS from the start), or nothing is remembered to answer with.
   */
  quiet: Promise<void>;
}

/** Between a client's handshake messages: each is sent as the answer before it arrives. */
const QUIET_MS = 10;
/** From the start to a client's first line: a coding agent writes as it starts the server. */
const FIRST_LINE_MS = 40;

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
): EarlyStart {
  const file = cacheFile(identity);
  const early = new EarlyAnswers(file, readAnswers(file), input, output);
  return { ...early.server, quiet: early.quiet };
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
  /** Listing ids the client reused while their answer was awaited: nothing of them is kept. */
  private readonly reused = new Set<Id>();
  private reading = true;
  /** The client's lines while the listing lasts; no limit: a long line ends the listing. */
  private readonly fromClient = new LineReader();
  private readonly fromServerLines = new LineReader();
  readonly quiet: Promise<void>;
  private settle: () => void = () => {};
  private quietTimer: NodeJS.Timeout | undefined;

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
    this.quiet = new Promise((resolve) => {
      this.settle = () => {
        clearTimeout(this.quietTimer);
        resolve();
      };
    });
    if (Object.keys(answers).length === 0) this.settle();
    else this.settleAfter(FIRST_LINE_MS);
    input.on('data', this.onInput);
    input.once('end', () => {
      this.settle();
      this.toServer.end();
    });
  }

  private settleAfter(ms: number): void {
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(this.settle, ms);
    this.quietTimer.unref();
  }

  private readonly onInput = (chunk: Buffer | string) => {
    this.fromClient.append(chunk);
    while (this.reading) {
      const line = this.fromClient.readLine();
      if (line === undefined) break;
      // No limit is set, so every line read is text.
      this.takeLine(line as string);
    }
    if (this.reading && this.fromClient.pendingBytes > MAX_LISTING_LINE) this.stopReading();
    if (this.reading) this.settleAfter(QUIET_MS);
  };

  /** One whole line from the client: on to the server, and answered here if remembered. */
  private takeLine(line: string): void {
    this.toServer.write(`${line}\n`);
    const message = parse(line);
    if (message === undefined) return;
    const { id, method } = message;
    if (typeof method !== 'string' || !isId(id)) return; // a notification or an answer
    if (!LISTINGS.has(method)) {
      this.stopReading();
      return;
    }
    // An id reused before its answer came: the server's answers can no longer be told apart,
    // so this request is neither answered here nor remembered (nor the one before it).
    if (this.asked.has(id)) {
      this.reused.add(id);
      return;
    }
    const asked = requestKey(method, message.params);
    this.asked.set(id, asked);
    const known = this.answers[asked];
    if (known === undefined) {
      this.settle(); // only the server can answer it
      return;
    }
    this.answered.add(id);
    this.output.write(`${JSON.stringify({ jsonrpc: '2.0', id, ...known })}\n`);
  }

  /** The listing is over: the rest of stdin goes to the server as it comes. */
  private stopReading(): void {
    if (!this.reading) return;
    this.reading = false;
    this.settle();
    const rest = this.fromClient.takeRest();
    if (rest.length > 0) this.toServer.write(rest);
    this.input.off('data', this.onInput);
    this.input.pipe(this.toServer);
  }

  private fromServer(chunk: Buffer, done: (error?: Error | null) => void): void {
    const lines = this.fromServerLines;
    if (!this.reading && this.asked.size === 0 && lines.pendingBytes === 0) {
      this.write(chunk, done);
      return;
    }
    lines.append(chunk);
    const out: string[] = [];
    // No limit is set, so every line read is text.
    for (let line = lines.readLine(); line !== undefined; line = lines.readLine()) {
      if (this.keep(line as string)) out.push(`${line}\n`);
    }
    if (out.length === 0) done();
    else this.write(Buffer.from(out.join('')), done);
  }

  /** Whether the server's `line` goes to the client; remembers the answers to listings. */
  private keep(line: string): boolean {
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
    const reused = this.reused.delete(message.id);
    if (
      answer !== undefined &&
      !reused &&
      JSON.stringify(this.answers[asked]) !== JSON.stringify(answer)
    ) {
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

function parse(line: string): Message | undefined {
  try {
    const value: unknown = JSON.parse(line);
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
