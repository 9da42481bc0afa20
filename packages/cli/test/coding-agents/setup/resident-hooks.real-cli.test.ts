/**
 * The real Codex and Gemini CLIs after `plankeeper setup`: every hook event is answered by the
 * `plankeeper mcp` server the agent started (the forwarder's route, hook-route/), no hook
 * process started for it, and the finish check still sends the model back once. With the route
 * down (the server cannot write it) the forwarder starts the hook process, which answers the
 * same. The test bin notes each event, and those the server answered again in `<log>.routed`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mcpCall, ResponsesServer, say } from '../codex/support/responses-server.js';
import {
  type CodexWorkspace,
  createCodexWorkspace,
  describeRun,
  runCodex,
} from '../codex/support/run-codex.js';
import { GeminiModelServer, texts } from '../gemini/support/gemini-model-server.js';
import {
  createGeminiSandbox,
  describeRun as describeGeminiRun,
  type GeminiSandbox,
  runGemini,
} from '../gemini/support/gemini-runner.js';
import { hookCalls } from './support/bin.js';
import {
  finishCheckReason,
  HONEST_ANSWER,
  occurrences,
  SMOKE_PLAN,
} from './support/expected-answers.js';
import { setUpForRealCli } from './support/project.js';

let codexModel: ResponsesServer | undefined;
let ws: CodexWorkspace | undefined;
let geminiModel: GeminiModelServer | undefined;
let sandbox: GeminiSandbox | undefined;
afterEach(async () => {
  await codexModel?.close();
  ws?.dispose();
  await geminiModel?.close();
  sandbox?.remove();
  codexModel = geminiModel = ws = sandbox = undefined;
});

/** A Codex session of a plan, three tool calls and two answers (the first sent back). */
async function codexSession(routeDown: boolean) {
  codexModel = await ResponsesServer.start([
    mcpCall('plankeeper', 'todo_write', SMOKE_PLAN),
    mcpCall('plankeeper', 'todo_read', {}),
    mcpCall('plankeeper', 'todo_read', {}),
    say('The plan is written.'),
    say(HONEST_ANSWER),
  ]);
  ws = createCodexWorkspace();
  ws.configure({ modelUrl: codexModel.url });
  setUpForRealCli('codex', ws);
  // A folder where the route file goes: the server cannot write it, so no route.
  if (routeDown)
    mkdirSync(join(ws.project, '.plankeeper', 'codex-hooks.route'), { recursive: true });
  const log = join(ws.root, 'hooks.log');
  ws.env.PLANKEEPER_TEST_HOOK_LOG = log;
  const run = await runCodex(ws, { prompt: 'Write and test the parser.', bypassHookTrust: false });
  const why = `${describeRun(run)}\nhooks: ${hookCalls(log).join(', ')}`;
  expect(run.code, why).toBe(0);
  expect(codexModel.unscripted, why).toBe(0);
  const last = codexModel.main.at(-1)!;
  expect(occurrences(codexModel.userTexts(last).join('\n'), finishCheckReason()), why).toBe(1);
  return { log, why };
}

const CODEX_EVENTS = [
  'UserPromptSubmit',
  'PostToolUse',
  'PostToolUse',
  'PostToolUse',
  'Stop',
  'Stop',
];

describe('Codex hooks through the MCP server it started (real CLI)', () => {
  it('answers every event in the server, no hook process, and sends the model back once', async () => {
    const { log, why } = await codexSession(false);
    const events = CODEX_EVENTS.map((event) => `hook codex ${event}`);
    expect(hookCalls(log), why).toEqual(events);
    expect(hookCalls(`${log}.routed`), why).toEqual(events);
  }, 90_000);

  it('with the route down, the hook process answers each event the same', async () => {
    const { log, why } = await codexSession(true);
    expect(hookCalls(log), why).toEqual(CODEX_EVENTS.map((event) => `hook codex ${event}`));
    expect(hookCalls(`${log}.routed`), why).toEqual([]);
  }, 90_000);
});

async function geminiSession(routeDown: boolean) {
  geminiModel = await GeminiModelServer.start([
    { call: 'mcp_plankeeper_todo_write', args: SMOKE_PLAN },
    { text: 'The plan is written.' },
    { text: HONEST_ANSWER },
  ]);
  sandbox = createGeminiSandbox();
  setUpForRealCli('gemini', sandbox);
  if (routeDown) {
    mkdirSync(join(sandbox.project, '.plankeeper', 'gemini-hooks.route'), { recursive: true });
  }
  const log = join(sandbox.root, 'hooks.log');
  const run = await runGemini(sandbox, {
    server: geminiModel,
    prompt: 'Write and test the parser.',
    timeoutMs: 60_000,
    env: { PLANKEEPER_TEST_HOOK_LOG: log },
  });
  const why = `${describeGeminiRun(run)}\nhooks: ${hookCalls(log).join(', ')}`;
  expect(run.code, why).toBe(0);
  expect(geminiModel.exhausted, why).toBe(0);
  const third = geminiModel.mainRequests[2];
  expect(occurrences(texts(third).join('\n'), finishCheckReason()), why).toBe(1);
  return { log, why };
}

const GEMINI_EVENTS = ['BeforeAgent', 'AfterTool', 'AfterAgent', 'BeforeAgent', 'AfterAgent'];

describe('Gemini CLI hooks through the MCP server it started (real CLI)', () => {
  it('answers every event in the server, no hook process, and sends the model back once', async () => {
    const { log, why } = await geminiSession(false);
    const events = GEMINI_EVENTS.map((event) => `hook gemini ${event}`);
    expect(hookCalls(log), why).toEqual(events);
    expect(hookCalls(`${log}.routed`), why).toEqual(events);
  }, 90_000);

  it('with the route down, the hook process answers each event the same', async () => {
    const { log, why } = await geminiSession(true);
    expect(hookCalls(log), why).toEqual(GEMINI_EVENTS.map((event) => `hook gemini ${event}`));
    expect(hookCalls(`${log}.routed`), why).toEqual([]);
  }, 90_000);
});
