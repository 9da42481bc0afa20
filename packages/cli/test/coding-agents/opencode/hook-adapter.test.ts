/**
 * The OpenCode hook adapter over the recorded plugin payloads (fixtures/): what the plugin
 * sends `plankeeper hook opencode <name>` (the hook's `{input, output}` or the bus `{event}`,
 * plus `parentID` inside a sub-agent), the neutral event and plan key of each, and the exact
 * stdout of each answer.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { opencodeAdapter } from '../../../src/coding-agents/opencode/opencode-adapter.js';
import { opencodeCallKey } from '../../../src/coding-agents/opencode/session-arguments.js';

type Json = Record<string, unknown>;
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Json;
/** The payload the plugin sends for a recorded hook call: its `{input, output}`. */
const hookPayload = (name: string, more: Json = {}) => {
  const { input, output } = fixture(name);
  return { input, output, ...more };
};
/** ... and for a recorded bus event: `{event}`. */
const eventPayload = (name: string) => ({ event: (fixture(name).input as Json).event });

const MAIN = 'ses_dcdfa3527ffeCYfFxF96gCwYLM';
const CHILD = 'ses_dcdfa28ecffexmDAQRolT8bxwu';
const main = { agent: 'opencode', session: MAIN };
const child = { agent: 'opencode', session: MAIN, scope: [CHILD] };

describe('OpenCode adapter: parse', () => {
  it.each([
    [
      'chat.message',
      hookPayload('chat.message'),
      main,
      {
        kind: 'prompt',
        text: 'Write and test the parser.',
        turn: 'msg_23205cb19001NoPTPCs6fALA4r',
      },
    ],
    [
      'chat.message',
      hookPayload('chat.message.subagent', { parentID: MAIN }),
      child,
      {
        kind: 'prompt',
        text: 'Check that the parser compiles.',
        turn: 'msg_23205d7310015aqtrSi0pRIII3',
      },
    ],
    [
      'tool.execute.after',
      hookPayload('tool.execute.after.mcp'),
      main,
      {
        kind: 'tool-done',
        tool: 'plankeeper_todo_write',
        ok: true,
        isPlanWrite: true,
        isPlanTool: true,
      },
    ],
    [
      'tool.execute.after',
      hookPayload('tool.execute.after.bash'),
      main,
      { kind: 'tool-done', tool: 'bash', ok: true, isPlanWrite: false, isPlanTool: false },
    ],
    [
      'tool.execute.after',
      hookPayload('tool.execute.after.subagent', { parentID: MAIN }),
      child,
      { kind: 'tool-done', tool: 'bash', ok: true, isPlanWrite: false, isPlanTool: false },
    ],
    [
      'message.part.updated',
      eventPayload('event.message.part.updated.tool-error'),
      // Recorded in another run than the others.
      { agent: 'opencode', session: 'ses_dcd8fb75affePqmdzbZjzeUh7u' },
      {
        kind: 'tool-done',
        tool: 'asker_show_plan',
        ok: false,
        isPlanWrite: false,
        isPlanTool: false,
      },
    ],
    [
      'experimental.text.complete',
      hookPayload('experimental.text.complete'),
      main,
      {
        kind: 'stop',
        stopHookActive: false,
        lastMessage: 'Summary: the user asked for work; it is under way.',
      },
    ],
    [
      'experimental.session.compacting',
      hookPayload('experimental.session.compacting'),
      main,
      { kind: 'pre-compact' },
    ],
    [
      'experimental.compaction.autocontinue',
      hookPayload('experimental.compaction.autocontinue'),
      main,
      { kind: 'session-start', source: 'compact' },
    ],
    [
      'session.created',
      eventPayload('event.session.created'),
      main,
      { kind: 'session-start', source: 'startup' },
    ],
    [
      'session.created',
      eventPayload('event.session.created.subagent'),
      child,
      { kind: 'subagent-start', agentId: CHILD },
    ],
  ])('%s (%#)', (name, payload, key, event) => {
    expect(opencodeAdapter.parse(name, payload as Json)).toEqual({ key, event });
  });

  it("a sub-agent's final text is its own stop", () => {
    const parsed = opencodeAdapter.parse(
      'experimental.text.complete',
      hookPayload('experimental.text.complete', { parentID: 'ses_parent' }),
    );
    expect(parsed?.key).toEqual({ agent: 'opencode', session: 'ses_parent', scope: [MAIN] });
    expect(parsed?.event.kind).toBe('subagent-stop');
  });

  it("leaves out the text parts a plugin added (its own context) from the person's words", () => {
    const payload = hookPayload('chat.message') as { output: { parts: Json[] } };
    payload.output.parts.push({ type: 'text', text: 'plankeeper context', synthetic: true });
    expect(opencodeAdapter.parse('chat.message', payload)?.event).toMatchObject({
      text: 'Write and test the parser.',
    });
  });

  it('counts an MCP isError result that reaches tool.execute.after as a failure', () => {
    const payload = hookPayload('tool.execute.after.mcp', { output: { isError: true } });
    expect(opencodeAdapter.parse('tool.execute.after', payload)?.event).toMatchObject({
      ok: false,
    });
  });

  it('ignores tool parts that did not fail, and events it has nothing to do on', () => {
    expect(
      opencodeAdapter.parse(
        'message.part.updated',
        eventPayload('event.message.part.updated.tool'),
      ),
    ).toBeUndefined();
    expect(
      opencodeAdapter.parse('session.idle', eventPayload('event.session.idle')),
    ).toBeUndefined();
  });

  it('refuses input without a session id (the hook then answers neutrally)', () => {
    expect(() => opencodeAdapter.parse('chat.message', { input: {}, output: {} })).toThrow(
      /no sessionID/,
    );
  });
});

describe('OpenCode adapter: format', () => {
  it('context for the events whose answer the plugin can show the model', () => {
    for (const name of [
      'chat.message',
      'tool.execute.after',
      'message.part.updated',
      'experimental.compaction.autocontinue',
    ]) {
      expect(opencodeAdapter.format(name, { kind: 'context', text: 'Plan' })).toBe(
        '{"context":"Plan"}',
      );
    }
    expect(
      opencodeAdapter.format('experimental.session.compacting', { kind: 'context', text: 'x' }),
    ).toBe('');
  });

  it('a refused stop only for the final text', () => {
    expect(
      opencodeAdapter.format('experimental.text.complete', { kind: 'bounce', reason: 'Open.' }),
    ).toBe('{"block":"Open."}');
    expect(opencodeAdapter.format('tool.execute.after', { kind: 'bounce', reason: 'Open.' })).toBe(
      '',
    );
  });

  it('nothing for the neutral answer', () => {
    expect(opencodeAdapter.format('chat.message', { kind: 'none' })).toBe('');
  });
});

describe('OpenCode plan tool calls: the key the plugin writes into the arguments', () => {
  it('the session, and inside a sub-agent its own session as the scope', () => {
    const args = fixture('tool.execute.before.mcp').output as { args: Json };
    expect(opencodeCallKey({ ...args.args, plankeeper_session: MAIN })).toEqual(main);
    expect(opencodeCallKey({ plankeeper_session: MAIN, plankeeper_scope: CHILD })).toEqual(child);
  });

  it('none without it (the connection keeps its own plan)', () => {
    expect(opencodeCallKey(undefined)).toBeUndefined();
    expect(opencodeCallKey({ todos: [] })).toBeUndefined();
    expect(opencodeCallKey({ plankeeper_session: '' })).toBeUndefined();
  });
});
