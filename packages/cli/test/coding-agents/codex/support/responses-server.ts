/**
 * A scripted model for the real Codex CLI: an OpenAI Responses API stand-in on 127.0.0.1.
 *
 * Codex (0.171.0) sends every model call as `POST <base_url>/responses` with `stream: true`
 * and reads server-sent events; `response.output_item.done` items plus `response.completed`
 * (with `usage`) are what it needs. It tags each request in the `x-codex-turn-metadata`
 * header (JSON): `request_kind` is `turn` or `compaction`, and a sub-agent's request also
 * carries the `x-openai-subagent` header and `thread_source: "subagent"`.
 *
 * Only MAIN-conversation turns consume the script. A compaction request gets a summary, a
 * sub-agent turn the next step of the sub-agent script (or a one-line answer), so a test
 * scripts exactly the main conversation. Every request is recorded with its parsed body,
 * so a test can read what the model received: tool results, hook context, hook prompts.
 *
 * @example
 * const model = await ResponsesServer.start([mcpCall('plankeeper', 'todo_read', {}), say('Done.')]);
 * // ... run codex with base_url = model.url ...
 * model.toolOutput(model.main[1]!, model.main[0]!.callIds[0]!); // what the model got back
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { StepQueue } from '../../../../../plankeeper/test/support/scripted-steps.js';

/** One model answer: a text message, or a function call (optionally after some text). */
export type ScriptStep =
  | { text: string; tokens?: number }
  | {
      call: string;
      /** Codex groups tools in namespaces: `mcp__<server>` for MCP tools, `multi_agent_v1`. */
      namespace?: string;
      args?: unknown;
      /** A message sent before the call, in the same response. */
      text?: string;
      /** Reported `input_tokens`, to push Codex over `model_auto_compact_token_limit`. */
      tokens?: number;
    };

/**
 * A step, or a function of the request it answers (to use ids Codex made up, say); one that
 * returns a promise holds the answer until it settles (to order two sessions, say).
 */
export type Step =
  | ScriptStep
  | ((request: ResponsesRequest, server: ResponsesServer) => ScriptStep | Promise<ScriptStep>);

export type RequestKind = 'main' | 'subagent' | 'compaction' | 'other';

export interface ResponsesRequest {
  method: string;
  /** When the whole request had arrived (performance.now()): the bench times the gaps. */
  receivedAt: number;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (the raw text when it was not JSON). */
  body: ResponsesBody;
  /** The parsed `x-codex-turn-metadata` header (session_id, thread_id, request_kind, ...). */
  metadata: Record<string, unknown>;
  kind: RequestKind;
  /** The call ids of the function calls this request was answered with. */
  callIds: string[];
}

export interface ResponsesBody {
  model?: string;
  input?: InputItem[];
  tools?: ToolSpec[];
  [key: string]: unknown;
}

export interface InputItem {
  type?: string;
  role?: string;
  content?: unknown;
  call_id?: string;
  name?: string;
  namespace?: string;
  arguments?: string;
  output?: unknown;
  [key: string]: unknown;
}

export interface ToolSpec {
  type: string;
  name?: string;
  tools?: ToolSpec[];
  [key: string]: unknown;
}

export const say = (text: string, tokens?: number): ScriptStep => ({ text, tokens });

/** A call of any Codex tool by its name, e.g. `exec_command`. */
export const callTool = (name: string, args: unknown, namespace?: string): ScriptStep => ({
  call: name,
  namespace,
  args,
});

/**
 * A call of an MCP tool: Codex offers it as `<tool>` in namespace `mcp__<server>`. `tokens`
 * is the input token count the response reports (to trigger an auto-compaction).
 */
export const mcpCall = (
  server: string,
  tool: string,
  args: unknown,
  tokens?: number,
): ScriptStep => ({ call: tool, namespace: `mcp__${server}`, args, tokens });

/** `spawn_agent`: starts a sub-agent with its own thread (and its own MCP connections). */
export const spawnAgent = (message: string): ScriptStep => ({
  call: 'spawn_agent',
  namespace: 'multi_agent_v1',
  args: { message },
});

/** `wait_agent` on the sub-agent the last `spawn_agent` started. */
export const waitForSpawnedAgent: Step = (request) => ({
  call: 'wait_agent',
  namespace: 'multi_agent_v1',
  args: { targets: [spawnedAgentId(request)], timeout_ms: 10_000 },
});

