/**
 * What verified a completion, kept in the plan's history: a verifier's run of a check (real
 * child processes) in the completion's evidence and as the plan's `lastCheck`, read back from
 * a SQLite store reopened as another process would; and `evidenceFrom: 'checks'`, under which
 * a completion counts only when the person's check passes on the workspace as it is now.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlanningOptions, PlanStore, ToolDefinition } from 'plankeeper';
import { Agent, createPlanTools, PlanEngine, PlanHarness } from 'plankeeper';
import { CheckGate, checkSettings, runCheck } from 'plankeeper/checks';
import type { CompletionVerifier } from 'plankeeper/harness';
import { SqlitePlanStore } from 'plankeeper/stores/sqlite';
import { ScriptedModel, type ScriptStep } from 'plankeeper/test';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient } from '../support/mcp-clients.js';

const stores: PlanStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

function sqliteStore(path: string): PlanStore {
  const store = new SqlitePlanStore({ path });
  stores.push(store);
  return store;
}

/** A workspace (no git: the walk fingerprints it) with a check that passes once `ok` exists. */
function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'plankeeper-check-evidence-'));
  const runs = join(mkdtempSync(join(tmpdir(), 'plankeeper-check-runs-')), 'runs.log');
  writeFileSync(
    join(dir, 'check.mjs'),
    `import { appendFileSync, existsSync } from 'node:fs';
appendFileSync(${JSON.stringify(runs)}, 'run\\n');
if (!existsSync('ok')) { console.log('FAIL: ok is missing'); process.exit(1); }
`,
  );
  const runCount = () => (existsSync(runs) ? readFileSync(runs, 'utf8').split('\n').length - 1 : 0);
  return { dir, runCount };
}

/** The model's one workspace tool: makes the check pass. */
const fixTool = (dir: string): ToolDefinition => ({
  name: 'fix',
  description: 'Fix the code.',
  inputSchema: { type: 'object', properties: {} },
  async execute() {
    writeFileSync(join(dir, 'ok'), 'fixed\n');
    return { ok: true, text: 'Fixed.', data: null, title: 'fix' };
  },
});

const add = (...contents: string[]) => ({
  tool: 'todos_add',
  args: { todos: contents.map((content) => ({ content })) },
});
const complete = (id: string) => ({
  tool: 'todos_complete',
  args: { items: [{ id, reason: 'done' }] },
});

async function run(dir: string, path: string, steps: ScriptStep[], planning: PlanningOptions) {
  const engine = new PlanEngine({ store: sqliteStore(path) });
  const model = new ScriptedModel(steps);
  const agent = new Agent({
    model,
    tools: [fixTool(dir)],
    planning: { goalCheck: false, finishCheck: false, tools: 'granular', ...planning, engine },
  });
  const session = agent.session('checked');
  await session.send('Fix the parser');
  const results = model.requests
    .slice(1)
    .map((request) => request.messages.filter((message) => message.role === 'tool').at(-1))
    .map((message) => message?.content ?? '');
  return { results, key: session.key };
}

describe('a check that verified a completion', () => {
  it("is kept in the completion's evidence and as the plan's lastCheck, in SQLite", async () => {
    const { dir } = workspace();
    writeFileSync(join(dir, 'ok'), '');
    const path = join(dir, '..', `${Date.now()}-plans.db`);
    const verifier: CompletionVerifier = async (_item, { signal }) => {
      const result = await runCheck(
        { command: 'node check.mjs', cwd: dir, timeoutMs: 30_000 },
        signal,
      );
      return result.outcome === 'passed' ? { check: result } : `the check failed: ${result.tail}`;
    };
    const { results, key } = await run(
      dir,
      path,
      [add('Fix the parser'), complete('1'), { final: 'Done.' }],
      {
        verifiers: [verifier],
      },
    );
    expect(results[1]).toBe('Completed #1.');
    // Read back by a store opened afresh, as `plankeeper todos` would.
    const reopened = sqliteStore(path);
    const history = await reopened.history(key);
    const completion = history.at(-1)!;
    const check = {
      command: 'node check.mjs',
      outcome: 'passed',
      durationMs: expect.any(Number),
      tail: '',
      at: expect.any(Number),
      version: 1,
      when: 'completion',
    };
    expect(completion.source.evidence).toEqual([{ id: '1', calls: [], count: 0, check }]);
    expect(completion.source.summary).toMatch(
      /^completed #1: "done" · evidence #1: node check\.mjs → exit 0 in \d+\.\d s$/,
    );
    expect((await reopened.get(key))!.record.lastCheck).toEqual(check);
  });

  it('a verifier that answers true keeps no evidence with the rule off, as before', async () => {
    const { dir } = workspace();
    const path = join(dir, 'plans.db');
    const { key } = await run(
      dir,
      path,
      [add('Fix the parser'), complete('1'), { final: 'Done.' }],
      {
        verifiers: [() => true],
      },
    );
    const revision = (await sqliteStore(path).history(key)).at(-1)!;
    expect(revision.source.tool).toBe('todos_complete');
    expect(revision.source.evidence).toBeUndefined();
  });
});

