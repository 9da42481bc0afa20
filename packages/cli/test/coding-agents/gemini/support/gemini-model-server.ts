/**
 * A scripted Gemini API (generativelanguage `v1beta`) on 127.0.0.1 for the real Gemini CLI.
 *
 * Gemini CLI talks to `GOOGLE_GEMINI_BASE_URL` with the @google/genai SDK:
 * - conversation turns (the main agent and its sub-agents): `POST
 *   /v1beta/models/{model}:streamGenerateContent?alt=sse`, answered as server-sent events whose
 *   `data:` lines are `GenerateContentResponse` JSON chunks. Each one takes the next script step.
 * - side calls: `POST /v1beta/models/{model}:generateContent` (the model router's complexity
 *   classifier, chat compression's `<state_snapshot>` summary and its verification, the next
 *   speaker and loop checks, session summaries...). They are answered here without touching the
 *   script: a value built from `generationConfig.responseJsonSchema` when JSON is asked for,
 *   a `<state_snapshot>` for compression, plain text otherwise.
 * - `:countTokens` and the model list, answered sensibly.
 *
 * The server is also the CLI's HTTP(S) proxy (`HTTPS_PROXY`, with `NO_PROXY` for 127.0.0.1):
 * any request for another host arrives here as `CONNECT host:443` or an absolute URL, is
 * recorded as `external` and refused at once, so a stray call to the internet fails fast.
 *
 * Every request is recorded with its parsed body, so a test reads exactly what the model got.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { StepQueue } from '../../../../../plankeeper/test/support/scripted-steps.js';

/** What the model "says" on one conversation turn. */
export type GeminiStep =
  | { text: string; chunks?: number; usage?: GeminiUsage }
  | { call: string; args?: Record<string, unknown>; text?: string; usage?: GeminiUsage }
  | { calls: { name: string; args?: Record<string, unknown> }[]; usage?: GeminiUsage };

/** `usageMetadata` of a reply; a huge `promptTokenCount` makes the CLI compress its history. */
export interface GeminiUsage {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
}

/**
 * Who sent a request: `main` (the main agent's turn), `subagent` (a sub-agent's turn: its tools
 * include `complete_task`), `side` (a non-streaming helper call), `count-tokens`, `models`,
 * `external` (anything for another host, refused), `unknown`.
 */
export type GeminiRequestRole =
  | 'main'
  | 'subagent'
  | 'side'
  | 'count-tokens'
  | 'models'
  | 'external'
  | 'unknown';

export interface GeminiRecordedRequest {
  role: GeminiRequestRole;
  /** When the whole request had arrived (performance.now()): the bench times the gaps. */
  receivedAt: number;
  method: string;
  path: string;
  /** The model named in the path (`gemini-2.5-pro`), when there is one. */
  model?: string;
  headers: IncomingHttpHeaders;
  body: GenerateContentBody | undefined;
  /** The step that answered it (conversation requests only); undefined once the script ran out. */
  step?: GeminiStep;
}