export class ResponsesServer {
  readonly requests: ResponsesRequest[] = [];
  readonly #main: StepQueue<Step>;
  readonly #subagent: StepQueue<Step>;
  readonly #server: Server;
  #port = 0;
  #calls = 0;

  private constructor(main: Step[], subagent: Step[]) {
    this.#main = new StepQueue(main);
    this.#subagent = new StepQueue(subagent);
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const recorded = this.#record(
          request.method ?? '',
          request.url ?? '',
          request.headers,
          Buffer.concat(chunks),
        );
        void this.#answer(recorded, response);
      });
    });
  }

  /** Starts on a free port of 127.0.0.1. `subagent` scripts the turns of spawned agents. */
  static async start(main: Step[], subagent: Step[] = []): Promise<ResponsesServer> {
    const server = new ResponsesServer(main, subagent);
    await new Promise<void>((resolve, reject) => {
      server.#server.once('error', reject);
      server.#server.listen(0, '127.0.0.1', resolve);
    });
    server.#port = (server.#server.address() as AddressInfo).port;
    return server;
  }

  /** The provider `base_url` for Codex's config (Codex appends `/responses`). */
  get url(): string {
    return `http://127.0.0.1:${this.#port}/v1`;
  }

  get main(): ResponsesRequest[] {
    return this.requests.filter((request) => request.kind === 'main');
  }

  get subagent(): ResponsesRequest[] {
    return this.requests.filter((request) => request.kind === 'subagent');
  }

  get compactions(): ResponsesRequest[] {
    return this.requests.filter((request) => request.kind === 'compaction');
  }

  /** Main-conversation steps not used yet. */
  get pending(): number {
    return this.#main.pending;
  }

  /** Main-conversation turns answered after the script ran out (a test usually wants 0). */
  get unscripted(): number {
    return this.#main.overruns;
  }

  /** What the model received as the result of call `callId`, as text. */
  toolOutput(request: ResponsesRequest, callId: string): string | undefined {
    const item = request.body.input?.find(
      (entry) => entry.type === 'function_call_output' && entry.call_id === callId,
    );
    return item === undefined ? undefined : outputText(item.output);
  }

  /** Texts of the developer messages the model received (hook `additionalContext` lands here). */
  developerTexts(request: ResponsesRequest): string[] {
    return messageTexts(request, 'developer');
  }

  /** Texts of the user messages (a Stop hook's block reason arrives as a `<hook_prompt>`). */
  userTexts(request: ResponsesRequest): string[] {
    return messageTexts(request, 'user');
  }

  /** Names of the tools offered, with namespaced ones as `namespace/name`. */
  toolNames(request: ResponsesRequest): string[] {
    return (request.body.tools ?? []).flatMap((tool) =>
      tool.type === 'namespace'
        ? (tool.tools ?? []).map((inner) => `${tool.name}/${inner.name}`)
        : [tool.name ?? tool.type],
    );
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #record(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    raw: Buffer,
  ): ResponsesRequest {
    const body = parseBody(raw, headers['content-encoding']);
    const metadata = parseJsonObject(headers['x-codex-turn-metadata']);
    const recorded: ResponsesRequest = {
      method,
      path,
      headers,
      body,
      metadata,
      kind: classify(method, path, headers, metadata, body),
      callIds: [],
      receivedAt: performance.now(),
    };
    this.requests.push(recorded);
    return recorded;
  }

  async #answer(request: ResponsesRequest, response: ServerResponse): Promise<void> {
    if (request.kind === 'other') {
      if (request.method === 'GET' && request.path.endsWith('/models')) {
        return json(response, 200, { object: 'list', data: [] });
      }
      return json(response, 404, {
        error: { message: `scripted model: nothing at ${request.method} ${request.path}` },
      });
    }
    let step: ScriptStep;
    if (request.kind === 'compaction') {
      step = say('Summary: the user asked for a task; the work so far is in the history.');
    } else {
      const queue = request.kind === 'main' ? this.#main : this.#subagent;
      const next = queue.take();
      if (next === undefined) {
        step = say(request.kind === 'main' ? 'Done (script exhausted).' : 'Sub-task done.');
      } else {
        step = typeof next.step === 'function' ? await next.step(request, this) : next.step;
      }
    }
    await stream(response, this.#events(request, step));
  }

  #events(request: ResponsesRequest, step: ScriptStep): object[] {
    const n = this.requests.indexOf(request) + 1;
    const id = `resp_${n}`;
    const items: object[] = [];
    if (step.text !== undefined) {
      items.push({
        type: 'message',
        role: 'assistant',
        id: `msg_${n}`,
        status: 'completed',
        content: [{ type: 'output_text', text: step.text, annotations: [] }],
      });
    }
    if ('call' in step) {
      this.#calls += 1;
      const callId = `call_${this.#calls}`;
      request.callIds.push(callId);
      items.push({
        type: 'function_call',
        id: `fc_${this.#calls}`,
        status: 'completed',
        call_id: callId,
        name: step.call,
        ...(step.namespace === undefined ? {} : { namespace: step.namespace }),
        arguments: JSON.stringify(step.args ?? {}),
      });
    }
    const input = step.tokens ?? 100;
    const events: object[] = [
      { type: 'response.created', response: { id, status: 'in_progress', output: [] } },
    ];
    items.forEach((item, index) => {
      events.push({ type: 'response.output_item.added', output_index: index, item });
      events.push({ type: 'response.output_item.done', output_index: index, item });
    });
    events.push({
      type: 'response.completed',
      response: {
        id,
        status: 'completed',
        output: items,
        usage: {
          input_tokens: input,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 10,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: input + 10,
        },
      },
    });
    return events;
  }
}

