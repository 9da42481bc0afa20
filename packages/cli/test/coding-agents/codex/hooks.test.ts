/**
 * The real Codex CLI's hooks, driven by the scripted model: which events fire in a
 * non-interactive session, what each hook receives on stdin (kept as ../fixtures/<Event>.json,
 * compared by shape; RECORD_CODEX_FIXTURES=1 rewrites them), how hook answers reach the model,
 * and that hooks and MCP servers see the same session id.
 *
 * Four runs share one CODEX_HOME: A (MCP tool call, Stop blocked once), B (resume of A, with
 * an auto-compaction), C (fork of A), D (a sub-agent that calls the MCP tool).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readStandInLog,
  type StandInMessage,
  standInMessages,
} from '../../support/stand-in-mcp-server.js';
import { listHooks, trustAllHooks } from './support/app-server.js';
import {
  type HookInput,
  RECORDING,
  readFixture,
  scrubbed,
  shapeOf,
  takeHookInputs,
  writeFixture,
} from './support/hook-inputs.js';
import {
  mcpCall,
  ResponsesServer,
  type Step,
  say,
  spawnAgent,
  waitForSpawnedAgent,
} from './support/responses-server.js';
import {
  type CodexConfig,
  type CodexRun,
  type CodexWorkspace,
  createCodexWorkspace,
  describeRun,
  recordingHooks,
  runCodex,
  standInMcpServer,
} from './support/run-codex.js';

interface McpCallLog {
  params: { name: string; arguments: unknown; _meta: Record<string, unknown> };
}

/** The tools/call requests the stand-in MCP server received. */
function mcpCalls(log: string): McpCallLog[] {
  return standInMessages(log).filter(
    (message): message is StandInMessage & McpCallLog => message.method === 'tools/call',
  );
}

interface Session {
  run: CodexRun;
  model: ResponsesServer;
  hooks: Record<string, HookInput[]>;
  mcp: McpCallLog[];
}

const CONTEXT = {
  sessionStart: 'CONTEXT FROM SessionStart additionalContext',
  userPrompt: 'CONTEXT FROM UserPromptSubmit plain stdout',
  postToolUse: 'CONTEXT FROM PostToolUse additionalContext',
  stopReason: 'Plan items are still open: finish them or say why not.',
};