/** The parts of a `GenerateContentRequest` body the tests read. */
export interface GenerateContentBody {
  contents?: GeminiContent[];
  systemInstruction?: { parts?: GeminiPart[] };
  tools?: { functionDeclarations?: { name: string; description?: string }[] }[];
  generationConfig?: {
    responseMimeType?: string;
    responseJsonSchema?: JsonSchema;
    responseSchema?: JsonSchema;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface GeminiContent {
  role?: string;
  parts?: GeminiPart[];
}

export interface GeminiPart {
  text?: string;
  functionCall?: { id?: string; name: string; args?: Record<string, unknown> };
  functionResponse?: { id?: string; name: string; response?: Record<string, unknown> };
  [key: string]: unknown;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
}

/** The text a turn gets once the script has run out (so the CLI ends the turn instead of retrying). */
export const SCRIPT_EXHAUSTED_TEXT = '(scripted model: no steps left)';
/** What compression's summarizer answers. */
export const SCRIPTED_SNAPSHOT =
  '<state_snapshot>\nScripted summary of the earlier conversation.\n</state_snapshot>';

const MODEL_VERSION = 'gemini-2.5-pro';

export class GeminiModelServer {
  readonly requests: GeminiRecordedRequest[] = [];
  readonly #script: StepQueue<GeminiStep>;
  readonly #server: Server;
  #port = 0;
  #responses = 0;

  private constructor(script: readonly GeminiStep[]) {
    this.#script = new StepQueue(script);
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        this.#answer(request.method ?? '', request.url ?? '', request.headers, text, response);
      });
    });
    // Anything for another host comes through the proxy settings as CONNECT: refuse it.
    this.#server.on('connect', (request, socket) => {
      this.requests.push({
        role: 'external',
        method: 'CONNECT',
        path: request.url ?? '',
        headers: request.headers,
        body: undefined,
        receivedAt: performance.now(),
      });
      socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
    });
  }

  /** Starts the server with the conversation script (one step per main or sub-agent turn). */
  static async start(script: readonly GeminiStep[] = []): Promise<GeminiModelServer> {
    const server = new GeminiModelServer(script);
    await new Promise<void>((resolve, reject) => {
      server.#server.once('error', reject);
      server.#server.listen(0, '127.0.0.1', resolve);
    });
    server.#port = (server.#server.address() as AddressInfo).port;
    return server;
  }

  /** For `GOOGLE_GEMINI_BASE_URL` and the proxy variables. */
  get url(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  /** Adds steps to the script. */
  script(...steps: GeminiStep[]): this {
    this.#script.push(...steps);
    return this;
  }

  /** Steps not used yet: a test that scripted exactly what it needs expects 0. */
  get pending(): number {
    return this.#script.pending;
  }

  /** The main agent's turns, in order: what the model received each time. */
  get mainRequests(): GeminiRecordedRequest[] {
    return this.requests.filter((request) => request.role === 'main');
  }

  /** Main and sub-agent turns, in the order they took script steps. */
  get conversationRequests(): GeminiRecordedRequest[] {
    return this.requests.filter(
      (request) => request.role === 'main' || request.role === 'subagent',
    );
  }

  /** Requests for other hosts (refused): a network-free run has none. */
  get externalRequests(): GeminiRecordedRequest[] {
    return this.requests.filter((request) => request.role === 'external');
  }

  /** Conversation turns answered after the script ran out. */
  get exhausted(): number {
    return this.#script.overruns;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #answer(
    method: string,
    url: string,
    headers: IncomingHttpHeaders,
    text: string,
    response: ServerResponse,
  ): void {
    const body = parseBody(text);
    const record: GeminiRecordedRequest = {
      role: 'unknown',
      method,
      path: url,
      headers,
      body,
      receivedAt: performance.now(),
    };
    this.requests.push(record);
    if (!url.startsWith('/')) {
      // An absolute URL: a plain-HTTP request for another host, sent to us as its proxy.
      record.role = 'external';
      sendJson(response, 403, { error: { code: 403, message: 'no network in tests' } });
      return;
    }
    const match = /^\/v1(?:beta|alpha)?\/models\/([^:/?]+):([A-Za-z]+)/.exec(url);
    if (match) record.model = match[1];
    const action = match?.[2];
    if (action === 'streamGenerateContent') {
      record.role = hasTool(body, 'complete_task') ? 'subagent' : 'main';
      const step = this.#script.take()?.step;
      if (step !== undefined) record.step = step;
      this.#stream(response, step ?? { text: SCRIPT_EXHAUSTED_TEXT });
      return;
    }
    if (action === 'generateContent') {
      record.role = 'side';
      sendJson(response, 200, this.#reply(sideAnswer(body), 'STOP'));
      return;
    }
    if (action === 'countTokens') {
      record.role = 'count-tokens';
      sendJson(response, 200, { totalTokens: Math.ceil(text.length / 4) });
      return;
    }
    if (method === 'GET' && /^\/v1(?:beta|alpha)?\/models\/?(?:\?|$)/.test(url)) {
      record.role = 'models';
      sendJson(response, 200, {
        models: ['gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.5-flash-lite'].map((name) => ({
          name: `models/${name}`,
          supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
        })),
      });
      return;
    }
    sendJson(response, 404, {
      error: {
        code: 404,
        message: `scripted model: no route for ${method} ${url}`,
        status: 'NOT_FOUND',
      },
    });
  }

  #stream(response: ServerResponse, step: GeminiStep): void {
    const usage = step.usage;
    const events: unknown[] = [];
    if ('calls' in step || 'call' in step) {
      const calls = 'calls' in step ? step.calls : [{ name: step.call, args: step.args }];
      const parts: GeminiPart[] = [];
      if ('text' in step && step.text) parts.push({ text: step.text });
      for (const call of calls)
        parts.push({ functionCall: { name: call.name, args: call.args ?? {} } });
      events.push(this.#reply(parts, 'STOP', usage));
    } else {
      // Text in pieces: the CLI must assemble the answer from several events.
      const pieces = splitText(step.text, step.chunks ?? 2);
      pieces.forEach((piece, index) => {
        const last = index === pieces.length - 1;
        events.push(
          this.#reply([{ text: piece }], last ? 'STOP' : undefined, last ? usage : undefined),
        );
      });
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const event of events) response.write(`data: ${JSON.stringify(event)}\r\n\r\n`);
    response.end();
  }

  #reply(parts: GeminiPart[] | string, finishReason?: string, usage?: GeminiUsage) {
    this.#responses += 1;
    const prompt = usage?.promptTokenCount ?? 100;
    const candidates = usage?.candidatesTokenCount ?? 10;
    return {
      candidates: [
        {
          content: { role: 'model', parts: typeof parts === 'string' ? [{ text: parts }] : parts },
          ...(finishReason !== undefined && { finishReason }),
          index: 0,
        },
      ],
      usageMetadata: {
        promptTokenCount: prompt,
        candidatesTokenCount: candidates,
        totalTokenCount: prompt + candidates,
      },
      modelVersion: MODEL_VERSION,
      responseId: `scripted-${this.#responses}`,
    };
  }
}