/** The agent id in the last `spawn_agent` result the request carries. */
export function spawnedAgentId(request: ResponsesRequest): string {
  const outputs = (request.body.input ?? []).filter((item) => item.type === 'function_call_output');
  for (const item of outputs.reverse()) {
    const match = /"agent_id"\s*:\s*"([^"]+)"/.exec(outputText(item.output));
    if (match?.[1] !== undefined) return match[1];
  }
  throw new Error('scripted model: no spawn_agent result in this request');
}

/** A function_call_output's `output`: a string, or content items of which the texts count. */
export function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) {
    return output
      .map((part) =>
        typeof part === 'object' && part !== null && typeof part.text === 'string' ? part.text : '',
      )
      .join('\n');
  }
  return JSON.stringify(output);
}

function messageTexts(request: ResponsesRequest, role: string): string[] {
  return (request.body.input ?? [])
    .filter((item) => item.type === 'message' && item.role === role)
    .flatMap((item) => (Array.isArray(item.content) ? item.content : []))
    .map((part) => (typeof part?.text === 'string' ? part.text : ''));
}

function classify(
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
  metadata: Record<string, unknown>,
  body: ResponsesBody,
): RequestKind {
  if (method !== 'POST' || !/\/responses$/.test(path.split('?')[0] ?? '')) return 'other';
  if (
    metadata.request_kind === 'compaction' ||
    isCompactionPrompt(body) ||
    // GitHub Copilot CLI, which speaks this wire format too, marks its compaction requests.
    headers['x-interaction-type'] === 'conversation-compaction'
  ) {
    return 'compaction';
  }
  if (
    headers['x-openai-subagent'] !== undefined ||
    metadata.thread_source === 'subagent' ||
    metadata.parent_thread_id !== undefined
  ) {
    return 'subagent';
  }
  return 'main';
}

function isCompactionPrompt(body: ResponsesBody): boolean {
  const last = body.input?.at(-1);
  const text = Array.isArray(last?.content) ? last.content[0]?.text : undefined;
  return typeof text === 'string' && text.startsWith('You are performing a CONTEXT CHECKPOINT');
}

function parseBody(raw: Buffer, encoding: string | undefined): ResponsesBody {
  let text: string;
  try {
    text = (encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
  } catch {
    text = raw.toString('utf8');
  }
  if (text === '') return {};
  try {
    return JSON.parse(text) as ResponsesBody;
  } catch {
    return { raw: text };
  }
}

function parseJsonObject(header: string | string[] | undefined): Record<string, unknown> {
  if (typeof header !== 'string') return {};
  try {
    const value: unknown = JSON.parse(header);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function stream(response: ServerResponse, events: object[]): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const event of events) {
    const type = (event as { type: string }).type;
    response.write(`event: ${type}\ndata: ${JSON.stringify(event)}\n\n`);
    // Separate writes, so Codex really assembles the answer from pieces.
    await new Promise((resolve) => setImmediate(resolve));
    if (response.destroyed) return;
  }
  response.end();
}
