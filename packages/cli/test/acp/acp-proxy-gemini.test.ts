/**
 * `plankeeper acp` between the ACP SDK's client (the editor) and the real Gemini CLI in ACP
 * mode (`--experimental-acp`, 0.61), whose model is the scripted Gemini server. The proxy adds
 * plankeeper's MCP server to `session/new`; the scripted model writes the plan through it;
 * the editor gets the plan as it is stored, in the shape its capabilities ask for, and the
 * agent's own bytes unchanged.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from 'plankeeper/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GeminiModelServer,
  type GeminiStep,
} from '../coding-agents/gemini/support/gemini-model-server.js';
import {
  createGeminiSandbox,
  GEMINI_BIN,
  type GeminiSandbox,
  geminiEnv,
} from '../coding-agents/gemini/support/gemini-runner.js';
import { AcpEditor, splitLines } from './support/acp-editor.js';

const first = [
  { content: 'Write the parser', status: 'in_progress' },
  { content: 'Test it', status: 'pending' },
];
// A tab and a bell in the text: the panel gets one clean line.
const second = [
  { content: 'Write the parser', status: 'completed' },
  { content: 'Test it', status: 'cancelled' },
  { content: 'Ship\tit\u0007 now', status: 'in_progress' },
];
const script: GeminiStep[] = [
  { call: 'mcp_plankeeper_todo_write', args: { todos: first } },
  { call: 'mcp_plankeeper_todo_write', args: { todos: second } },
  { text: 'The plan is written.' },
];

interface Session {
  sandbox: GeminiSandbox;
  server: GeminiModelServer;
  editor: AcpEditor;
  stopReason: string;
  exitCode: number | null;
}

/** One editor session: initialize with `capabilities`, new session, one prompt, close. */
async function runSession(
  capabilities: Record<string, unknown>,
  store: (sandbox: GeminiSandbox) => string,
): Promise<Session> {
  const sandbox = createGeminiSandbox();
  const server = await GeminiModelServer.start(script);
  const editor = new AcpEditor({
    proxyArgs: ['--store', store(sandbox)],
    agent: [process.execPath, GEMINI_BIN, '--experimental-acp'],
    cwd: sandbox.project,
    env: geminiEnv(sandbox, server),
    logDir: sandbox.root,
  });
  await editor.connection.initialize({
    protocolVersion: 1,
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, ...capabilities },
  });
  // Spaces and an escape JSON.stringify would not write: only a byte-exact proxy keeps them.
  editor.sendRaw(
    '{ "jsonrpc": "2.0", "method": "_plankeeper/ping", "params": {"text": "caf\\u00e9"} }\n',
  );
  const { sessionId } = await editor.connection.newSession({
    cwd: sandbox.project,
    mcpServers: [],
  });
  const { stopReason } = await editor.connection.prompt({
    sessionId,
    prompt: [{ type: 'text', text: 'Plan the parser work.' }],
  });
  return { sandbox, server, editor, stopReason, exitCode: null };
}

async function endSession(session: Session | undefined): Promise<void> {
  if (!session) return;
  session.exitCode = await session.editor.close();
  await session.server.close();
  session.sandbox.remove();
}

const sqlite = (sandbox: GeminiSandbox) => `sqlite:${join(sandbox.root, 'plans.db')}`;

/** The stored revisions of the one plan the proxy's sessions wrote, oldest first. */
async function storedRevisions(sandbox: GeminiSandbox) {
  const store = await openStore(sqlite(sandbox));
  try {
    const [listing] = await store.list({ agent: 'acp' });
    expect(listing, 'no plan stored under agent "acp"').toBeDefined();
    const history = await store.history(listing!.key);
    return history.sort((a, b) => a.version - b.version);
  } finally {
    await store.close();
  }
}

