/**
 * The real Gemini CLI, headless, with a recording hook on every hook event, through a scripted
 * session that reaches every event a headless run can: a prompt, plankeeper MCP tool calls,
 * a built-in tool, a sub-agent (with its own MCP call), a stop blocked once by AfterAgent,
 * an automatic history compression, then a second run resuming the session and sending
 * `/clear`. It checks what the hooks got against the protocol facts plankeeper's Gemini hooks
 * rely on, and against the recorded fixtures in ./fixtures.
 *
 * Re-record the fixtures with `GEMINI_UPDATE_FIXTURES=1 npx vitest run
 * packages/cli/test/coding-agents/gemini/hooks-capture.test.ts`.
 *
 * `Notification` (ToolPermission) is not reachable headless: a tool that would ask is denied
 * by the policy engine instead, so no prompt, and no notification, happens.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStandInLog } from '../../support/stand-in-mcp-server.js';
import {
  functionResponses,
  GeminiModelServer,
  type GeminiRecordedRequest,
  SCRIPTED_SNAPSHOT,
  texts,
} from './support/gemini-model-server.js';
import {
  createGeminiSandbox,
  describeRun,
  type GeminiRun,
  type GeminiSandbox,
  plankeeperMcpServer,
  REPO_ROOT,
  runGemini,
  standInMcpServer,
} from './support/gemini-runner.js';
import {
  dumpHooks,
  type GeminiHookEvent,
  type HookDump,
  readHookDumps,
  scrubFixture,
  shapeOf,
} from './support/hook-capture.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);
const UPDATE = process.env.GEMINI_UPDATE_FIXTURES === '1';
const BLOCK_REASON = 'Plan item #2 is still open: finish it or say why not.';

const sandboxes: GeminiSandbox[] = [];
let server: GeminiModelServer;
let resumeServer: GeminiModelServer;
let sandbox: GeminiSandbox;
let first: GeminiRun;
let second: GeminiRun;
let dumpsFirst: Partial<Record<GeminiHookEvent, HookDump[]>>;
let dumpsSecond: Partial<Record<GeminiHookEvent, HookDump[]>>;
let standInLog: string;

beforeAll(async () => {
  sandbox = createGeminiSandbox();
  sandboxes.push(sandbox);
  standInLog = join(sandbox.root, 'stand-in.jsonl');
  const settings = (dumpDir: string) => ({
    mcpServers: {
      plankeeper: plankeeperMcpServer(`sqlite:${join(sandbox.root, 'plans.db')}`),
      standin: standInMcpServer(standInLog),
    },
    hooks: dumpHooks(dumpDir, { blockStopOnce: BLOCK_REASON }),
  });
  sandbox.writeProjectFile('README.md', '# Demo project\n\nA parser, to be written and tested.\n');

  const dumpFirst = join(sandbox.root, 'hooks-1');
  sandbox.writeProjectSettings(settings(dumpFirst));
  server = await GeminiModelServer.start([
    {
      call: 'mcp_plankeeper_todo_write',
      args: {
        todos: [
          { content: 'Read the README', status: 'in_progress' },
          { content: 'Summarize it', status: 'pending' },
        ],
      },
    },
    { call: 'read_file', args: { file_path: 'README.md' } },
    { call: 'invoke_agent', args: { agent_name: 'generalist', prompt: 'Mark plan item #1 done.' } },
    // The sub-agent's two turns:
    { call: 'mcp_plankeeper_todos_complete', args: { items: [{ id: 1, reason: 'Read it.' }] } },
    { call: 'complete_task', args: { result: { response: 'Marked #1 done.' } } },
    // The main agent tries to stop; the AfterAgent hook blocks once with BLOCK_REASON.
    { text: 'The README is read.' },
    // A huge prompt size on this reply makes the next turn compress the history.
    { call: 'mcp_plankeeper_todo_read', args: {}, usage: { promptTokenCount: 2_000_000 } },
    // After that tool call this stop comes with stop_hook_active: false again: blocked again.
    { text: 'Item #2 is still open: I could not summarize it yet.' },
    // A retry without tool calls: stop_hook_active: true, let through.
    { text: 'Stopping with #2 open.' },
  ]);
  first = await runGemini(sandbox, { server, prompt: 'Read the README and summarize it.' });
  dumpsFirst = readHookDumps(dumpFirst);

  // Second run: resume the session, then /clear (a new session in the same process).
  const dumpSecond = join(sandbox.root, 'hooks-2');
  sandbox.writeProjectSettings(settings(dumpSecond));
  resumeServer = await GeminiModelServer.start([{ text: 'Cleared.' }, { text: 'Still cleared.' }]);
  second = await runGemini(sandbox, {
    server: resumeServer,
    prompt: '/clear',
    args: ['--resume', 'latest'],
  });
  dumpsSecond = readHookDumps(dumpSecond);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await resumeServer?.close();
  if (process.env.GEMINI_KEEP_SANDBOX === '1') {
    // For debugging: keep the sandbox, with what the model server got.
    writeFileSync(join(sandbox.root, 'requests-1.json'), JSON.stringify(server.requests, null, 2));
    writeFileSync(
      join(sandbox.root, 'requests-2.json'),
      JSON.stringify(resumeServer.requests, null, 2),
    );
    console.log(`sandbox kept: ${sandbox.root}`);
    return;
  }
  for (const each of sandboxes) each.remove();
});

const inputs = (dumps: Partial<Record<GeminiHookEvent, HookDump[]>>, event: GeminiHookEvent) =>
  (dumps[event] ?? []).map((dump) => dump.input);
const toolCall = (event: 'BeforeTool' | 'AfterTool', tool: string) =>
  inputs(dumpsFirst, event).find((input) => input.tool_name === tool);

describe('Gemini CLI hooks, recorded from the real CLI', () => {
  it('runs both sessions to the end, with no request leaving 127.0.0.1', () => {
    expect(first.code, describeRun(first)).toBe(0);
    expect(second.code, describeRun(second)).toBe(0);
    expect(server.pending, 'unused script steps').toBe(0);
    expect(server.exhausted, 'turns after the script ran out').toBe(0);
    expect(resumeServer.pending).toBe(0);
    expect([...server.externalRequests, ...resumeServer.externalRequests]).toEqual([]);
    expect(first.json?.response).toContain('Item #2 is still open');
  });

  it('fires every event but Notification, each with the common fields', () => {
    const fired = Object.keys(dumpsFirst).sort();
    expect(fired).toEqual(
      [
        'AfterAgent',
        'AfterModel',
        'AfterTool',
        'BeforeAgent',
        'BeforeModel',
        'BeforeTool',
        'BeforeToolSelection',
        'PreCompress',
        'SessionEnd',
        'SessionStart',
      ].sort(),
    );
    for (const [event, dumps] of Object.entries(dumpsFirst)) {
      for (const { input } of dumps) {
        expect(input).toMatchObject({
          session_id: first.json?.session_id,
          hook_event_name: event,
          cwd: sandbox.project,
          transcript_path: expect.stringMatching(/\/\.gemini\/tmp\/.+\/chats\/session-.+\.jsonl$/),
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        });
      }
    }
  });

  it('gives hooks the session id on stdin and in GEMINI_SESSION_ID; MCP servers get no session id', () => {
    const sessionId = first.json?.session_id;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const start = dumpsFirst.SessionStart?.[0];
    expect(start?.input.session_id).toBe(sessionId);
    expect(start?.env).toEqual({
      GEMINI_SESSION_ID: sessionId,
      GEMINI_PROJECT_DIR: sandbox.project,
      GEMINI_CWD: sandbox.project,
      GEMINI_PLANS_DIR: expect.stringContaining(`/${sessionId}/plans`),
      CLAUDE_PROJECT_DIR: sandbox.project,
    });
    expect(start?.cwd).toBe(sandbox.project);

    // The MCP server's environment: GEMINI_CLI=1, no session id in any variable.
    const standIn = readStandInLog(standInLog)[0];
    expect(standIn?.env?.GEMINI_CLI).toBe('1');
    expect(Object.values(standIn?.env ?? {})).not.toContain(sessionId);
    expect(Object.keys(standIn?.env ?? {}).filter((name) => /SESSION/i.test(name))).toEqual([]);
    expect(standIn?.env?.GEMINI_API_KEY, 'the CLI redacts keys from MCP servers').toBeUndefined();
    // ...but the MCP server and the hooks are children of the same CLI process.
    expect(standIn?.ppid).toBe(start?.ppid);
  });

  it('SessionStart says startup, resume or clear; resume keeps the id, /clear makes a new one', () => {
    const sessionId = first.json?.session_id;
    expect(inputs(dumpsFirst, 'SessionStart').map((input) => input.source)).toEqual(['startup']);
    expect(inputs(dumpsFirst, 'SessionEnd').map((input) => input.reason)).toEqual(['exit']);
    const starts = inputs(dumpsSecond, 'SessionStart');
    expect(starts.map((input) => [input.source, input.session_id])).toEqual([
      ['resume', sessionId],
      ['clear', second.json?.session_id],
    ]);
    expect(second.json?.session_id).not.toBe(sessionId);
    expect(
      inputs(dumpsSecond, 'SessionEnd').map((input) => [input.reason, input.session_id]),
    ).toEqual([
      ['clear', sessionId],
      ['exit', second.json?.session_id],
    ]);
  });

  it('AfterAgent: a block sends its reason as a user message; stop_hook_active is true only for a retry without tool calls', () => {
    const stops = inputs(dumpsFirst, 'AfterAgent');
    const prompt = 'Read the README and summarize it.';
    // 1st stop: blocked. The retry calls a tool, and the stop after that tool call comes with
    // stop_hook_active: false again (the CLI sets it only on the retry's own first model turn),
    // so a hook that trusts the flag alone blocks again: plankeeper must count blocks itself.
    expect(stops.map((input) => input.stop_hook_active)).toEqual([false, false, true]);
    // `prompt` stays the user's prompt through the retries; `prompt_response` accumulates.
    expect(stops.map((input) => input.prompt)).toEqual([prompt, prompt, prompt]);
    // Each turn's text is appended on a new line. (0.61 garbles a text streamed in several
    // chunks: "The README" + " is read." gives "The README is read.  is read.", so match loosely.)
    expect(stops.map((input) => input.prompt_response)).toEqual([
      expect.stringMatching(/^The README is read\./),
      expect.stringMatching(
        /^The README is read\..*\nItem #2 is still open: I could not summarize/,
      ),
      expect.stringMatching(
        /^The README is read\..*\nItem #2 is still open.*\nStopping with #2 open\./,
      ),
    ]);
    // BeforeAgent fires again for each retry, with the block reason as its prompt.
    expect(inputs(dumpsFirst, 'BeforeAgent').map((input) => input.prompt)).toEqual([
      prompt,
      BLOCK_REASON,
      BLOCK_REASON,
    ]);
    const retries = server.mainRequests.filter(
      (request) => request.body?.contents?.at(-1)?.parts?.[0]?.text === BLOCK_REASON,
    );
    expect(retries, 'the model got the reason as the last user message').toHaveLength(2);
    // -o json reports each block as a warning; the response is all turns' text.
    expect(first.json?.warnings).toEqual([
      `Agent execution blocked: ${BLOCK_REASON}`,
      `Agent execution blocked: ${BLOCK_REASON}`,
    ]);
  });

  it('sub-agent tool calls fire BeforeTool/AfterTool with the main session id and no sub-agent marker', () => {
    const names = inputs(dumpsFirst, 'BeforeTool').map((input) => input.tool_name);
    expect(names).toEqual([
      'mcp_plankeeper_todo_write',
      'read_file',
      'invoke_agent',
      'mcp_plankeeper_todos_complete', // inside the sub-agent
      'complete_task', // the sub-agent's finish
      'mcp_plankeeper_todo_read',
    ]);
    const inSubagent = toolCall('BeforeTool', 'mcp_plankeeper_todos_complete');
    const inMain = toolCall('BeforeTool', 'mcp_plankeeper_todo_write');
    expect(Object.keys(inSubagent ?? {}).sort()).toEqual(Object.keys(inMain ?? {}).sort());
    expect(inSubagent?.session_id).toBe(first.json?.session_id);
    // No BeforeAgent/AfterAgent of its own.
    const prompts = [...inputs(dumpsFirst, 'BeforeAgent'), ...inputs(dumpsFirst, 'AfterAgent')].map(
      (input) => input.prompt,
    );
    expect(prompts).not.toContain('Mark plan item #1 done.');
  });

  it('PreCompress (trigger auto) fires before every turn with history, not only when it compresses', () => {
    const compressions = inputs(dumpsFirst, 'PreCompress');
    expect(compressions.every((input) => input.trigger === 'auto')).toBe(true);
    // It fired for turns that did not compress; one real compression happened.
    const summaries = server.requests.filter(
      (request) => request.role === 'side' && isSummary(request),
    );
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    expect(compressions.length).toBeGreaterThan(summaries.length);
    // After compression the model sees the snapshot instead of the early turns.
    const compressed = afterCompression();
    expect(texts(compressed).join('\n')).toContain(SCRIPTED_SNAPSHOT);
    expect(functionResponses(compressed).map((response) => response.name)).toEqual([
      'mcp_plankeeper_todo_read',
    ]);
  });

  it('matches the recorded fixtures (same fields and shapes)', () => {
    const sessionIds = [first.json?.session_id ?? '', second.json?.session_id ?? ''];
    const fixtures: Record<string, unknown> = {
      'SessionStart.json': inputs(dumpsFirst, 'SessionStart')[0],
      'SessionStart.resume.json': inputs(dumpsSecond, 'SessionStart')[0],
      'SessionStart.clear.json': inputs(dumpsSecond, 'SessionStart')[1],
      'SessionEnd.json': inputs(dumpsFirst, 'SessionEnd')[0],
      'SessionEnd.clear.json': inputs(dumpsSecond, 'SessionEnd')[0],
      'BeforeAgent.json': inputs(dumpsFirst, 'BeforeAgent')[0],
      'BeforeAgent.after-block.json': inputs(dumpsFirst, 'BeforeAgent')[1],
      'AfterAgent.json': inputs(dumpsFirst, 'AfterAgent')[0],
      'AfterAgent.retry-after-tool.json': inputs(dumpsFirst, 'AfterAgent')[1],
      'AfterAgent.stop_hook_active.json': inputs(dumpsFirst, 'AfterAgent')[2],
      'BeforeTool.json': toolCall('BeforeTool', 'mcp_plankeeper_todo_write'),
      'AfterTool.json': toolCall('AfterTool', 'mcp_plankeeper_todo_write'),
      'BeforeTool.builtin.json': toolCall('BeforeTool', 'read_file'),
      'AfterTool.builtin.json': toolCall('AfterTool', 'read_file'),
      'BeforeTool.invoke_agent.json': toolCall('BeforeTool', 'invoke_agent'),
      'AfterTool.invoke_agent.json': toolCall('AfterTool', 'invoke_agent'),
      'BeforeTool.subagent.json': toolCall('BeforeTool', 'mcp_plankeeper_todos_complete'),
      'AfterTool.subagent.json': toolCall('AfterTool', 'mcp_plankeeper_todos_complete'),
      'BeforeModel.json': inputs(dumpsFirst, 'BeforeModel')[0],
      'AfterModel.json': inputs(dumpsFirst, 'AfterModel')[0],
      'BeforeToolSelection.json': inputs(dumpsFirst, 'BeforeToolSelection')[0],
      'PreCompress.json': inputs(dumpsFirst, 'PreCompress')[0],
      'hook-env.json': dumpsFirst.SessionStart?.[0]?.env,
      'model-request.after-compression.json': { contents: afterCompression()?.body?.contents },
    };
    for (const [name, captured] of Object.entries(fixtures)) {
      expect(captured, `${name} was not recorded`).toBeDefined();
      const scrubbed = scrubFixture(captured, sandbox, sessionIds);
      const file = new URL(name, FIXTURES);
      if (UPDATE) {
        writeFileSync(file, `${JSON.stringify(scrubbed, null, 2)}\n`);
        continue;
      }
      expect(existsSync(file), `${name} missing: re-record with GEMINI_UPDATE_FIXTURES=1`).toBe(
        true,
      );
      const committed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      expect(shapeOf(scrubbed), name).toEqual(shapeOf(committed));
    }
    if (UPDATE) {
      // Written as the repository's formatter would (so re-recording is the only diff).
      execFileSync(
        join(REPO_ROOT, 'node_modules', '.bin', 'biome'),
        ['format', '--write', fileURLToPath(FIXTURES)],
        {
          stdio: 'ignore',
        },
      );
    }
  });
});

/** The main turn right after the (last) compression summary. */
function afterCompression(): GeminiRecordedRequest | undefined {
  const summary = server.requests.findLastIndex(
    (request) => request.role === 'side' && isSummary(request),
  );
  return server.requests.slice(summary + 1).find((request) => request.role === 'main');
}

function isSummary(request: GeminiRecordedRequest): boolean {
  return texts(request).some((text) => text.includes('<state_snapshot>'));
}
