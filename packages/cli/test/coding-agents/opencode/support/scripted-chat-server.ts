/**
 * A scripted OpenAI Chat Completions API on 127.0.0.1 for driving the real OpenCode CLI.
 *
 * OpenCode talks to it through its bundled `@ai-sdk/openai-compatible` provider (no package
 * download): `POST /v1/chat/completions` with `stream: true`, answered with
 * `chat.completion.chunk` server-sent events. Every request is recorded and classified:
 * - `main`: the agent loop of the first session that sends a request with tools;
 * - `subagent`: an agent loop (tools present) of any other session: OpenCode sends the
 *   session id in the `x-session-id` header, and a `task` sub-agent runs in a child session;
 * - `title`: the title generator (no tools, system prompt "You are a title generator");
 * - `compaction`: the summary request of a compaction (no tools, "context summarization");
 * - `side`: any other completion request;
 * - `other`: anything else (a model list gets an answer, the rest 404).
 *
 * `main` and `subagent` requests each take the next scripted step, in order (a `task`
 * sub-agent runs between the main step that launched it and the main step that reads its
 * result, so one list covers both). The other kinds are answered without consuming steps.
 * When the script runs out the server answers a plain final text and counts an overrun.
 *
 * The server is also the CLI's HTTP(S) proxy: set `HTTP_PROXY`/`HTTPS_PROXY` to
 * {@link ScriptedChatServer.proxyUrl} (with `NO_PROXY=127.0.0.1,localhost`), and any attempt
 * to reach another host (npm registry, models.dev, ...) is refused at once and recorded in
 * `blockedRequests`.
 *
 * @example
 * const server = await ScriptedChatServer.start([
 *   callTool('plankeeper_todo_write', { todos: [...] }),
 *   say('Done.'),
 * ]);
 * // ...run opencode with a provider whose baseURL is server.baseURL...
 * server.toolResult(server.steps[0]!.toolCalls[0]!.id)?.text; // what the model got back
 */
import { randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { StepQueue } from '../../../../../plankeeper/test/support/scripted-steps.js';
import {
  type OpenAIWireDelta,
  openaiWire,
  type ScriptedReply,
} from '../../../support/fake-provider-server.js';

export interface ScriptedToolCall {
  /** The tool name as the model sees it: `bash`, `todowrite`, `task`, `plankeeper_todo_write`. */
  name: string;
  args: Record<string, unknown>;
  /** The tool call id; generated (unique per server) when left out. */
  id: string;
}

/** One model answer: optional text, then zero or more tool calls (parallel when several). */
export interface ScriptStep {
  text?: string;
  toolCalls: ScriptedToolCall[];
  /**
   * `prompt_tokens` reported in this answer's usage. A value at or above the model's
   * `limit.context` makes OpenCode compact before its next step (see `withUsage`).
   */
  promptTokens?: number;
}

export type StepInput =
  | string
  | {
      text?: string;
      toolCalls?: Array<Omit<ScriptedToolCall, 'id'> & { id?: string }>;
      promptTokens?: number;
    };

export type RequestKind = 'main' | 'subagent' | 'title' | 'compaction' | 'side' | 'other';

export interface ChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
  [key: string]: unknown;
}

export interface ChatBody {
  model?: string;
  messages?: ChatMessage[];
  tools?: Array<{ type: string; function: { name: string; description?: string } }>;
  stream?: boolean;
  [key: string]: unknown;
}

export interface RecordedModelRequest {
  kind: RequestKind;
  /** When the whole request had arrived (performance.now()): the bench times the gaps. */
  receivedAt: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** OpenCode's session id for this request (`x-session-id` header). */
  sessionId?: string;
  /** The parsed JSON body (or the raw text when it was not JSON). */
  body: ChatBody;
  /** Index of the script step this request was answered with (main/subagent only). */
  step?: number;
}

/** A `role: "tool"` message found in a request: what the model got as a tool result. */
export interface FoundToolResult {
  text: string;
  /** The raw `content` of the message (OpenCode sends a string). */
  content: unknown;
  request: RecordedModelRequest;
}

export interface ScriptedServerOptions {
  /** The summary a compaction request gets. */
  compactSummary?: string;
  /** The title a title request gets. */
  title?: string;
}

const TITLE_MARKER = 'You are a title generator';
const COMPACTION_MARKER = 'context summarization';

/** A step that answers with text only (ends the turn). */
export function say(text: string): StepInput {
  return { text };
}

