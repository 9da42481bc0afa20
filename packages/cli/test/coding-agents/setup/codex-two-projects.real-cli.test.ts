/**
 * Two projects set up for the real Codex CLI, which reads plankeeper's server and hooks from
 * the one CODEX_HOME: each project's plan lands in its own store (found at run time from the
 * directory Codex runs in, nothing in the home names a store), and `--remove` in one project
 * leaves the other working.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mcpCall, ResponsesServer, say } from '../codex/support/responses-server.js';
import {
  type CodexWorkspace,
  createCodexWorkspace,
  describeRun,
  runCodex,
} from '../codex/support/run-codex.js';
import { storedItems } from '../support/stored-plan.js';
import { setUpForRealCli } from './support/project.js';

let ws: CodexWorkspace | undefined;
let model: ResponsesServer | undefined;
afterEach(async () => {
  await model?.close();
  ws?.dispose();
});

const TODOS = [
  'Plan of the first project',
  'Plan of the second project',
  'Second plan after the first project left',
];

/** One `codex exec` in `project`, whose model writes `todo` as the plan. */
async function planIn(workspace: CodexWorkspace, project: string, todo: string) {
  const run = await runCodex({ ...workspace, project }, { prompt: todo, timeoutMs: 60_000 });
  const why = describeRun(run);
  expect(run.code, why).toBe(0);
  return { run, why };
}

const storeOf = (project: string) => `sqlite:${join(project, '.plankeeper', 'plans.db')}`;

describe('two projects set up for Codex (real CLI)', () => {
  it('keep their own stores, and --remove in one leaves the other working', async () => {
    ws = createCodexWorkspace();
    const first = ws.project;
    const second = join(ws.root, 'second-project');
    mkdirSync(second);
    const home = ws.home;
    const setUp = (project: string, remove = false) =>
      setUpForRealCli('codex', { project, home }, { remove });
    // The three runs' model turns, in order: each writes its plan, answers, and answers
    // again after plankeeper's goal check (once per turn) asks it to check the request.
    model = await ResponsesServer.start(
      TODOS.flatMap((todo) => [
        mcpCall('plankeeper', 'todo_write', { todos: [{ content: todo, status: 'completed' }] }),
        say('Done.'),
        say('Checked against the request: done.'),
      ]),
    );
    ws.configure({ modelUrl: model.url });
    const path = join(ws.codexHome, 'config.toml');
    setUp(first);
    setUp(second);
    const config = readFileSync(path, 'utf8');
    expect(config).toContain(JSON.stringify(first));
    expect(config).toContain(JSON.stringify(second));
    expect(config).not.toContain('--store');

    const a = await planIn(ws, first, TODOS[0]!);
    const b = await planIn(ws, second, TODOS[1]!);
    const keyOf = (threadId: string | undefined) => ({ agent: 'codex', session: threadId! });
    expect(await storedItems(storeOf(first), keyOf(a.run.threadId)), a.why).toEqual([TODOS[0]]);
    expect(await storedItems(storeOf(second), keyOf(b.run.threadId)), b.why).toEqual([TODOS[1]]);
    expect(await storedItems(storeOf(first), keyOf(b.run.threadId))).toEqual([]);

    setUp(first, true);
    const after = readFileSync(path, 'utf8');
    expect(after).toContain('[mcp_servers.plankeeper]');
    expect(after).not.toContain(JSON.stringify(first));
    expect(readFileSync(join(ws.codexHome, 'hooks.json'), 'utf8')).toContain('hook codex Stop');
    const again = await planIn(ws, second, TODOS[2]!);
    expect(await storedItems(storeOf(second), keyOf(again.run.threadId)), again.why).toEqual([
      TODOS[2],
    ]);
    expect(model.unscripted).toBe(0);

    setUp(second, true);
    expect(readFileSync(path, 'utf8')).not.toContain('plankeeper');
    // hooks.json was created by the first project's setup: the last one out leaves it empty.
    const hooks = join(ws.codexHome, 'hooks.json');
    expect(existsSync(hooks) ? readFileSync(hooks, 'utf8') : '').not.toContain('plankeeper');
  }, 180_000);
});
