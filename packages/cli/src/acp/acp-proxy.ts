/**
 * `plankeeper acp`: an ACP proxy between an editor and its agent. Every line goes through as
 * it came, in order, except `session/new`, `session/load` and `session/resume`, which get
 * plankeeper's MCP server; the plan that server writes comes back to the editor as
 * `session/update` notifications, written only between two whole lines.
 *
 * A session's plan key is made before the agent names the session: each `session/new` gets a
 * fresh key in its MCP server's arguments, and its response's `sessionId` maps to that key.
 * `session/load` and `session/resume` reuse the key of a session this proxy made; for any
 * other they use the ACP session id, so loading it again in a later proxy finds the same plan.
 */
import { randomUUID } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import type { PlanKey, PlanStore } from 'plankeeper';
import type { AcpTexts } from './acp-texts.js';
import { type AgentProcess, errorLine, startAgent } from './agent-process.js';
import { ApprovalAsk, clientElicitsForms } from './approval-ask.js';
import { LineSplicer, parseLine } from './line-splicer.js';
import { PlanFeed } from './plan-feed.js';
import { clientPlanSupport } from './plan-update.js';
import {
  EXISTING_SESSION_METHODS,
  mightBeSessionRequest,
  SESSION_METHODS,
  type StdioMcpServer,
  withMcpServer,
} from './session-request.js';

export interface AcpProxyOptions {
  /** The agent command and its arguments. */
  command: readonly string[];
  /** The MCP server a session gets, given its plan's session key. */
  mcpServer: (sessionKey: string) => StdioMcpServer;
  /** The stored plan that server writes, for the same session key. */
  planKey: (sessionKey: string) => PlanKey;
  openStore: () => Promise<PlanStore>;
  /** `--approval`: a plan that waits for a person is asked about where the editor elicits forms. */
  approval?: boolean;
  texts: AcpTexts;
  input: Readable;
  output: Writable;
  errors: Writable;
}

/** How long an agent has to exit by itself once the editor's input ended. */
const AGENT_EXIT_GRACE_MS = 2_000;

interface PendingSession {
  sessionKey: string;
  /** `session/load` and `session/resume` name their session; `session/new` learns it later. */
  sessionId?: string;
}