describe('plankeeper acp with Gemini CLI (real CLI, v1 client)', () => {
  let session: Session;
  beforeAll(async () => {
    session = await runSession({}, sqlite);
    await session.editor.waitForUpdates(2, ['plan']);
  }, 60_000);
  afterAll(() => endSession(session));

  it('runs the prompt turn to the end with the scripted model', () => {
    expect(session.stopReason).toBe('end_turn');
    expect(session.server.pending).toBe(0);
    expect(session.server.externalRequests).toEqual([]);
  });

  it('sends the editor a v1 plan after each plan write, as stored', async () => {
    const plans = session.editor.updates('plan');
    const revisions = await storedRevisions(session.sandbox);
    expect(revisions.map((revision) => revision.record?.items.length)).toEqual([2, 3]);
    expect(plans).toEqual([
      {
        sessionUpdate: 'plan',
        entries: [
          entry('Write the parser', 'high', 'in_progress', '1'),
          entry('Test it', 'medium', 'pending', '2'),
        ],
      },
      {
        sessionUpdate: 'plan',
        entries: [
          entry('Write the parser', 'medium', 'completed', '1'),
          entry('(cancelled) Test it', 'medium', 'completed', '2', 'cancelled'),
          entry('Ship it now', 'high', 'in_progress', '3'),
        ],
      },
    ]);
    const stored = revisions.map((revision) =>
      revision.record?.items.map((item) => [item.id, item.status]),
    );
    const shown = plans.map((plan) =>
      (plan.entries as { _meta: { plankeeper: { id: string; status: string } } }[]).map((each) => [
        each._meta.plankeeper.id,
        each._meta.plankeeper.status,
      ]),
    );
    expect(shown).toEqual(stored);
    // The SDK's client validated each one and handed it on: none was dropped.
    expect(delivered(session, 'plan')).toEqual(plans);
  });

  it("passes the agent's bytes through unchanged, its plan notifications added between lines", () => {
    const { toAgent, fromAgent } = session.editor.agentBytes();
    const received = splitLines(Buffer.concat(session.editor.received));
    const added = (line: Buffer) => line.includes('"plankeeper"') && line.includes('"plan"');
    expect(Buffer.concat(received.filter((line) => !added(line)))).toEqual(fromAgent);
    expect(received.filter(added)).toHaveLength(2);
    // Editor to agent: the same lines but session/new, which gained the MCP server.
    const sent = splitLines(Buffer.concat(session.editor.sent));
    const got = splitLines(toAgent);
    expect(got).toHaveLength(sent.length);
    const changed = sent.filter((line, at) => !line.equals(got[at] as Buffer));
    expect(changed).toHaveLength(1);
    const newSession = JSON.parse(String(got[sent.indexOf(changed[0] as Buffer)]));
    expect(newSession.method).toBe('session/new');
    expect(newSession.params.mcpServers).toEqual([
      {
        name: 'plankeeper',
        command: process.execPath,
        args: expect.arrayContaining(['mcp', '--agent', 'acp', '--session']),
        env: [],
      },
    ]);
  });
});

describe('plankeeper acp with Gemini CLI (real CLI, client advertising plan updates)', () => {
  let session: Session;
  beforeAll(async () => {
    session = await runSession({ plan: {} }, sqlite);
    await session.editor.waitForUpdates(2, ['plan_update']);
  }, 60_000);
  afterAll(() => endSession(session));

  it('sends plan_update with its own planId and no v1 plan', () => {
    expect(session.stopReason).toBe('end_turn');
    expect(session.editor.updates('plan')).toEqual([]);
    const updates = session.editor.updates('plan_update');
    expect(updates).toHaveLength(2);
    expect(delivered(session, 'plan_update')).toEqual(updates);
    expect(updates[1]).toEqual({
      sessionUpdate: 'plan_update',
      plan: {
        type: 'items',
        planId: 'plankeeper',
        entries: [
          entry('Write the parser', 'medium', 'completed', '1'),
          // ACP v1's plan_update has no `cancelled` status either.
          entry('(cancelled) Test it', 'medium', 'completed', '2', 'cancelled'),
          entry('Ship it now', 'high', 'in_progress', '3'),
        ],
      },
    });
  });

  // Gemini CLI alone exits when the editor closes its input; holding an MCP server it does not.
  it('ends, with the agent and its MCP server, once the editor closes its side', async () => {
    expect(await session.editor.endInput(8_000)).toEqual({ exited: true, leftRunning: false });
  });
});

describe('plankeeper acp when plankeeper fails (real CLI, a store that cannot open)', () => {
  let session: Session;
  beforeAll(async () => {
    // A store under a file: neither the proxy nor the MCP server can open it.
    session = await runSession({}, (sandbox) => {
      writeFileSync(join(sandbox.root, 'not-a-folder'), '');
      return `sqlite:${join(sandbox.root, 'not-a-folder', 'plans.db')}`;
    });
  }, 60_000);
  afterAll(() => endSession(session));

  it('lets the session run to the end without plan updates', () => {
    expect(session.stopReason).toBe('end_turn');
    expect(session.server.pending).toBe(0);
    expect(session.editor.updates('plan', 'plan_update')).toEqual([]);
    const messages = session.editor.receivedMessages();
    expect(messages.some((message) => 'error' in message)).toBe(false);
  });

  it('says so in one line on stderr, without a stack trace', () => {
    const lines = session.editor.stderr
      .split('\n')
      .filter((line) => line.includes('plankeeper acp'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^plankeeper acp: plan panel off \(.+\); the agent's session goes on without it\.$/,
    );
    expect(session.editor.stderr).not.toMatch(/\n\s+at /);
  });
});

/** The updates of `kind` the SDK's client delivered to the editor's handler. */
function delivered(session: Session, kind: string) {
  return session.editor.delivered.filter((update) => update.sessionUpdate === kind);
}

function entry(content: string, priority: string, status: string, id: string, own = status) {
  return { content, priority, status, _meta: { plankeeper: { id, status: own } } };
}
