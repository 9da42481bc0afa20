/**
 * A scripted Anthropic Messages API on 127.0.0.1 for driving the real Claude Code CLI.
 *
 * Every request the CLI sends is recorded and classified:
 * - `main`: the main conversation's agent loop (a `/v1/messages` call with tools);
 * - `subagent`: a sub-agent's agent loop (Claude Code marks it `cc_is_subagent=true` in the
 *   billing line that opens the system prompt);
 * - `compact`: the compaction summary request (`/compact` or auto-compact), which carries the
 *   same tools but asks for a text-only summary;
 * - `side`: any other `/v1/messages` call (no tools: titles, classifiers, quota probes);
 * - `count_tokens`: `/v1/messages/count_tokens`;
 * - `other`: anything else (answered 404).
 *
 * `main` and `subagent` requests each take the next scripted step, in order (a foreground
 * sub-agent runs between the main turn that launched it and the main turn that reads its
 * report, so one list covers both). The other kinds are answered without consuming steps.
 * When the script runs out the server answers a plain final text and counts an overrun.
 *
 * The server also works as the CLI's HTTP(S) proxy: set `HTTPS_PROXY`/`HTTP_PROXY` to
 * {@link ScriptedAnthropicServer.proxyUrl} (with `NO_PROXY=127.0.0.1,localhost`), and any
 * attempt to reach another host is refused at once and recorded in `blockedRequests`.
 *
 * @example
 * const server = await ScriptedAnthropicServer.start([
 *   callTool('mcp__plankeeper__todo_write', { todos: [...] }),
 *   say('Done.'),
 * ]);
 * // ...run claude with ANTHROPIC_BASE_URL=server.url...
 * server.toolResult(server.steps[0].toolCalls[0].id); // what the model got back
 */
import { randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { StepQueue } from '../../../../../plankeeper/test/support/scripted-steps.js';
import {
  type AnthropicWireStreamBlock,
  anthropicWire,
} from '../../../support/fake-provider-server.js';

export interface ScriptedToolCall {
  /** The tool name as the model sees it, e.g. `mcp__plankeeper__todo_write`, `Agent`, `Read`. */
  name: string;
  input: Record<string, unknown>;
  /** The `tool_use` id; generated (unique per server) when left out. */
  id: string;
}

/** One model answer: optional text, then zero or more tool calls (parallel when several). */
export interface ScriptStep {
  text?: string;
  toolCalls: ScriptedToolCall[];
}

export type StepInput =
  | string
  | { text?: string; toolCalls?: Array<Omit<ScriptedToolCall, 'id'> & { id?: string }> };

export type RequestKind = 'main' | 'subagent' | 'compact' | 'side' | 'count_tokens' | 'other';

export interface RecordedModelRequest {
  kind: RequestKind;
  /** When the whole request had arrived (performance.now()): the bench times the gaps. */
  receivedAt: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (or the raw text when it was not JSON). */
  body: MessagesBody;
  /** Index of the script step this request was answered with (main/subagent only). */
  step?: number;
}

export interface MessagesBody {
  model?: string;
  system?: string | Array<{ type: string; text?: string }>;
  messages?: Array<{ role: string; content: unknown }>;
  tools?: Array<{ name: string }>;
  stream?: boolean;
  [key: string]: unknown;
}

/** A `tool_result` block found in a request, with its content flattened to text. */
export interface FoundToolResult {
  text: string;
  isError: boolean;
  /** The raw `content` of the block: a string, or an array of content blocks. */
  content: unknown;
  request: RecordedModelRequest;
}

export interface ScriptedServerOptions {
  /** The summary a compaction request gets. */
  compactSummary?: string;
  /** Answer for `side` requests; default a short neutral text. */
  sideAnswer?: (request: RecordedModelRequest) => string;
  /** Answers main requests from the request itself, instead of the queue (a model that reacts). */
  mainAnswer?: (request: RecordedModelRequest) => StepInput;
}

const COMPACT_MARKER = 'create a detailed summary of the conversation';
const SUBAGENT_MARKER = 'cc_is_subagent=true';

/** A step that answers with text only (ends the turn). */
export function say(text: string): StepInput {
  return { text };
}

/** A step that calls one tool. */
export function callTool(name: string, input: Record<string, unknown>, id?: string): StepInput {
  return { toolCalls: [{ name, input, ...(id !== undefined && { id }) }] };
}

export class ScriptedAnthropicServer {
  readonly requests: RecordedModelRequest[] = [];
  /** Requests that tried to leave through the proxy (host names / URLs), refused. */
  readonly blockedRequests: string[] = [];
  readonly #queue = new StepQueue<ScriptStep>();
  #idCounter = 0;
  readonly #tag = randomBytes(4).toString('hex');
  readonly #server: Server;
  readonly #options: ScriptedServerOptions;
  #port = 0;

  private constructor(steps: readonly StepInput[], options: ScriptedServerOptions) {
    this.#options = options;
    this.script(...steps);
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = request.url ?? '';
        if (/^https?:\/\//.test(url) && !url.startsWith(this.url)) {
          // A proxied plain-HTTP request for another host.
          this.blockedRequests.push(`${request.method} ${url}`);
          response.writeHead(403).end();
          return;
        }
        const text = Buffer.concat(chunks).toString('utf8');
        void this.#answer(request.method ?? '', url, request.headers, text, response);
      });
    });
    // A proxied HTTPS request: refuse the tunnel at once so the CLI fails fast.
    this.#server.on('connect', (request, socket) => {
      this.blockedRequests.push(`CONNECT ${request.url ?? ''}`);
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    });
  }

  static async start(
    steps: readonly StepInput[] = [],
    options: ScriptedServerOptions = {},
  ): Promise<ScriptedAnthropicServer> {
    const server = new ScriptedAnthropicServer(steps, options);
    await new Promise<void>((resolve, reject) => {
      server.#server.once('error', reject);
      server.#server.listen(0, '127.0.0.1', resolve);
    });
    server.#port = (server.#server.address() as AddressInfo).port;
    return server;
  }

  /** `ANTHROPIC_BASE_URL` for the CLI. */
  get url(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  /** `HTTPS_PROXY` / `HTTP_PROXY` for the CLI: every outside request is refused and recorded. */
  get proxyUrl(): string {
    return this.url;
  }

  /** Appends steps to the script (e.g. before a second CLI run against the same server). */
  script(...steps: StepInput[]): ScriptStep[] {
    const added = steps.map((step) => this.#normalize(step));
    this.#queue.push(...added);
    return added;
  }

  /** Every scripted step, used or not, in order. */
  get steps(): readonly ScriptStep[] {
    return this.#queue.steps;
  }

  /** Steps not yet used: a test that scripted exactly what it needs expects 0. */
  get unusedSteps(): number {
    return this.#queue.pending;
  }

  /** Main/subagent requests that arrived after the script ran out. */
  get overruns(): number {
    return this.#queue.overruns;
  }

  /** Requests of the given kinds, in arrival order. */
  ofKind(...kinds: RequestKind[]): RecordedModelRequest[] {
    return this.requests.filter((request) => kinds.includes(request.kind));
  }

  /** The first recorded request that carries the `tool_result` for `toolUseId`, flattened. */
  toolResult(toolUseId: string): FoundToolResult | undefined {
    for (const request of this.requests) {
      for (const message of request.body.messages ?? []) {
        if (!Array.isArray(message.content)) continue;
        for (const block of message.content as Array<Record<string, unknown>>) {
          if (block.type === 'tool_result' && block.tool_use_id === toolUseId) {
            return {
              text: flattenText(block.content),
              isError: block.is_error === true,
              content: block.content,
              request,
            };
          }
        }
      }
    }
    return undefined;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #normalize(step: StepInput): ScriptStep {
    if (typeof step === 'string') return { text: step, toolCalls: [] };
    return {
      ...(step.text !== undefined && { text: step.text }),
      toolCalls: (step.toolCalls ?? []).map((call) => ({
        name: call.name,
        input: call.input,
        id: call.id ?? `toolu_${this.#tag}_${String(++this.#idCounter).padStart(3, '0')}`,
      })),
    };
  }

  async #answer(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    text: string,
    response: ServerResponse,
  ): Promise<void> {
    const body = parseBody(text);
    const kind = classify(method, path, body);
    const recorded: RecordedModelRequest = {
      kind,
      method,
      path,
      headers,
      body,
      receivedAt: performance.now(),
    };
    this.requests.push(recorded);

    if (kind === 'count_tokens') {
      sendJson(response, 200, { input_tokens: estimateTokens(text) });
      return;
    }
    if (kind === 'other') {
      sendJson(response, 404, {
        type: 'error',
        error: { type: 'not_found_error', message: `scripted server: no route ${method} ${path}` },
      });
      return;
    }

    let step: ScriptStep;
    if (kind === 'main' && this.#options.mainAnswer !== undefined) {
      step = this.#normalize(this.#options.mainAnswer(recorded));
    } else if (kind === 'main' || kind === 'subagent') {
      const next = this.#queue.take();
      if (next === undefined) {
        step = { text: '(scripted model: no step left)', toolCalls: [] };
      } else {
        recorded.step = next.index;
        step = next.step;
      }
    } else if (kind === 'compact') {
      const summary = this.#options.compactSummary ?? 'Scripted compaction summary.';
      step = {
        text: `<analysis>Scripted.</analysis>\n<summary>${summary}</summary>`,
        toolCalls: [],
      };
    } else {
      step = { text: this.#options.sideAnswer?.(recorded) ?? 'OK', toolCalls: [] };
    }
    await sendStep(response, body, step);
  }
}

function classify(method: string, path: string, body: MessagesBody): RequestKind {
  const route = path.split('?')[0] ?? '';
  if (method !== 'POST') return 'other';
  if (route === '/v1/messages/count_tokens') return 'count_tokens';
  if (route !== '/v1/messages') return 'other';
  if (!Array.isArray(body.tools) || body.tools.length === 0) return 'side';
  const lastUser = [...(body.messages ?? [])].reverse().find((message) => message.role === 'user');
  if (lastUser && flattenText(lastUser.content).includes(COMPACT_MARKER)) return 'compact';
  if (systemText(body).includes(SUBAGENT_MARKER)) return 'subagent';
  return 'main';
}

/** The system prompt as one string. */
export function systemText(body: MessagesBody): string {
  return typeof body.system === 'string' ? body.system : flattenText(body.system ?? []);
}

/**
 * Everything the model was shown in one request, as text: the system prompt and every
 * message (Claude Code also sends `role: "system"` messages for hook context and reminders).
 */
export function seenText(request: RecordedModelRequest): string {
  const messages = (request.body.messages ?? []).map(
    (message) => `[${message.role}] ${flattenText(message.content)}`,
  );
  return [systemText(request.body), ...messages].join('\n');
}

/** Text of a content value: a string, or the text of text / tool_result blocks within. */
export function flattenText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => {
      if (typeof block === 'string') return block;
      if (block === null || typeof block !== 'object') return '';
      const record = block as Record<string, unknown>;
      if (typeof record.text === 'string') return record.text;
      if (record.type === 'tool_result') return flattenText(record.content);
      if (record.type === 'tool_use')
        return `tool_use ${String(record.name)} ${JSON.stringify(record.input)}`;
      return '';
    })
    .join('\n');
}

