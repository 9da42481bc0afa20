/**
 * Two real Codex sessions in one project at once, after `plankeeper setup codex`: each starts
 * its own `plankeeper mcp`, and the later server's route wins. Session B starts first and runs
 * longest; session A starts inside B's first turn, so A's server takes the route, and ends
 * while B still works. B's later hooks must still be answered by a server (B's writes its
 * route again), no hook process started, and each session's plan is stored under its own id.
 * Each session has its own scripted model; B's second answer waits for A to end.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from 'plankeeper/test';
import { afterEach, describe, expect, it } from 'vitest';
import { mcpCall, ResponsesServer, say } from '../codex/support/responses-server.js';
import {
  type CodexRun,
  type CodexWorkspace,
  createCodexWorkspace,
  describeRun,
  runCodex,
} from '../codex/support/run-codex.js';
import { storedItems } from '../support/stored-plan.js';
import { hookCalls } from './support/bin.js';
import { setUpForRealCli } from './support/project.js';

const servers: ResponsesServer[] = [];
let ws: CodexWorkspace | undefined;
afterEach(async () => {
  await Promise.all(servers.splice(0).map((model) => model.close()));
  ws?.dispose();
  ws = undefined;
});

/** A plan with nothing open. */
const plan = (content: string) => ({ todos: [{ content, status: 'completed' }] });

function routePid(project: string): number | undefined {
  const file = join(project, '.plankeeper', 'codex-hooks.route');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split(' ')[0]) : undefined;
}

function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `codex exec` in the workspace with its own model and hook log (set at its start). */
function session(space: CodexWorkspace, model: ResponsesServer, log: string): Promise<CodexRun> {
  space.env.PLANKEEPER_TEST_HOOK_LOG = log;
  return runCodex(space, {
    prompt: 'Write the parser.',
    bypassHookTrust: false,
    timeoutMs: 60_000,
    args: [
      '-c',
      `model_providers.scripted.base_url="${model.url}"`,
      // B's second answer is held while A runs.
      '-c',
      'model_providers.scripted.stream_idle_timeout_ms=30000',
    ],
  });
}

interface TwoSessions {
  a: CodexRun;
  b: CodexRun;
  models: { a: ResponsesServer; b: ResponsesServer };
  logs: { a: string; b: string };
  /** The pid each session's server wrote in the route. */
  pids: { a?: number; b?: number };
  /** Events the servers answered, both sessions' (the test bin notes them beside HOME). */
  routed(): string[];
  /** How many of them were answered before A ended. */
  routedBeforeEnd: number;
}

/** Runs B, starts A inside B's first turn, and holds B's second answer until A has ended. */
async function twoSessions(space: CodexWorkspace): Promise<TwoSessions> {
  const logs = { a: join(space.root, 'a.log'), b: join(space.root, 'b.log') };
  const routed = () => hookCalls(join(space.root, 'hooks.log.routed'));
  const pids: TwoSessions['pids'] = {};
  let runA: Promise<CodexRun> | undefined;
  let routedBeforeEnd = 0;
  const a = await ResponsesServer.start([
    async () => {
      await waitFor(() => routePid(space.project) !== pids.b, "A's server to take the route");
      pids.a = routePid(space.project);
      return mcpCall('plankeeper', 'todo_write', plan('Write the A parser'));
    },
    say('A is done.'),
    say('A is done: the parser is written.'),
  ]);
  const b = await ResponsesServer.start([
    async () => {
      await waitFor(() => routePid(space.project) !== undefined, "B's route");
      pids.b = routePid(space.project);
      runA = session(space, a, logs.a);
      return mcpCall('plankeeper', 'todo_write', plan('Write the B parser'));
    },
    async () => {
      await runA;
      routedBeforeEnd = routed().length;
      // A's server took its route along; B's writes its own again (no failure here: the
      // hooks after this then take a process, which the assertions show).
      await waitFor(() => alive(routePid(space.project)), 'a live route', 5000).catch(() => {});
      return mcpCall('plankeeper', 'todo_read', {});
    },
    mcpCall('plankeeper', 'todo_read', {}),
    say('B is done.'),
    say('B is done: the parser is written.'),
  ]);
  servers.push(a, b);
  space.configure({ modelUrl: b.url });
  setUpForRealCli('codex', space);
  const runB = await session(space, b, logs.b);
  return {
    a: await runA!,
    b: runB,
    models: { a, b },
    logs,
    pids,
    routed,
    routedBeforeEnd,
  };
}

describe('two Codex sessions in one project (real CLI)', () => {
  it("keeps answering the remaining session's hooks in a server after the other ends", async () => {
    ws = createCodexWorkspace();
    const { a, b, models, logs, pids, routed, routedBeforeEnd } = await twoSessions(ws);
    const why = `A: ${describeRun(a)}\nB: ${describeRun(b)}\nrouted: ${routed().join(', ')}`;
    expect(a.code, why).toBe(0);
    expect(b.code, why).toBe(0);
    expect(models.a.unscripted + models.b.unscripted, why).toBe(0);
    expect(pids.a, why).not.toBe(pids.b);

    // No hook process in either session: every event went to a server.
    expect(hookCalls(logs.a), why).toEqual([]);
    expect(hookCalls(logs.b), why).toEqual([]);
    // After A ended: B's two plan reads and its two stops (the first sent back).
    expect(routed().slice(routedBeforeEnd), why).toEqual([
      'hook codex PostToolUse',
      'hook codex PostToolUse',
      'hook codex Stop',
      'hook codex Stop',
    ]);
    expect(routePid(ws.project), why).toBeUndefined();

    const store = `sqlite:${join(ws.project, '.plankeeper', 'plans.db')}`;
    const items = (run: CodexRun) => storedItems(store, { agent: 'codex', session: run.threadId! });
    expect(a.threadId, why).not.toBe(b.threadId);
    expect(await items(a), why).toEqual(['Write the A parser']);
    expect(await items(b), why).toEqual(['Write the B parser']);
  }, 120_000);
});
