import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { runCli, startCli } from '../support/run-cli.js';
import { seededStore, withPlanEngine } from '../support/seeded-store.js';

/** Two tickets of the support agent, one with a sub-agent's plan under a scope. */
const ticketStore = () =>
  seededStore('plankeeper-todos-', async (engine) => {
    const key = { agent: 'support', session: 'ticket-7' };
    await engine.add(key, [{ content: 'Look up the policy' }, { content: 'Answer' }], {
      callId: 'call_a',
    });
    await engine.complete(key, [{ id: 1, reason: 'found §3' }], { callId: 'call_b' });
    await engine.add({ agent: 'support', session: 'ticket-8' }, [{ content: 'Other' }]);
    await engine.add({ agent: 'support', session: 'ticket-7', scope: ['researcher'] }, [
      { content: 'Sub step' },
    ]);
  });

describe('plankeeper todos', () => {
  it('lists stored plans with progress', async () => {
    const store = await ticketStore();
    const { code, stdout } = await runCli(['todos', '--store', store]);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(stdout).toMatch(/^support {2}ticket-7 {2}1\/2 done {2}v2 /m);
    expect(stdout).toMatch(/^support {2}ticket-7 {2}scope researcher {2}0\/1 done/m);
  });

  it('counts a cancelled item apart, never as done, as the dashboard does', async () => {
    const store = await seededStore('plankeeper-todos-', (engine) =>
      engine.write({ agent: 'support', session: 'ticket-9' }, [
        { content: 'Look up the policy', status: 'completed' },
        { content: 'Call the customer', status: 'cancelled' },
        { content: 'Answer', status: 'pending' },
      ]),
    );
    const { code, stdout } = await runCli(['todos', '--store', store]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^support {2}ticket-9 {2}1\/3 done, 1 cancelled {2}v1 /m);
    const [listed] = JSON.parse((await runCli(['todos', '--store', store, '--json'])).stdout);
    expect(listed).toMatchObject({ total: 3, open: 1, completed: 1, cancelled: 1 });
  });

  it('shows one plan with its revision history, as text and as JSON', async () => {
    const store = await ticketStore();
    const text = await runCli(['todos', '--store', store, '--session', 'ticket-7']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      '- [x] #1 Look up the policy (note: "found §3")\n- [ ] #2 Answer',
    );
    expect(text.stdout).toMatch(/v1 {2}\S+ {2}todos_add \(call_a\): added #1 #2/);
    expect(text.stdout).toMatch(/v2 {2}\S+ {2}todos_complete \(call_b\): completed #1: "found §3"/);
    const json = JSON.parse(
      (await runCli(['todos', '--store', store, '--session', 'ticket-7', '--json'])).stdout,
    );
    expect(json.version).toBe(2);
    expect(
      json.history.map((revision: { source: { tool: string } }) => revision.source.tool),
    ).toEqual(['todos_add', 'todos_complete']);
    const scoped = await runCli([
      'todos',
      '--store',
      store,
      '--session',
      'ticket-7',
      '--scope',
      'researcher',
    ]);
    expect(scoped.stdout).toContain('- [ ] #1 Sub step');
  });

  it('says a one-item write in the singular in the history', async () => {
    const key = { agent: 'release', session: 'r-2' };
    const url = await seededStore('plankeeper-todos-', (engine) =>
      engine.write(key, [{ content: 'Ship', status: 'pending' }]),
    );
    const shown = await runCli(['todos', '--store', url, '--agent', 'release', '--session', 'r-2']);
    expect(shown.stdout).toMatch(/: wrote 1 item, added #1\n/);
  });

  it('shows what each item waits for, marking items whose blockers are still open', async () => {
    const url = await seededStore('plankeeper-todos-', (engine) =>
      engine.write({ agent: 'release', session: 'r-1' }, [
        { content: 'Run tests', status: 'completed' },
        { content: 'Build', status: 'in_progress', blockedBy: ['Run tests'] },
        { content: 'Deploy', status: 'pending', blockedBy: ['Run tests', 'Build'] },
      ]),
    );
    const shown = await runCli(['todos', '--store', url, '--agent', 'release', '--session', 'r-1']);
    expect(shown.stdout).toContain(
      '- [x] #1 Run tests\n- [>] #2 Build (after #1)\n- [ ] #3 Deploy (blocked: waits for #2)\n',
    );
    const json = JSON.parse(
      (await runCli(['todos', '--store', url, '--agent', 'release', '--session', 'r-1', '--json']))
        .stdout,
    );
    expect(json.plan.items.map((item: { blockedBy?: string[] }) => item.blockedBy)).toEqual([
      undefined,
      ['1'],
      ['1', '2'],
    ]);
  });

  it('explains an unknown session and a bad store', async () => {
    const store = await ticketStore();
    const missing = await runCli(['todos', '--store', store, '--session', 'nope']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      'plankeeper: no plan for session "nope"; run without --session to list plans.\n',
    );
    const bad = await runCli(['todos', '--store', 'ftp://x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^plankeeper: --store: .*use one of: memory; sqlite:PATH/);
  });

  it('creates no store when reading: a folder with no plans says so, a wrong path is named', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'plankeeper-no-store-'));
    const env = { PLANKEEPER_STORE: undefined };
    const listed = await runCli(['todos'], { cwd: folder, env });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toBe('No stored plans (no store here yet: .plankeeper/plans.db).\n');
    expect(existsSync(join(folder, '.plankeeper'))).toBe(false);
    const session = await runCli(['todos', '--session', 's-1'], { cwd: folder, env });
    expect(session.code).toBe(2);
    expect(existsSync(join(folder, '.plankeeper'))).toBe(false);
    const typo = join(folder, 'plnas', 'plans.db');
    const wrong = await runCli(['todos', '--store', `sqlite:${typo}`], { cwd: folder, env });
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toBe(
      `plankeeper: there is no store at ${typo}; check the path (reading creates no store).\n`,
    );
    expect(existsSync(join(folder, 'plnas'))).toBe(false);
  });

  it('deletes one plan with --delete, and refuses --delete without --session', async () => {
    const store = await ticketStore();
    const deleted = await runCli(['todos', '--store', store, '--session', 'ticket-8', '--delete']);
    expect(deleted).toMatchObject({ code: 0, stdout: 'Deleted support/ticket-8\n', stderr: '' });
    const listed = await runCli(['todos', '--store', store]);
    expect(listed.stdout).not.toContain('ticket-8');
    expect(listed.stdout).toContain('ticket-7');
    const again = await runCli(['todos', '--store', store, '--session', 'ticket-8', '--delete']);
    expect(again.code).toBe(2);
    // The deleted plan's history is still there for whoever names its agent.
    const deletedPlan = ['todos', '--store', store, '--agent', 'support', '--session', 'ticket-8'];
    const history = await runCli(deletedPlan);
    expect(history.code).toBe(0);
    expect(history.stdout).toMatch(/^support\/ticket-8 {2}deleted\n\nHistory \(oldest first\):\n/);
    expect(history.stdout.trim().split('\n').at(-1)).toMatch(/^ {2}v\d+ {2}\S+ {2}host:/);
    const json = JSON.parse((await runCli([...deletedPlan, '--json'])).stdout);
    expect(json.plan).toBeNull();
    expect(json.history.at(-1).record).toBeNull();
    const unscoped = await runCli(['todos', '--store', store, '--delete']);
    expect(unscoped.code).toBe(2);
    expect(unscoped.stderr).toBe(
      'plankeeper: --delete needs --session (and --agent when several agents share that session).\n',
    );
    expect((await runCli(['todos', '--store', store])).stdout.trim().split('\n')).toHaveLength(2);
  });

  it('points at --delete when a stored plan cannot be loaded, and the delete works', async () => {
    const store = await ticketStore();
    const db = new Database(store.slice('sqlite:'.length));
    db.prepare(
      `UPDATE plankeeper_revisions SET record = '{"format":99}' WHERE key = ?
         AND seq = (SELECT seq FROM plankeeper_plans WHERE key = ?)`,
    ).run('support/ticket-7', 'support/ticket-7');
    db.close();
    const shown = await runCli(['todos', '--store', store, '--session', 'ticket-7']);
    expect(shown.code).toBe(1);
    expect(shown.stderr).toBe(
      `plankeeper: Plan "support/ticket-7" cannot be loaded: unknown format version 99; this plankeeper reads version 1. Upgrade plankeeper or delete the plan. To delete it: plankeeper todos --store ${store} --agent support --session ticket-7 --delete\n`,
    );
    const deleted = await runCli([
      'todos',
      '--store',
      store,
      '--agent',
      'support',
      '--session',
      'ticket-7',
      '--delete',
      '--json',
    ]);
    expect(deleted.code).toBe(0);
    expect(JSON.parse(deleted.stdout)).toEqual({
      key: { agent: 'support', session: 'ticket-7' },
      deleted: true,
    });
  });

  it('--watch prints each change another process stores, until interrupted', async () => {
    const store = await ticketStore();
    const key = { agent: 'support', session: 'ticket-7' };
    for (const mode of ['text', 'json'] as const) {
      const child = startCli([
        'todos',
        '--store',
        store,
        '--session',
        'ticket-7',
        '--watch',
        ...(mode === 'json' ? ['--json'] : []),
      ]);
      let stdout = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      const ready = mode === 'text' ? 'Watching for changes' : '"plan":';
      await vi.waitFor(() => expect(stdout).toContain(ready), { timeout: 10_000 });
      // A change each time: completing #2 again would change nothing, and write nothing.
      await withPlanEngine(store, async (engine) => {
        if (mode === 'text') {
          await engine.complete(key, [{ id: 2, reason: 'sent' }], { callId: 'call_text' });
        } else await engine.add(key, [{ content: 'Follow up' }], { callId: 'call_json' });
      });
      if (mode === 'text') {
        await vi.waitFor(() => expect(stdout).toContain('- [x] #2 Answer (note: "sent")'), {
          timeout: 10_000,
        });
        expect(stdout).toMatch(
          /support\/ticket-7 {2}v\d+ {2}\S+ {2}todos_complete \(call_text\): completed #2: "sent"/,
        );
      } else {
        await vi.waitFor(() => expect(stdout.trim().split('\n')).toHaveLength(2), {
          timeout: 10_000,
        });
        const [first, change] = stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line));
        expect(first.key).toEqual(key);
        expect(change).toMatchObject({
          id: 'support/ticket-7',
          source: { tool: 'todos_add', callId: 'call_json' },
        });
      }
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    }
  });

  it('refuses --delete together with --watch', async () => {
    const store = await ticketStore();
    const both = await runCli([
      'todos',
      '--store',
      store,
      '--session',
      'ticket-7',
      '--delete',
      '--watch',
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('plankeeper: --delete and --watch cannot be combined.\n');
  });
});