function parseBody(text: string): MessagesBody {
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed !== null && typeof parsed === 'object' ? (parsed as MessagesBody) : {};
  } catch {
    return {};
  }
}

function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function sendJson(response: ServerResponse, status: number, json: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_scripted' });
  response.end(JSON.stringify(json));
}

/** Writes one step in the Messages wire format: an SSE stream, or a JSON message. */
async function sendStep(
  response: ServerResponse,
  body: MessagesBody,
  step: ScriptStep,
): Promise<void> {
  const model = typeof body.model === 'string' ? body.model : 'claude-scripted';
  const usage = { input: 10, output: 5 };
  if (body.stream !== true) {
    const reply = anthropicWire.message({
      content: [
        ...(step.text !== undefined ? [{ type: 'text' as const, text: step.text }] : []),
        ...step.toolCalls.map((call) => ({ type: 'tool_use' as const, ...call })),
      ],
      usage,
    });
    sendJson(response, 200, { ...(reply.json as Record<string, unknown>), model });
    return;
  }
  const blocks: AnthropicWireStreamBlock[] = [
    ...(step.text !== undefined ? [{ type: 'text' as const, deltas: splitInTwo(step.text) }] : []),
    ...step.toolCalls.map((call) => ({
      type: 'tool_use' as const,
      id: call.id,
      name: call.name,
      jsonDeltas: splitInTwo(JSON.stringify(call.input)),
    })),
  ];
  const reply = anthropicWire.stream({ blocks, usage });
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    ...reply.headers,
  });
  for (const event of reply.events ?? []) {
    const data = event.data as Record<string, unknown>;
    if (data.type === 'message_start') {
      data.message = { ...(data.message as Record<string, unknown>), model };
    }
    response.write(`event: ${event.event}\ndata: ${JSON.stringify(data)}\n\n`);
    // Separate writes, so the CLI really assembles the answer from pieces.
    await new Promise((resolve) => setImmediate(resolve));
    if (response.destroyed) return;
  }
  response.end();
}

/** Two pieces (when there is anything to split), so deltas are really concatenated. */
function splitInTwo(text: string): string[] {
  const chars = Array.from(text);
  if (chars.length < 2) return [text];
  const middle = Math.floor(chars.length / 2);
  return [chars.slice(0, middle).join(''), chars.slice(middle).join('')];
}
