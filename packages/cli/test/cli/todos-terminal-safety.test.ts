/**
 * What `plankeeper todos` prints of stored text (a model's completion reason, a person's
 * name) is shown, never obeyed by the terminal: an erase-line, cursor move, window title,
 * C1 control or bidi override in it reaches the terminal as a visible escape, and `--json`
 * carries it as a JSON escape that parses back to the stored text.
 */
import { waitFor } from 'plankeeper/test';
import { describe, expect, it } from 'vitest';
import { runCli, startCli } from '../support/run-cli.js';
import { seededStore, withPlanEngine } from '../support/seeded-store.js';

const HOSTILE_REASON = 'ok \u001b[2K\u001b[1A\u001b]0;PWNED\u0007 fake \u009b31m';
const HOSTILE_NAME = 'Ana\u202e\u001b[31m';
/** Raw ESC, BEL, CSI (C1) and the right-to-left override. */
const RAW_CONTROL = /[\u001b\u0007\u009b\u202e]/;

function hostileStore() {
  return seededStore('plankeeper-safe-', async (engine) => {
    const key = { agent: 'support', session: 's-1' };
    await engine.add(key, [{ content: 'Look up the policy' }, { content: 'Answer' }]);
    await engine.complete(key, [{ id: 1, reason: HOSTILE_REASON }], { callId: 'call_x' });
    await engine.editAsPerson(key, { kind: 'cancel', id: '2' }, { name: HOSTILE_NAME });
  });
}

describe('plankeeper todos prints stored text inert', () => {
  it('in the plan, the history and the list of plans', async () => {
    const store = await hostileStore();
    const shown = await runCli([
      'todos',
      '--store',
      store,
      '--agent',
      'support',
      '--session',
      's-1',
    ]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).not.toMatch(RAW_CONTROL);
    // Shown as escapes, so a person still sees what was written.
    expect(shown.stdout).toContain('\\u001b]0;PWNED\\u0007');
    expect(shown.stdout).toContain('\\u202e');
    const listed = await runCli(['todos', '--store', store]);
    expect(listed.stdout).not.toMatch(RAW_CONTROL);
  });

  it('in JSON, as escapes that parse back to the stored text', async () => {
    const store = await hostileStore();
    const { stdout } = await runCli([
      'todos',
      '--store',
      store,
      '--agent',
      'support',
      '--session',
      's-1',
      '--json',
    ]);
    expect(stdout).not.toMatch(RAW_CONTROL);
    const parsed = JSON.parse(stdout) as { plan: { items: { note?: string }[] } };
    expect(parsed.plan.items[0]?.note).toBe(HOSTILE_REASON);
  });

  it('in every --watch line', async () => {
    const store = await hostileStore();
    const watching = startCli(['todos', '--store', store, '--watch']);
    let output = '';
    watching.stdout.on('data', (chunk) => {
      output += chunk;
    });
    try {
      await waitFor(() => output.includes('Watching for changes'), 'the watch to start', 10_000);
      const key = { agent: 'support', session: 's-1' };
      await withPlanEngine(store, async (engine) => {
        await engine.add(key, [{ content: 'Reply' }]);
        await engine.complete(key, [{ id: 3, reason: HOSTILE_REASON }], { callId: 'call_y' });
      });
      await waitFor(() => output.includes('call_y'), 'the change by call_y', 10_000);
    } finally {
      watching.kill('SIGINT');
    }
    expect(output).not.toMatch(RAW_CONTROL);
    expect(output).toContain('\\u001b[2K');
  });
});