describe('Codex hooks in exec sessions', () => {
  let ws: CodexWorkspace;
  let mcpLog: string;
  const sessions: Record<'a' | 'b' | 'c' | 'd', Session> = {} as never;
  const servers: ResponsesServer[] = [];

  async function session(
    key: keyof typeof sessions,
    main: Step[],
    options: {
      prompt: string;
      subagent?: Step[];
      resume?: string;
      fork?: string;
      config?: Partial<CodexConfig>;
    },
  ) {
    const model = await ResponsesServer.start(main, options.subagent);
    servers.push(model);
    const before = mcpCalls(mcpLog).length;
    ws.configure({
      modelUrl: model.url,
      mcpServers: { standin: standInMcpServer(mcpLog) },
      hooks: recordingHooks(ws),
      ...options.config,
    });
    const run = await runCodex(ws, {
      prompt: options.prompt,
      resume: options.resume,
      fork: options.fork,
    });
    expect(run.code, describeRun(run)).toBe(0);
    expect(model.unscripted, describeRun(run)).toBe(0);
    sessions[key] = { run, model, hooks: takeHookInputs(ws), mcp: mcpCalls(mcpLog).slice(before) };
    return sessions[key];
  }

  beforeAll(async () => {
    ws = createCodexWorkspace();
    mcpLog = join(ws.root, 'mcp.jsonl');
    ws.answerHook(
      'SessionStart',
      JSON.stringify({
        hookSpecificOutput: {
          hookEventName: 'SessionStart',
          additionalContext: CONTEXT.sessionStart,
        },
      }),
    );
    ws.answerHook('UserPromptSubmit', CONTEXT.userPrompt);
    ws.answerHook(
      'PostToolUse',
      JSON.stringify({
        hookSpecificOutput: {
          hookEventName: 'PostToolUse',
          additionalContext: CONTEXT.postToolUse,
        },
      }),
    );
    ws.answerHook('Stop', JSON.stringify({ decision: 'block', reason: CONTEXT.stopReason }));

    const a = await session(
      'a',
      [
        mcpCall('standin', 'echo', { text: 'step one' }),
        say('First answer.'),
        say('Second answer, after the Stop hook.'),
      ],
      { prompt: 'Do the task.' },
    );
    // The resumed session blocks no stop; it compacts once its context passes the limit.
    ws.answerHook('Stop', '');
    await session(
      'b',
      [mcpCall('standin', 'echo', { text: 'after resume' }, 50_000), say('Resumed.')],
      { prompt: 'Continue.', resume: a.run.threadId, config: { autoCompactTokenLimit: 20_000 } },
    );
    // The fork's MCP tool is not pre-approved: its PermissionRequest hook approves the call.
    ws.answerHook(
      'PermissionRequest',
      JSON.stringify({
        hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
      }),
    );
    await session('c', [mcpCall('standin', 'echo', { text: 'in the fork' }), say('Forked.')], {
      prompt: 'Try another way.',
      fork: a.run.threadId,
      config: {
        approvalPolicy: 'on-request',
        mcpServers: { standin: { ...standInMcpServer(mcpLog), approve: false } },
      },
    });
    ws.answerHook('PermissionRequest', '');
    await session('d', [spawnAgent('Check one thing.'), waitForSpawnedAgent, say('All done.')], {
      prompt: 'Delegate a check.',
      subagent: [
        mcpCall('standin', 'echo', { text: 'from the sub-agent' }),
        say('Sub-agent finished.'),
      ],
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    ws?.dispose();
  });

  it('fires SessionStart(startup), UserPromptSubmit, Pre/PostToolUse, Stop and SessionEnd, all with the session id the MCP server got', () => {
    const { run, hooks, mcp } = sessions.a;
    const sessionId = run.threadId!;
    expect(Object.keys(hooks).sort()).toEqual(
      [
        'PostToolUse',
        'PreToolUse',
        'SessionEnd',
        'SessionStart',
        'Stop',
        'UserPromptSubmit',
      ].sort(),
    );
    for (const input of Object.values(hooks).flat()) {
      expect(input.session_id).toBe(sessionId);
      expect(input).not.toHaveProperty('agent_id');
    }
    expect(hooks.SessionStart![0]).toMatchObject({ source: 'startup', cwd: ws.project });
    expect(hooks.UserPromptSubmit![0]).toMatchObject({ prompt: 'Do the task.' });
    expect(hooks.PreToolUse![0]).toMatchObject({
      tool_name: 'mcp__standin__echo',
      tool_input: { text: 'step one' },
      tool_use_id: 'call_1',
    });
    expect(hooks.PostToolUse![0]).toMatchObject({
      tool_name: 'mcp__standin__echo',
      tool_response: { content: [{ type: 'text', text: 'ECHO TEXT: step one' }] },
    });
    expect(hooks.SessionEnd![0]).toMatchObject({ reason: 'other' });

    // Codex passes no session id in the MCP server's environment; it sends it in the
    // `_meta` of every tools/call, with the turn id the turn-scoped hooks also get.
    expect(mcp).toHaveLength(1);
    const meta = mcp[0]!.params._meta;
    expect(meta).toMatchObject({ sessionId, threadId: sessionId, callId: 'call_1' });
    expect(meta['x-codex-turn-metadata']).toMatchObject({
      session_id: sessionId,
      thread_id: sessionId,
      turn_id: hooks.UserPromptSubmit![0]!.turn_id,
    });
    // The environment of its latest start.
    const env = readStandInLog(mcpLog).at(-1)?.env ?? {};
    expect(Object.keys(env).filter((name) => /CODEX|SESSION|THREAD/.test(name))).toEqual([]);
  });

  it('puts additionalContext and plain stdout of SessionStart, UserPromptSubmit and PostToolUse before the model as developer messages', () => {
    const { model } = sessions.a;
    const [first, second] = model.main;
    expect(model.developerTexts(first!)).toEqual(
      expect.arrayContaining([CONTEXT.sessionStart, CONTEXT.userPrompt]),
    );
    expect(model.developerTexts(second!)).toContain(CONTEXT.postToolUse);
    expect(model.toolOutput(second!, first!.callIds[0]!)).toContain('ECHO TEXT: step one');
  });

  it('continues the turn once when Stop blocks, with the reason as a <hook_prompt> user message and stop_hook_active on the next Stop', () => {
    const { model, hooks } = sessions.a;
    expect(model.main).toHaveLength(3);
    const prompts = model.userTexts(model.main[2]!).filter((text) => text.includes('<hook_prompt'));
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatch(
      new RegExp(`^<hook_prompt hook_run_id="stop:[^"]+">${CONTEXT.stopReason}</hook_prompt>$`),
    );
    expect(
      hooks.Stop!.map((input) => [input.stop_hook_active, input.last_assistant_message]),
    ).toEqual([
      [false, 'First answer.'],
      [true, 'Second answer, after the Stop hook.'],
    ]);
  });

  it('starts a resumed session with SessionStart(resume), and an auto-compaction with Pre/PostCompact then SessionStart(compact)', () => {
    const { run, model, hooks } = sessions.b;
    const original = sessions.a.run.threadId;
    expect(run.threadId).toBe(original);
    expect(hooks.SessionStart!.map((input) => input.source)).toEqual(['resume', 'compact']);
    for (const input of Object.values(hooks).flat()) expect(input.session_id).toBe(original);
    expect(hooks.PreCompact![0]).toMatchObject({ trigger: 'auto' });
    expect(hooks.PostCompact![0]).toMatchObject({ trigger: 'auto' });
    expect(model.compactions).toHaveLength(1);
    // The resumed turn sees the old conversation; after compaction, SessionStart's context again.
    expect(model.userTexts(model.main[0]!)).toContain('Do the task.');
    expect(model.developerTexts(model.main[1]!)).toContain(CONTEXT.sessionStart);
  });

  it('starts a fork as a new session with SessionStart(fork)', () => {
    const { run, hooks } = sessions.c;
    expect(run.threadId).not.toBe(sessions.a.run.threadId);
    expect(hooks.SessionStart![0]).toMatchObject({ source: 'fork', session_id: run.threadId });
  });

  it('asks PermissionRequest for an MCP tool that is not pre-approved, and runs it when the hook allows', () => {
    const { run, model, hooks } = sessions.c;
    expect(hooks.PermissionRequest![0]).toMatchObject({
      session_id: run.threadId,
      tool_name: 'mcp__standin__echo',
      tool_input: { text: 'in the fork' },
    });
    const [first, second] = model.main;
    expect(model.toolOutput(second!, first!.callIds[0]!)).toContain('ECHO TEXT: in the fork');
  });

  it('gives a sub-agent’s hooks the root session id plus agent_id, which its MCP calls carry as _meta.threadId', () => {
    const { run, hooks, mcp } = sessions.d;
    const root = run.threadId!;
    const start = hooks.SubagentStart![0]!;
    const agentId = start.agent_id as string;
    expect(start).toMatchObject({ session_id: root, agent_type: 'default' });
    expect(agentId).not.toBe(root);

    const inSubagent = Object.values(hooks)
      .flat()
      .filter((input) => input.agent_id !== undefined);
    expect(inSubagent.map((input) => input.hook_event_name).sort()).toEqual(
      ['PostToolUse', 'PreToolUse', 'SubagentStart', 'SubagentStop', 'UserPromptSubmit'].sort(),
    );
    for (const input of Object.values(hooks).flat()) expect(input.session_id).toBe(root);
    expect(hooks.SubagentStop![0]).toMatchObject({
      agent_id: agentId,
      stop_hook_active: false,
      last_assistant_message: 'Sub-agent finished.',
    });
    // The sub-agent's own turn ends with SubagentStop, not Stop: one Stop, the root's.
    expect(hooks.Stop).toHaveLength(1);
    expect(hooks.Stop![0]).not.toHaveProperty('agent_id');
    expect(hooks.PreToolUse!.map((input) => input.tool_name)).toEqual(
      expect.arrayContaining(['spawn_agent', 'mcp__standin__echo']),
    );

    // The sub-agent has its own MCP connection; its calls say which thread they serve.
    expect(mcp).toHaveLength(1);
    expect(mcp[0]!.params._meta).toMatchObject({ sessionId: root, threadId: agentId });
  });

  it('matches the recorded fixtures field for field (RECORD_CODEX_FIXTURES=1 rewrites them)', () => {
    const pick = (
      key: keyof typeof sessions,
      event: string,
      which: (input: HookInput) => boolean,
    ) => {
      const found = sessions[key].hooks[event]?.find(which);
      if (found === undefined) throw new Error(`no ${event} input in run ${key}`);
      return found;
    };
    const always = () => true;
    const main = (input: HookInput) => input.agent_id === undefined;
    const sub = (input: HookInput) => input.agent_id !== undefined;
    const live: Record<string, HookInput> = {
      SessionStart: pick('a', 'SessionStart', always),
      'SessionStart.resume': pick('b', 'SessionStart', (input) => input.source === 'resume'),
      'SessionStart.compact': pick('b', 'SessionStart', (input) => input.source === 'compact'),
      'SessionStart.fork': pick('c', 'SessionStart', always),
      PermissionRequest: pick('c', 'PermissionRequest', always),
      UserPromptSubmit: pick('a', 'UserPromptSubmit', always),
      'UserPromptSubmit.subagent': pick('d', 'UserPromptSubmit', sub),
      PreToolUse: pick('a', 'PreToolUse', always),
      PostToolUse: pick('a', 'PostToolUse', always),
      'PreToolUse.spawn_agent': pick(
        'd',
        'PreToolUse',
        (input) => input.tool_name === 'spawn_agent',
      ),
      'PostToolUse.spawn_agent': pick(
        'd',
        'PostToolUse',
        (input) => input.tool_name === 'spawn_agent',
      ),
      'PreToolUse.subagent': pick('d', 'PreToolUse', sub),
      'PostToolUse.subagent': pick('d', 'PostToolUse', sub),
      PreCompact: pick('b', 'PreCompact', always),
      PostCompact: pick('b', 'PostCompact', always),
      Stop: pick('a', 'Stop', (input) => input.stop_hook_active === false),
      'Stop.stop_hook_active': pick('a', 'Stop', (input) => input.stop_hook_active === true),
      SubagentStart: pick('d', 'SubagentStart', always),
      SubagentStop: pick('d', 'SubagentStop', always),
      SessionEnd: pick('a', 'SessionEnd', main),
    };
    for (const [name, input] of Object.entries(live)) {
      const clean = scrubbed(ws, input);
      expect(JSON.stringify(clean)).not.toContain(ws.root);
      if (RECORDING) writeFixture(name, clean);
      else expect(shapeOf(clean), name).toEqual(shapeOf(readFixture(name)));
      expect(clean.hook_event_name, name).toBe(name.split('.')[0]);
    }
  });
});

describe('Codex with broken hooks', () => {
  let ws: CodexWorkspace | undefined;
  let model: ResponsesServer | undefined;
  afterAll(async () => {
    await model?.close();
    ws?.dispose();
  });

  it('goes on when a hook fails, answers garbage or outlives its timeout (Codex itself fails open)', async () => {
    model = await ResponsesServer.start([say('Still answered.')]);
    ws = createCodexWorkspace();
    ws.configure({
      modelUrl: model.url,
      hooks: {
        hooks: {
          UserPromptSubmit: [
            { hooks: [{ type: 'command', command: 'echo "{not json"; echo oops >&2; exit 1' }] },
          ],
          SessionStart: [{ hooks: [{ type: 'command', command: 'echo "{"continue": 1}"' }] }],
          Stop: [{ hooks: [{ type: 'command', command: 'sleep 5; echo late', timeout: 1 }] }],
        },
      },
    });
    const run = await runCodex(ws, { prompt: 'Hello.' });
    expect(run.code, describeRun(run)).toBe(0);
    expect(run.ms).toBeLessThan(5_000);
    expect(model.main).toHaveLength(1);
    expect(model.developerTexts(model.main[0]!).join('\n')).not.toMatch(/not json|continue/);
    expect(
      run.events.some(
        (event) => event.type === 'item.completed' && event.item?.text === 'Still answered.',
      ),
    ).toBe(true);
  });
});

describe('Codex hook trust', () => {
  let ws: CodexWorkspace | undefined;
  let model: ResponsesServer | undefined;
  afterAll(async () => {
    await model?.close();
    ws?.dispose();
  });

  it('runs a user hooks.json only when trusted: per run by --dangerously-bypass-hook-trust, or persisted as [hooks.state."<key>"] trusted_hash', async () => {
    model = await ResponsesServer.start([say('One.'), say('Two.')]);
    ws = createCodexWorkspace();
    ws.configure({ modelUrl: model.url, hooks: recordingHooks(ws, ['SessionStart', 'Stop']) });

    const untrusted = await runCodex(ws, { prompt: 'Hi.', bypassHookTrust: false });
    expect(untrusted.code, describeRun(untrusted)).toBe(0);
    expect(takeHookInputs(ws)).toEqual({});

    const listed = await listHooks(ws);
    expect(listed.map((hook) => [hook.key, hook.trustStatus, hook.timeoutSec])).toEqual([
      [`${ws.codexHome}/hooks.json:session_start:0:0`, 'untrusted', 10],
      [`${ws.codexHome}/hooks.json:stop:0:0`, 'untrusted', 10],
    ]);
    expect(listed[0]!.currentHash).toMatch(/^sha256:[0-9a-f]{64}$/);

    await trustAllHooks(ws);
    const trusted = await runCodex(ws, { prompt: 'Hi again.', bypassHookTrust: false });
    expect(trusted.code, describeRun(trusted)).toBe(0);
    expect(Object.keys(takeHookInputs(ws)).sort()).toEqual(['SessionStart', 'Stop']);
  });

  it('loads a project’s .codex/config.toml and .codex/hooks.json only for a trusted project', async () => {
    await model?.close();
    ws?.dispose();
    model = await ResponsesServer.start([
      mcpCall('project_mcp', 'echo', { text: 'p' }),
      say('Done.'),
    ]);
    ws = createCodexWorkspace();
    const log = join(ws.root, 'project-mcp.jsonl');
    const server = standInMcpServer(log);
    ws.configure({
      modelUrl: model.url,
      trustProject: true,
      projectHooks: recordingHooks(ws, ['UserPromptSubmit']),
      projectConfig: [
        '[mcp_servers.project_mcp]',
        `command = ${JSON.stringify(server.command)}`,
        `args = [${server.args.map((arg) => JSON.stringify(arg)).join(', ')}]`,
        'default_tools_approval_mode = "approve"',
        'required = true',
        '',
      ].join('\n'),
    });
    const run = await runCodex(ws, { prompt: 'Use the project tool.' });
    expect(run.code, describeRun(run)).toBe(0);
    expect(takeHookInputs(ws).UserPromptSubmit).toHaveLength(1);
    expect(mcpCalls(log)).toHaveLength(1);
  });
});