/** Runs until the agent exits (its exit code) or, if it never started, the editor leaves (1). */
export async function runAcpProxy(options: AcpProxyOptions): Promise<number> {
  const proxy = new AcpProxy(options);
  const forward = (signal: NodeJS.Signals) => proxy.stopAgent(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  try {
    return await proxy.run();
  } finally {
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
  }
}

class AcpProxy {
  private readonly pending = new Map<string, PendingSession>();
  private readonly keys = new Map<string, string>();
  private initializeId: string | undefined;
  private initializeParams: unknown;
  private readonly feed: PlanFeed;
  private readonly asker: ApprovalAsk;
  private agent: AgentProcess | undefined;
  private failed: string | undefined;
  private held: Buffer[] | undefined = [];

  constructor(private readonly options: AcpProxyOptions) {
    this.feed = new PlanFeed({
      openStore: options.openStore,
      send: (line) => options.output.write(line),
      fail: (reason) => this.log(options.texts.planOff(reason)),
      cancelledPrefix: options.texts.cancelledPrefix,
      seen: (...plan) => this.asker.seen(...plan),
    });
    this.asker = new ApprovalAsk({
      store: () => this.feed.open(),
      send: (line) => options.output.write(line),
      log: (line) => this.log(line),
      texts: options.texts,
    });
  }

  run(): Promise<number> {
    return new Promise((resolve) => {
      const { input } = this.options;
      const fromEditor = new LineSplicer();
      input.on('data', (chunk: Buffer) => {
        for (const line of fromEditor.push(chunk)) this.fromEditor(line);
      });
      input.on('end', () => {
        const rest = fromEditor.flush();
        if (rest && !this.asker.consumes(rest)) this.toAgent(rest);
        if (this.failed !== undefined) this.finish(1).then(resolve);
        else this.endAgent();
      });
      this.start(resolve);
    });
  }

  private start(resolve: (code: number) => void): void {
    const agent = startAgent(this.options.command);
    this.agent = agent;
    agent.started.then(
      () => {
        for (const line of this.held ?? []) agent.child.stdin.write(line);
        this.held = undefined;
      },
      (error: Error) => this.agentFailed(error),
    );
    const fromAgent = new LineSplicer();
    agent.child.stdout.on('data', (chunk: Buffer) => {
      for (const line of fromAgent.push(chunk)) this.fromAgent(line);
    });
    agent.child.on('close', (code, signal) => {
      if (this.failed !== undefined) return;
      const rest = fromAgent.flush();
      if (rest) this.options.output.write(rest);
      // The agent is gone: the proxy goes too, so the editor sees its exit, not a silent agent.
      this.options.input.pause();
      this.finish(code ?? (signal ? 1 : 0)).then(resolve);
    });
  }

  /**
   * The editor closed its side: the agent gets the end of its input, as if the editor had
   * started it, and then a grace to exit before SIGTERM. Gemini CLI, for one, exits at once
   * on end of input alone but not while it holds an MCP server (plankeeper's), and an agent
   * no one can talk to again would keep the proxy and its servers running for good.
   */
  private endAgent(): void {
    const child = this.agent?.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGTERM'), AGENT_EXIT_GRACE_MS);
    child.once('close', () => clearTimeout(timer));
  }

  /** The editor stops the proxy with a signal: the agent, which it cannot see, goes too. */
  stopAgent(signal: NodeJS.Signals): void {
    if (this.failed === undefined) this.agent?.child.kill(signal);
  }

  private async finish(code: number): Promise<number> {
    await this.feed.close();
    return code;
  }

  private agentFailed(error: Error): void {
    const reason = (error as NodeJS.ErrnoException).code ?? error.message;
    const message = this.options.texts.agentNotStarted(this.options.command.join(' '), reason);
    this.failed = message;
    this.log(message);
    for (const line of this.held ?? []) this.answerFailed(line);
    this.held = undefined;
  }

  /** In place of an agent that never started: each request gets the error that says why. */
  private answerFailed(line: Buffer): void {
    const message = parseLine(line);
    if (message && 'id' in message && typeof message.method === 'string') {
      this.options.output.write(errorLine(message.id, this.failed as string));
    }
  }

  private fromEditor(line: Buffer): void {
    // The editor's answer to the proxy's own question is the proxy's: the agent never sees it.
    if (this.asker.consumes(line)) return;
    if (this.failed !== undefined) this.answerFailed(line);
    else this.toAgent(this.readEditorLine(line) ?? line);
  }

  private toAgent(line: Buffer): void {
    if (this.held) this.held.push(line);
    else this.agent?.child.stdin.write(line);
  }

  /** Notes what the proxy needs from an editor line; returns its replacement, if any. */
  private readEditorLine(line: Buffer): Buffer | undefined {
    const initialize = line.includes('"initialize"');
    if (!initialize && !mightBeSessionRequest(line)) return undefined;
    const message = parseLine(line);
    if (!message || !('id' in message)) return undefined;
    if (message.method === 'initialize') {
      this.initializeId = JSON.stringify(message.id);
      this.initializeParams = message.params;
      this.feed.support = clientPlanSupport(message.params);
      this.asker.enabled = this.options.approval === true && clientElicitsForms(message.params);
      return undefined;
    }
    if (typeof message.method !== 'string' || !SESSION_METHODS.has(message.method)) {
      return undefined;
    }
    const loaded = (message.params as { sessionId?: unknown } | undefined)?.sessionId;
    const existing = EXISTING_SESSION_METHODS.has(message.method) && typeof loaded === 'string';
    const sessionId = existing ? loaded : undefined;
    const sessionKey =
      sessionId === undefined ? randomUUID() : (this.keys.get(sessionId) ?? sessionId);
    const rewritten = withMcpServer(message, line, this.options.mcpServer(sessionKey));
    if (rewritten) this.pending.set(JSON.stringify(message.id), { sessionKey, sessionId });
    return rewritten;
  }

  private fromAgent(line: Buffer): void {
    this.options.output.write(line);
    if (this.pending.size === 0 && this.initializeId === undefined) return;
    if (!line.includes('"id"')) return;
    const message = parseLine(line);
    if (!message || 'method' in message || !('id' in message)) return;
    const id = JSON.stringify(message.id);
    const result = message.result as { sessionId?: unknown; protocolVersion?: unknown } | undefined;
    if (id === this.initializeId) {
      this.initializeId = undefined;
      const version = result?.protocolVersion;
      if (typeof version === 'number') {
        const params = { ...(this.initializeParams as object), protocolVersion: version };
        this.feed.support = clientPlanSupport(params);
      }
      return;
    }
    const session = this.pending.get(id);
    if (!session) return;
    this.pending.delete(id);
    const sessionId = typeof result?.sessionId === 'string' ? result.sessionId : session.sessionId;
    if (!result || sessionId === undefined) return;
    this.keys.set(sessionId, session.sessionKey);
    void this.feed.follow(sessionId, this.options.planKey(session.sessionKey));
  }

  private log(line: string): void {
    this.options.errors.write(`${line}\n`);
  }
}
