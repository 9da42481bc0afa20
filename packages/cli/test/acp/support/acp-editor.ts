/**
 * An editor for `plankeeper acp`: the ACP SDK's own client (`ClientSideConnection`) talking to
 * `node bin/plankeeper.js acp [flags] -- <agent command>`, with every byte it sends and gets
 * kept. The agent command runs behind support/acp-tap.mjs, which keeps the agent's side of
 * the bytes, so a test can tell what the proxy changed.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  type Client,
  ClientSideConnection,
  type CreateElicitationRequest,
  type CreateElicitationResponse,
  ndJsonStream,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
} from '@agentclientprotocol/sdk';
import { killProcessGroup } from '../../support/sandbox-env.js';

const TAP = fileURLToPath(new URL('./acp-tap.mjs', import.meta.url));
const BIN = fileURLToPath(new URL('../../../../../bin/plankeeper.js', import.meta.url));

export interface AcpEditorOptions {
  proxyArgs: readonly string[];
  agent: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Where the tap keeps the agent's bytes. */
  logDir: string;
  /** How the person answers an elicitation (the client must advertise it in `initialize`). */
  elicitation?: (params: CreateElicitationRequest) => CreateElicitationResponse;
}

export class AcpEditor {
  readonly connection: ClientSideConnection;
  /** Every chunk the editor wrote to the proxy, and got from it. */
  readonly sent: Buffer[] = [];
  readonly received: Buffer[] = [];
  readonly permissions: RequestPermissionRequest[] = [];
  readonly elicitations: CreateElicitationRequest[] = [];
  /** The `session/update` payloads the SDK's client handed on, after its own validation. */
  readonly delivered: Record<string, unknown>[] = [];
  stderr = '';
  private readonly child: ChildProcessByStdio<Writable, Readable, Readable>;
  private readonly exited: Promise<number | null>;

  constructor(private readonly options: AcpEditorOptions) {
    const tapped = [
      process.execPath,
      TAP,
      this.toAgentLog,
      this.fromAgentLog,
      '--',
      ...options.agent,
    ];
    this.child = spawn(process.execPath, [BIN, 'acp', ...options.proxyArgs, '--', ...tapped], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stderr.on('data', (chunk) => {
      this.stderr += chunk;
    });
    this.exited = new Promise((resolve) => this.child.on('close', (code) => resolve(code)));
    const child = this.child;
    const sent = this.sent;
    const output = new WritableStream<Uint8Array>({
      write(chunk) {
        sent.push(Buffer.from(chunk));
        child.stdin.write(chunk);
      },
    });
    const received = this.received;
    const input = new ReadableStream<Uint8Array>({
      start(controller) {
        child.stdout.on('data', (chunk: Buffer) => {
          received.push(chunk);
          controller.enqueue(new Uint8Array(chunk));
        });
        child.stdout.on('end', () => controller.close());
      },
    });
    const permissions = this.permissions;
    const elicitations = this.elicitations;
    const answer = options.elicitation;
    const delivered = this.delivered;
    const client: Client = {
      async createElicitation(params) {
        elicitations.push(params);
        return answer ? answer(params) : { action: 'cancel' };
      },
      async requestPermission(params): Promise<RequestPermissionResponse> {
        permissions.push(params);
        const allow = params.options.find((option) => option.kind === 'allow_once');
        return { outcome: { outcome: 'selected', optionId: allow?.optionId ?? '' } };
      },
      async sessionUpdate(notification) {
        delivered.push(notification.update as unknown as Record<string, unknown>);
      },
    };
    this.connection = new ClientSideConnection(() => client, ndJsonStream(output, input));
  }

  /**
   * Writes `line` to the proxy as it is, beside the SDK's messages (which it writes one whole
   * line at a time): a message in a spelling the SDK would not produce.
   */
  sendRaw(line: string): void {
    this.sent.push(Buffer.from(line));
    this.child.stdin.write(line);
  }

  get toAgentLog(): string {
    return join(this.options.logDir, 'to-agent.ndjson');
  }

  get fromAgentLog(): string {
    return join(this.options.logDir, 'from-agent.ndjson');
  }

  /** The bytes the agent itself wrote and got (through the tap). */
  agentBytes(): { toAgent: Buffer; fromAgent: Buffer } {
    const read = (path: string) => (existsSync(path) ? readFileSync(path) : Buffer.alloc(0));
    return { toAgent: read(this.toAgentLog), fromAgent: read(this.fromAgentLog) };
  }

  /** The messages the editor got, parsed line by line. */
  receivedMessages(): Record<string, unknown>[] {
    return splitLines(Buffer.concat(this.received)).map((line) => JSON.parse(line.toString()));
  }

  /** The `session/update` payloads the editor got whose kind is one of `kinds`. */
  updates(...kinds: string[]): Record<string, unknown>[] {
    return this.receivedMessages()
      .filter((message) => message.method === 'session/update')
      .map((message) => (message.params as { update: Record<string, unknown> }).update)
      .filter((update) => kinds.includes(update.sessionUpdate as string));
  }

  /** Waits until `count` updates of `kinds` arrived (plan writes reach the proxy by polling). */
  async waitForUpdates(count: number, kinds: string[], timeoutMs = 5_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.updates(...kinds).length < count && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Closes the editor's side, as an editor does when it is done, and waits up to `timeoutMs`
   * for the proxy to exit; then whether it did and whether any process it started (the agent,
   * the MCP servers it spawned) is still running.
   */
  async endInput(timeoutMs: number): Promise<{ exited: boolean; leftRunning: boolean }> {
    this.child.stdin.end();
    const timedOut = new Promise<'timeout'>((resolve) => setTimeout(resolve, timeoutMs, 'timeout'));
    const exited = (await Promise.race([this.exited, timedOut])) !== 'timeout';
    const end = Date.now() + 3_000;
    while (groupRunning(this.child.pid) && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { exited, leftRunning: groupRunning(this.child.pid) };
  }

  async close(): Promise<number | null> {
    this.child.stdin.end();
    const timer = setTimeout(() => killProcessGroup(this.child), 5_000);
    const code = await this.exited;
    clearTimeout(timer);
    killProcessGroup(this.child);
    return code;
  }
}

/** Whether any process of the group `pid` leads (spawned detached) still runs. */
function groupRunning(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whole lines, each with its `\n`. */
export function splitLines(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, start)) {
    lines.push(bytes.subarray(start, at + 1));
    start = at + 1;
  }
  if (start < bytes.length) lines.push(bytes.subarray(start));
  return lines;
}
