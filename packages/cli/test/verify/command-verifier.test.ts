/**
 * The person's check command as a verifier: the real `plankeeper mcp --verify` process over
 * stdio with the official SDK client. (The runner's bounds, output tail and timeout, are the
 * core's: plankeeper/checks, runCheck.)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parseMcpFlags } from '../../src/cli/commands/mcp.js';
import { runCli } from '../support/run-cli.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const bin = join(repo, 'bin', 'plankeeper.js');
const scratch = mkdtempSync(join(tmpdir(), 'plankeeper-verify-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const clients: Client[] = [];
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
});

async function serve(args: string[], store = 'memory') {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mcp', '--store', store, '--session', 's', ...args],
    cwd: scratch,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return async (name: string, input: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: input })) as CallToolResult;
    return { ok: !result.isError, text: (result.content[0] as { text: string }).text };
  };
}

const add = { todos: [{ content: 'Fix the parser' }, { content: 'Ship it' }] };
const complete = (id: string) => ({ items: [{ id, reason: 'done' }] });

describe('plankeeper mcp --verify', () => {
  it('runs the command at the final completion, refuses on failure with its last lines; earlier items pass', async () => {
    writeFileSync(
      join(scratch, 'check.mjs'),
      "console.log('FAIL parser.test.ts');\nprocess.exit(1);\n",
    );
    const call = await serve(['--verify', 'node check.mjs', '--verify-in', scratch]);
    await call('todos_add', add);
    expect((await call('todos_complete', complete('1'))).ok).toBe(true);
    const refused = await call('todos_complete', complete('2'));
    expect(refused.ok).toBe(false);
    expect(refused.text).toBe(
      'Rejected; the todo list is unchanged. Fix and resend:\n- #2 Ship it cannot be completed yet: the check `node check.mjs` failed (exit code 1); its last lines:\nFAIL parser.test.ts\nFix the cause, then complete the item.',
    );
    const all = await call('todos_get_all', {});
    expect(all.text).toContain('[ ] #2 Ship it');
  });

  it("keeps a passing run as the completion's evidence and the plan's last check", async () => {
    writeFileSync(join(scratch, 'pass.mjs'), "console.log('all green');\n");
    const url = `sqlite:${join(scratch, 'evidence.db')}`;
    const call = await serve(['--verify', 'node pass.mjs', '--verify-in', scratch], url);
    await call('todos_add', add);
    expect((await call('todos_complete', complete('1'))).ok).toBe(true);
    expect((await call('todos_complete', complete('2'))).ok).toBe(true);
    const { stdout } = await runCli(['todos', '--store', url, '--session', 's', '--json']);
    const shown = JSON.parse(stdout);
    const check = {
      command: 'node pass.mjs',
      outcome: 'passed',
      durationMs: expect.any(Number),
      tail: '',
      at: expect.any(Number),
      version: 2,
      when: 'completion',
    };
    expect(shown.plan.lastCheck).toEqual(check);
    // Only the completion the command ran for has evidence (the rule itself is off).
    expect(
      shown.history.map((revision: { source: { evidence?: unknown } }) => revision.source.evidence),
    ).toEqual([undefined, undefined, [{ id: '2', calls: [], count: 0, check }]]);
    const text = await runCli(['todos', '--store', url, '--session', 's', '--history', '0']);
    expect(text.stdout).toMatch(
      /\nverified: node pass\.mjs → exit 0 in \d+\.\d s, v2\nEvidence:\n {2}#2 node pass\.mjs → exit 0 in \d+\.\d s, v2\n$/,
    );
  });

  it('an item tagged [verify] runs the command even when others stay open', async () => {
    writeFileSync(join(scratch, 'fail.mjs'), 'process.exit(2);\n');
    const call = await serve(['--verify', 'node fail.mjs', '--verify-in', scratch]);
    await call('todos_add', {
      todos: [{ content: 'Run the tests [verify]' }, { content: 'Ship' }],
    });
    const refused = await call('todos_complete', complete('1'));
    expect(refused.text).toContain('failed (exit code 2).');
  });

  it('a [verify] tag reworded away in the completing write still runs the command', async () => {
    writeFileSync(join(scratch, 'fail3.mjs'), 'process.exit(3);\n');
    const call = await serve(['--verify', 'node fail3.mjs', '--verify-in', scratch]);
    await call('todo_write', {
      todos: [
        { content: 'Run the tests [verify]', status: 'in_progress' },
        { content: 'Ship', status: 'pending' },
      ],
    });
    const refused = await call('todo_write', {
      todos: [
        { id: 1, content: 'Run the tests', status: 'completed' },
        { id: 2, content: 'Ship', status: 'pending' },
      ],
    });
    expect(refused.ok).toBe(false);
    expect(refused.text).toContain('the check `node fail3.mjs` failed (exit code 3).');
  });

  it('ending the plan by cancelling its last open item runs the command too', async () => {
    writeFileSync(join(scratch, 'fail4.mjs'), 'process.exit(4);\n');
    const call = await serve(['--verify', 'node fail4.mjs', '--verify-in', scratch]);
    await call('todo_write', {
      todos: [
        { content: 'Fix the parser', status: 'in_progress' },
        { content: 'Dummy', status: 'pending' },
      ],
    });
    const done = (second: string) => ({
      todos: [
        { id: 1, content: 'Fix the parser', status: 'completed' },
        { id: 2, content: 'Dummy', status: second },
      ],
    });
    // One item still open: no check yet.
    expect((await call('todo_write', done('pending'))).ok).toBe(true);
    const refused = await call('todo_write', done('cancelled'));
    expect(refused.ok).toBe(false);
    expect(refused.text).toContain('#2 Dummy');
    expect(refused.text).toContain('the check `node fail4.mjs` failed (exit code 4).');
    expect((await call('todo_read', {})).text).toContain('[ ] #2 Dummy');
  });

  it('rejects bad flags with a one-line error', () => {
    expect(() => parseMcpFlags({ evidence: 'strict' }, {}, scratch)).toThrow(
      '--evidence must be one of off, warn, enforce, not "strict".',
    );
    expect(() => parseMcpFlags({ evidence: 'enforce' }, {}, scratch)).toThrow(
      "--evidence needs --for AGENT: that agent's hooks record the tool calls that count as evidence.",
    );
    expect(parseMcpFlags({ evidence: 'enforce', for: 'codex' }, {}, scratch).evidence).toBe(
      'enforce',
    );
    expect(() => parseMcpFlags({ verifyIn: scratch }, {}, scratch)).toThrow(
      '--verify-in, --verify-timeout and --verify-refusals apply only with --verify COMMAND.',
    );
    expect(() => parseMcpFlags({ verifyRefusals: '3' }, {}, scratch)).toThrow(
      '--verify-in, --verify-timeout and --verify-refusals apply only with --verify COMMAND.',
    );
    expect(() => parseMcpFlags({ verify: ['x'], verifyTimeout: 'soon' }, {}, scratch)).toThrow(
      '--verify-timeout must be a whole number of seconds from 1 to 3600, not "soon".',
    );
    expect(() => parseMcpFlags({ verify: ['x'], verifyRefusals: '21' }, {}, scratch)).toThrow(
      '--verify-refusals must be a whole number from 1 to 20, not "21".',
    );
  });

  it("takes --verify more than once, auto as the project's usual checks, and the limits", () => {
    writeFileSync(join(scratch, 'go.mod'), 'module scratch\n');
    const settings = parseMcpFlags(
      { verify: ['npm test', 'auto', 'npm test'], verifyTimeout: '60', verifyRefusals: '2' },
      {},
      scratch,
    );
    expect(settings).toMatchObject({
      verify: ['npm test', 'go test ./...'],
      verifyIn: scratch,
      verifyTimeoutSec: 60,
      verifyRefusals: 2,
    });
  });

  it('a completion runs every --verify command: the second one failing refuses it', async () => {
    writeFileSync(join(scratch, 'fail5.mjs'), 'process.exit(5);\n');
    const call = await serve([
      '--verify',
      'node -e 0',
      '--verify',
      'node fail5.mjs',
      '--verify-in',
      scratch,
    ]);
    await call('todo_write', { todos: [{ content: 'Fix it', status: 'in_progress' }] });
    const refused = await call('todo_write', {
      todos: [{ id: 1, content: 'Fix it', status: 'completed' }],
    });
    expect(refused.ok).toBe(false);
    expect(refused.text).toContain('the check `node fail5.mjs` failed (exit code 5).');
  });

  it('--evidence-from checks: a completion counts only while the check passes on the folder as it is, without --for', async () => {
    const dir = mkdtempSync(join(scratch, 'from-checks-'));
    writeFileSync(join(dir, 'state.txt'), 'broken');
    writeFileSync(
      join(dir, 'check.mjs'),
      "import { readFileSync } from 'node:fs';\nif (readFileSync('state.txt', 'utf8') !== 'fixed') { console.log('still broken'); process.exit(1); }\n",
    );
    const call = await serve([
      '--evidence',
      'enforce',
      '--evidence-from',
      'checks',
      '--verify',
      'node check.mjs',
      '--verify-in',
      dir,
    ]);
    await call('todos_add', { todos: [{ content: 'Fix the state' }] });
    const refused = await call('todos_complete', complete('1'));
    expect(refused.ok).toBe(false);
    expect(refused.text).toContain('still broken');
    writeFileSync(join(dir, 'state.txt'), 'fixed');
    expect(await call('todos_complete', complete('1'))).toEqual({
      ok: true,
      text: expect.stringContaining('Completed #1'),
    });
  });

  it('--evidence-from checks needs --evidence enforce and --verify, said in one line', () => {
    const line =
      '--evidence-from checks goes with --evidence enforce and --verify COMMAND: the command that must pass for a completion to count.';
    expect(() =>
      parseMcpFlags({ evidence: 'enforce', evidenceFrom: 'checks' }, {}, scratch),
    ).toThrow(line);
    expect(() => parseMcpFlags({ evidenceFrom: 'checks', verify: ['x'] }, {}, scratch)).toThrow(
      line,
    );
    expect(() => parseMcpFlags({ evidenceFrom: 'tests' }, {}, scratch)).toThrow(
      '--evidence-from must be one of calls, checks, not "tests".',
    );
    expect(
      parseMcpFlags({ evidence: 'enforce', evidenceFrom: 'checks', verify: ['x'] }, {}, scratch)
        .evidenceFrom,
    ).toBe('checks');
  });
});