describe("evidenceFrom: 'checks'", () => {
  it('refuses a completion while the check fails, counts a pass, and reuses it while nothing changed', async () => {
    const { dir, runCount } = workspace();
    const path = join(mkdtempSync(join(tmpdir(), 'plankeeper-check-store-')), 'plans.db');
    const { results, key } = await run(
      dir,
      path,
      [
        add('Fix the parser', 'Update the changelog'),
        complete('1'),
        { tool: 'fix', args: {} },
        complete('1'),
        complete('2'),
        { final: 'Done.' },
      ],
      {
        evidence: 'enforce',
        evidenceFrom: 'checks',
        verify: { command: 'node check.mjs', cwd: dir },
      },
    );
    expect(results[1]).toBe(
      'Rejected; the todo list is unchanged. Fix and resend:\n- #1 Fix the parser cannot be completed yet: the check `node check.mjs` failed (exit code 1); its last lines:\nFAIL: ok is missing\nFix the cause, then complete the item.',
    );
    expect(results[3]).toBe('Completed #1.');
    expect(results[4]).toBe('Completed #2.');
    // One failing run and one pass at the completions (the second found the workspace
    // unchanged); the checks before the answer take that pass on the same workspace.
    expect(runCount()).toBe(2);
    const history = await sqliteStore(path).history(key);
    const [first, second] = history
      .filter((revision) => revision.source.tool === 'todos_complete')
      .map((revision) => revision.source.evidence?.[0]);
    expect(first).toMatchObject({
      id: '1',
      check: { command: 'node check.mjs', outcome: 'passed', version: 1, when: 'completion' },
    });
    expect(first!.check!.workspace).toMatch(/^[0-9a-f]{32}$/);
    // The pass kept as the plan's last check verified the second item too.
    expect(second).toEqual({ id: '2', calls: [], count: 0, check: first!.check });
  });

  it('runs the check again once the workspace changed after the last pass', async () => {
    const { dir, runCount } = workspace();
    writeFileSync(join(dir, 'ok'), '');
    const engine = new PlanEngine({ store: sqliteStore(join(dir, '..', `${Date.now()}-b.db`)) });
    const key = { agent: 'test', session: 'changed' };
    const harness = new PlanHarness({
      engine,
      key,
      evidence: 'enforce',
      evidenceFrom: 'checks',
      verify: { command: 'node check.mjs', cwd: dir },
    });
    const tools = createPlanTools({ engine, tools: 'granular' });
    const call = (name: string, args: unknown) =>
      harness.wrapTool({
        name,
        callId: name,
        run: (context) => tools.find((tool) => tool.name === name)!.execute(args, context),
        outcome: (result) => ({ ok: result.ok, result }),
      });
    await call('todos_add', { todos: [{ content: 'One' }, { content: 'Two' }] });
    expect((await call('todos_complete', { items: [{ id: '1', reason: 'done' }] })).ok).toBe(true);
    expect(runCount()).toBe(1);
    appendFileSync(join(dir, 'ok'), 'changed\n');
    expect((await call('todos_complete', { items: [{ id: '2', reason: 'done' }] })).ok).toBe(true);
    expect(runCount()).toBe(2);
  });

  it('is refused with a one-line error without verify, or without evidence: enforce', () => {
    const engine = new PlanEngine();
    const key = { agent: 'test', session: 'bad' };
    expect(
      () => new PlanHarness({ engine, key, evidence: 'enforce', evidenceFrom: 'checks' }),
    ).toThrow(
      `evidenceFrom: 'checks' needs verify, the person's check command (such as "npm test").`,
    );
    expect(
      () =>
        new PlanHarness({ engine, key, evidence: 'warn', evidenceFrom: 'checks', verify: 'true' }),
    ).toThrow("evidenceFrom: 'checks' goes with evidence: 'enforce'.");
    expect(
      () =>
        new PlanHarness({
          engine,
          key,
          evidence: 'enforce',
          evidenceFrom: 'tests' as 'checks',
          verify: 'true',
        }),
    ).toThrow(`evidenceFrom must be 'calls' or 'checks', got "tests".`);
  });
});

describe("evidenceFrom: 'checks' on the MCP server", () => {
  it('needs no recorded calls, refuses while the check fails, and reuses an answer check kept on the same workspace', async () => {
    const { dir, runCount } = workspace();
    const engine = new PlanEngine({ store: sqliteStore(join(dir, '..', `${Date.now()}-mcp.db`)) });
    const verify = { command: 'node check.mjs', cwd: dir };
    const { client } = await connectClient({
      engine,
      session: 'mcp-checks',
      evidence: 'enforce',
      evidenceFrom: 'checks',
      verify,
    });
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: args })) as {
        isError?: boolean;
        content: { text: string }[];
      };
      return { ok: !result.isError, text: result.content[0]!.text };
    };
    const key = { agent: 'mcp', session: 'mcp-checks' };
    await call('todos_add', { todos: [{ content: 'Fix the parser' }, { content: 'Ship it' }] });
    const refused = await call('todos_complete', { items: [{ id: '1', reason: 'done' }] });
    expect(refused.ok).toBe(false);
    expect(refused.text).toContain('the check `node check.mjs` failed (exit code 1)');
    expect(runCount()).toBe(1);

    // The person's checks before an answer passed on this workspace, as a coding agent's
    // hooks keep them: the completion counts that run and starts none.
    writeFileSync(join(dir, 'ok'), '');
    const state = await new CheckGate(checkSettings(verify)!).state();
    const answered = await runCheck({ ...verify, timeoutMs: 30_000 });
    await engine.recordCheck(key, { ...answered, when: 'answer', workspace: state });
    expect(runCount()).toBe(2);
    expect((await call('todos_complete', { items: [{ id: '1', reason: 'done' }] })).ok).toBe(true);
    expect(runCount()).toBe(2);
    const revision = (await engine.history(key)).at(-1)!;
    expect(revision.source.evidence).toEqual([
      {
        id: '1',
        calls: [],
        count: 0,
        check: { ...answered, version: 1, when: 'answer', workspace: state },
      },
    ]);
  });
});
