/**
 * `plankeeper acp --approval` asks the person in the editor: an agent's model writes a plan
 * through the real `plankeeper mcp` the proxy added; the plan waits for approval; the editor
 * (the ACP SDK's client) gets one `elicitation/create` with the plan's steps. Accepting
 * records a person's approval in the store; declining leaves the plan waiting; an editor that
 * does not advertise form elicitation is never asked. The agent never sees the question.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CreateElicitationResponse } from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { AcpEditor } from './support/acp-editor.js';

const AGENT = fileURLToPath(new URL('./support/approval-agent.mjs', import.meta.url));
const roots: string[] = [];
const editors: AcpEditor[] = [];

afterEach(async () => {
  await Promise.all(editors.splice(0).map((editor) => editor.close()));
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

async function until(done: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A session whose agent writes a two-step plan under `--approval`. */
async function session(options: {
  elicits: boolean;
  answer?: CreateElicitationResponse;
}): Promise<{ editor: AcpEditor; store: string; key: string }> {
  const root = mkdtempSync(join(tmpdir(), 'plankeeper-acp-approval-'));
  roots.push(root);
  const store = `sqlite:${join(root, 'plans.db')}`;
  const answer = options.answer;
  const editor = new AcpEditor({
    proxyArgs: ['--store', store, '--approval'],
    agent: [process.execPath, AGENT],
    cwd: root,
    env: process.env,
    logDir: root,
    ...(answer && { elicitation: () => answer }),
  });
  editors.push(editor);
  await editor.connection.initialize({
    protocolVersion: 1,
    clientCapabilities: { plan: {}, ...(options.elicits && { elicitation: { form: {} } }) },
  });
  await editor.connection.newSession({ cwd: root, mcpServers: [] });
  const sent = editor.agentBytes().toAgent.toString();
  const key = /"--session","([^"]+)"/.exec(sent)?.[1] as string;
  expect(key).toBeTruthy();
  // The plan reaches the panel once the model's write is stored.
  await editor.waitForUpdates(1, ['plan_update'], 10_000);
  expect(editor.updates('plan_update')).not.toHaveLength(0);
  return { editor, store, key };
}

const todos = (store: string, key: string) =>
  runCli(['todos', '--store', store, '--agent', 'acp', '--session', key], { input: '' });

/** The proxy's question and its answer stay between the proxy and the editor. */
function expectAgentNeverSaw(editor: AcpEditor): void {
  const { toAgent } = editor.agentBytes();
  expect(toAgent.toString()).not.toContain('plankeeper-approve-');
  expect(toAgent.toString()).not.toContain('"action"');
}

describe('plankeeper acp --approval through the editor', () => {
  it("asks once with the plan's steps; accepting records the person's approval", async () => {
    const answer = { action: 'accept', content: { name: 'Ada' } } as CreateElicitationResponse;
    const { editor, store, key } = await session({ elicits: true, answer });
    await until(() => editor.stderr.includes('approved in the editor'), 'the approval');

    expect(editor.elicitations).toHaveLength(1);
    const asked = editor.elicitations[0] as unknown as Record<string, unknown>;
    expect(asked.sessionId).toBe('s-1');
    expect(asked.mode).toBe('form');
    expect(asked.message).toContain('1. Write the parser\n2. Test the parser');
    expect(editor.stderr).toContain('plan approved in the editor by Ada');

    const shown = await todos(store, key);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/Approved by Ada at /);
    // The approval is a new plan version; one that no longer waits is not asked about again.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(editor.elicitations).toHaveLength(1);
    expectAgentNeverSaw(editor);
  });

  it('leaves the plan waiting when the person declines', async () => {
    const answer = { action: 'decline' } as CreateElicitationResponse;
    const { editor, store, key } = await session({ elicits: true, answer });
    await until(() => editor.stderr.includes('plan not approved'), 'the decline');
    await new Promise((resolve) => setTimeout(resolve, 700));

    expect(editor.elicitations).toHaveLength(1);
    const shown = await todos(store, key);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('Write the parser');
    expect(shown.stdout).not.toContain('Approved');
    expectAgentNeverSaw(editor);
  });

  it('never asks an editor that does not advertise form elicitation', async () => {
    const { editor, store, key } = await session({ elicits: false });
    await new Promise((resolve) => setTimeout(resolve, 700));

    expect(editor.elicitations).toHaveLength(0);
    expect(Buffer.concat(editor.received).toString()).not.toContain('elicitation/create');
    expect((await todos(store, key)).stdout).not.toContain('Approved');
  });
});
