/**
 * Checks before done in the own loop (planning option `verify`): the refusal goes back to the
 * model as a harness message the observer sees (`checks`), and the notice for the person goes
 * to `onNotice`, the observer, or stderr when there is neither, never nowhere.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEvent, ToolDefinition } from 'plankeeper';
import { Agent, ConfigurationError } from 'plankeeper';
import { ScriptedModel } from 'plankeeper/test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pk-agent-checks-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A tool that changes the workspace, so the checks are due when the model answers. */
const touch: ToolDefinition = {
  name: 'touch',
  description: 'Change a file.',
  inputSchema: { type: 'object', properties: {} },
  async execute() {
    writeFileSync(join(dir, 'work.txt'), String(Math.random()));
    return { ok: true, text: 'Changed.', data: {}, title: 'touch' };
  },
};

/** Changes the workspace, then answers three times: the check refuses once, then gives up. */
const script = () =>
  new ScriptedModel([{ tool: 'touch', args: {} }, { final: 'Done.' }, { final: 'Done.' }]);
const FAILING = { command: 'node -e "console.log(\'broken\'); process.exit(3)"', maxRefusals: 1 };

describe('Agent with checks before done', () => {
  it('sends a failing check back to the model as a `checks` message, and tells the person through the observer and onNotice', async () => {
    const events: AgentEvent[] = [];
    const notices: string[] = [];
    const agent = new Agent({
      model: script(),
      tools: [touch],
      planning: { verify: { ...FAILING, cwd: dir }, onNotice: (text) => notices.push(text) },
      observer: (event) => events.push(event),
    });
    const result = await agent.run('Change it');
    expect(result.answer).toBe('Done.');
    const injected = events.flatMap((event) =>
      event.type === 'harness-injected' && event.kind !== 'plan' ? [event] : [],
    );
    expect(injected.map((event) => event.kind)).toEqual(['checks']);
    expect(injected[0]?.text).toContain('```\nbroken\n```');
    const told = events.flatMap((event) => (event.type === 'notice-given' ? [event.text] : []));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/^plankeeper: the check `node -e .*` still fails \(exit 3 in /);
    expect(notices).toEqual(told);
    // Told after the model's last answer and before the turn ends.
    const types = events.map((event) => event.type);
    expect(types.indexOf('notice-given')).toBeLessThan(types.indexOf('turn-finished'));
  });

  it('with an observer and no onNotice the observer alone is told; with neither, stderr is', async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const events: AgentEvent[] = [];
      const planning = { verify: { ...FAILING, cwd: dir } };
      await new Agent({
        model: script(),
        tools: [touch],
        planning,
        observer: (event) => events.push(event),
      }).run('Change it');
      expect(events.filter((event) => event.type === 'notice-given')).toHaveLength(1);
      expect(written.join('')).not.toContain('still fails');
      await new Agent({ model: script(), tools: [touch], planning }).run('Change it');
      expect(written.join('')).toMatch(/^plankeeper: the check `node -e .*` still fails .*\n$/);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses a malformed verify when the agent is made, not at its first turn', () => {
    const model = new ScriptedModel();
    expect(() => new Agent({ model, planning: { verify: { command: ' ' } } })).toThrow(
      ConfigurationError,
    );
    expect(
      () => new Agent({ model, planning: { verify: { command: 'x', maxRefusals: -1 } } }),
    ).toThrow(/verify\.maxRefusals must be a whole number/);
  });
});