/** The model's tool names offered in a request. */
export function toolNames(request: GeminiRecordedRequest | undefined): string[] {
  return (request?.body?.tools ?? []).flatMap((tool) =>
    (tool.functionDeclarations ?? []).map((declaration) => declaration.name),
  );
}

/** The `functionResponse` parts of a request (what tools returned to the model). */
export function functionResponses(
  request: GeminiRecordedRequest | undefined,
): { name: string; response?: Record<string, unknown> }[] {
  return (request?.body?.contents ?? [])
    .flatMap((content) => content.parts ?? [])
    .flatMap((part) => (part.functionResponse ? [part.functionResponse] : []));
}

/** All text parts of a request's contents, in order. */
export function texts(request: Pick<GeminiRecordedRequest, 'body'> | undefined): string[] {
  return (request?.body?.contents ?? [])
    .flatMap((content) => content.parts ?? [])
    .flatMap((part) => (typeof part.text === 'string' ? [part.text] : []));
}

function hasTool(body: GenerateContentBody | undefined, name: string): boolean {
  return (body?.tools ?? []).some((tool) =>
    (tool.functionDeclarations ?? []).some((declaration) => declaration.name === name),
  );
}

/** A side call's answer: JSON for a schema, a snapshot for compression, else short text. */
function sideAnswer(body: GenerateContentBody | undefined): string {
  const config = body?.generationConfig;
  const schema = config?.responseJsonSchema ?? config?.responseSchema;
  if (schema) return JSON.stringify(valueFor(schema, ''));
  if (config?.responseMimeType === 'application/json') return '{}';
  const system = (body?.systemInstruction?.parts ?? []).map((part) => part.text ?? '').join('\n');
  const lastText = texts({ body }).at(-1) ?? '';
  if (/state_snapshot/.test(system) || /state_snapshot/.test(lastText)) return SCRIPTED_SNAPSHOT;
  return 'Scripted side answer.';
}

/** Field values the CLI's helper calls act on; anything else gets a neutral value. */
const KNOWN_FIELDS: Record<string, unknown> = {
  next_speaker: 'user', // the next-speaker check: the model is done, the user speaks next
  complexity_score: 10, // the router: a simple task
  complexity_reasoning: 'Scripted: a simple task.',
  model_choice: 'flash',
  reasoning: 'Scripted.',
  unproductive_state_confidence: 0, // the loop check: no loop
  unproductive_state_analysis: 'Scripted: making progress.',
};

function valueFor(schema: JsonSchema, field: string): unknown {
  if (field in KNOWN_FIELDS) return KNOWN_FIELDS[field];
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.anyOf?.[0]) return valueFor(schema.anyOf[0], field);
  const type = (Array.isArray(schema.type) ? schema.type[0] : schema.type)?.toLowerCase();
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        value[name] = valueFor(property, name);
      }
      return value;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'string':
      return 'Scripted.';
    default:
      return null;
  }
}

function splitText(text: string, pieces: number): string[] {
  if (pieces <= 1 || text.length < pieces) return [text];
  const size = Math.ceil(text.length / pieces);
  const out: string[] = [];
  for (let start = 0; start < text.length; start += size) out.push(text.slice(start, start + size));
  return out;
}

function parseBody(text: string): GenerateContentBody | undefined {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as GenerateContentBody;
  } catch {
    return { raw: text };
  }
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(value));
}