/** A step that calls one tool. */
export function callTool(name: string, args: Record<string, unknown>, id?: string): StepInput {
  return { toolCalls: [{ name, args, ...(id !== undefined && { id }) }] };
}

/** The same step, reporting `promptTokens` of usage (to push OpenCode into compaction). */
export function withUsage(step: StepInput, promptTokens: number): StepInput {
  return typeof step === 'string' ? { text: step, promptTokens } : { ...step, promptTokens };
}

/** The text of a message's content: a string as is, content parts' `text` joined by newlines. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
      )
      .join('\n');
  }
  return '';
}

export class ScriptedChatServer {
  readonly requests: RecordedModelRequest[] = [];
  /** Requests that tried to leave through the proxy (hosts / URLs), refused. */
  readonly blockedRequests: string[] = [];
  readonly #queue = new StepQueue<ScriptStep>();
  #mainSession: string | undefined;
  readonly #options: ScriptedServerOptions;
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  #port = 0;

  private constructor(steps: readonly StepInput[], options: ScriptedServerOptions) {
    this.#options = options;
    this.push(...steps);
    this.#server = createServer((request, response) => {
      const url = request.url ?? '';
      // A proxied plain-HTTP request names an absolute URL: refuse it.
      if (/^[a-z]+:\/\//i.test(url)) {
        this.blockedRequests.push(url);
        request.resume();
        response.writeHead(403, { 'content-type': 'text/plain' });
        response.end('blocked by the test proxy');
        return;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        void this.#handle(request.method ?? '', url, request.headers, text, response);
      });
    });
    // HTTPS through the proxy starts with CONNECT: refuse it at once.
    this.#server.on('connect', (request, socket: Socket) => {
      this.blockedRequests.push(request.url ?? '');
      socket.on('error', () => {});
      socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
    });
    this.#server.on('connection', (socket: Socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  static async start(
    steps: readonly StepInput[] = [],
    options: ScriptedServerOptions = {},
  ): Promise<ScriptedChatServer> {
    const server = new ScriptedChatServer(steps, options);
    await new Promise<void>((resolve, reject) => {
      server.#server.once('error', reject);
      server.#server.listen(0, '127.0.0.1', resolve);
    });
    server.#port = (server.#server.address() as AddressInfo).port;
    return server;
  }

  /** Appends steps to the script. */
  push(...steps: StepInput[]): this {
    this.#queue.push(...steps.map(normalize));
    return this;
  }

  /** Every scripted step, used or not, in order. */
  get steps(): readonly ScriptStep[] {
    return this.#queue.steps;
  }

  /** Main/subagent requests that arrived after the script ran out. */
  get overruns(): number {
    return this.#queue.overruns;
  }

  get port(): number {
    return this.#port;
  }

  /** The provider `baseURL` for OpenCode's config (`.../v1`). */
  get baseURL(): string {
    return `http://127.0.0.1:${this.#port}/v1`;
  }

  /** The URL to use as HTTP(S)_PROXY: every proxied request is refused. */
  get proxyUrl(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  /** Script steps not yet answered. */
  get pending(): number {
    return this.#queue.pending;
  }

  /** Requests of one kind (or several). */
  ofKind(...kinds: RequestKind[]): RecordedModelRequest[] {
    return this.requests.filter((request) => kinds.includes(request.kind));
  }

  /** The session id of the first agent-loop request: the main session. */
  get mainSessionId(): string | undefined {
    return this.#mainSession;
  }

  /** The request answered with script step `index`. */
  requestForStep(index: number): RecordedModelRequest | undefined {
    return this.requests.find((request) => request.step === index);
  }

  /**
   * The first `role: "tool"` message answering tool call `callId`, in any later request:
   * exactly what the model received as the tool's result.
   */
  toolResult(callId: string): FoundToolResult | undefined {
    for (const request of this.requests) {
      for (const message of request.body.messages ?? []) {
        if (message.role === 'tool' && message.tool_call_id === callId) {
          return { text: contentText(message.content), content: message.content, request };
        }
      }
    }
    return undefined;
  }

  /** The system messages of a request, as text (OpenCode may send several). */
  static systemTexts(request: RecordedModelRequest): string[] {
    return (request.body.messages ?? [])
      .filter((message) => message.role === 'system')
      .map((message) => contentText(message.content));
  }

  /** The user messages of a request, as text. */
  static userTexts(request: RecordedModelRequest): string[] {
    return (request.body.messages ?? [])
      .filter((message) => message.role === 'user')
      .map((message) => contentText(message.content));
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    text: string,
    response: ServerResponse,
  ): Promise<void> {
    const body = parseBody(text);
    const sessionHeader = headers['x-session-id'];
    const sessionId = typeof sessionHeader === 'string' ? sessionHeader : undefined;
    const kind = this.#classify(method, path, body, sessionId);
    const recorded: RecordedModelRequest = {
      kind,
      method,
      path,
      headers,
      ...(sessionId !== undefined && { sessionId }),
      body,
      receivedAt: performance.now(),
    };
    this.requests.push(recorded);

    if (kind === 'other') {
      if (method === 'GET' && path.endsWith('/models')) {
        await write(response, {
          json: { object: 'list', data: [{ id: 'scripted', object: 'model', owned_by: 'test' }] },
        });
        return;
      }
      await write(response, openaiWire.error(404, `scripted server: no route ${method} ${path}`));
      return;
    }
    let step: ScriptStep;
    if (kind === 'main' || kind === 'subagent') {
      const next = this.#queue.take();
      if (next === undefined) {
        step = { text: 'Done.', toolCalls: [] };
      } else {
        recorded.step = next.index;
        step = next.step;
      }
    } else if (kind === 'title') {
      step = { text: this.#options.title ?? 'Scripted session', toolCalls: [] };
    } else if (kind === 'compaction') {
      step = {
        text: this.#options.compactSummary ?? 'Summary: the user asked for work; it is under way.',
        toolCalls: [],
      };
    } else {
      step = { text: 'OK', toolCalls: [] };
    }
    await write(response, answer(step, body.stream !== false));
  }

  #classify(method: string, path: string, body: ChatBody, sessionId?: string): RequestKind {
    if (method !== 'POST' || !path.endsWith('/chat/completions')) return 'other';
    const hasTools = Array.isArray(body.tools) && body.tools.length > 0;
    if (hasTools) {
      if (this.#mainSession === undefined) this.#mainSession = sessionId;
      return sessionId !== undefined && sessionId !== this.#mainSession ? 'subagent' : 'main';
    }
    const system = (body.messages ?? [])
      .filter((message) => message.role === 'system')
      .map((message) => contentText(message.content))
      .join('\n');
    if (system.includes(TITLE_MARKER)) return 'title';
    if (system.includes(COMPACTION_MARKER)) return 'compaction';
    return 'side';
  }
}

let idCounter = 0;

function normalize(step: StepInput): ScriptStep {
  if (typeof step === 'string') return { text: step, toolCalls: [] };
  return {
    ...(step.text !== undefined && { text: step.text }),
    ...(step.promptTokens !== undefined && { promptTokens: step.promptTokens }),
    toolCalls: (step.toolCalls ?? []).map((call) => ({
      name: call.name,
      args: call.args,
      id: call.id ?? `call_${randomBytes(6).toString('hex')}_${++idCounter}`,
    })),
  };
}

function answer(step: ScriptStep, stream: boolean): ScriptedReply {
  const usage = { prompt: step.promptTokens ?? 100, completion: 10 };
  if (!stream) {
    return openaiWire.completion({
      content: step.text ?? null,
      toolCalls: step.toolCalls.map((call) => ({
        id: call.id,
        name: call.name,
        arguments: JSON.stringify(call.args),
      })),
      usage,
    });
  }
  const deltas: OpenAIWireDelta[] = [];
  if (step.text !== undefined) deltas.push({ content: step.text });
  step.toolCalls.forEach((call, index) => {
    deltas.push({ toolCall: { index, id: call.id, name: call.name, arguments: '' } });
    deltas.push({ toolCall: { index, arguments: JSON.stringify(call.args) } });
  });
  return openaiWire.stream({ deltas, usage });
}

function parseBody(text: string): ChatBody {
  if (text === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as ChatBody) : {};
  } catch {
    return { raw: text };
  }
}

async function write(response: ServerResponse, reply: ScriptedReply): Promise<void> {
  const status = reply.status ?? 200;
  if (reply.events !== undefined) {
    response.writeHead(status, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      ...reply.headers,
    });
    for (const event of reply.events) {
      const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
      response.write(`data: ${data}\n\n`);
      // Separate network writes, so the SDK really assembles the answer from pieces.
      await new Promise((resolve) => setImmediate(resolve));
      if (response.destroyed) return;
    }
    response.end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json', ...reply.headers });
  response.end(JSON.stringify(reply.json ?? {}));
}
