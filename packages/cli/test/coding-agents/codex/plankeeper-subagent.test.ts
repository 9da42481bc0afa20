/**
 * A Codex sub-agent (`spawn_agent`) with plankeeper, in the real CLI (pinned 0.171.0): the
 * sub-agent's MCP calls carry `_meta.threadId` = its thread, its hooks `agent_id` = the same
 * id, so `plankeeper mcp --for codex` and `plankeeper hook codex` must both key it as scope
 * [agent id] under the root session. Only then does SubagentStop see the plan the sub-agent
 * wrote and refuse its stop with the finish check; the parent's plan stays its own.
 */
import { join } from 'node:path';
import { getLocale, quoteText } from 'plankeeper/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedItems, storedPlan } from '../support/stored-plan.js';
import { configurePlankeeper } from './support/plankeeper-config.js';
import {
  mcpCall,
  type ResponsesRequest,
  ResponsesServer,
  say,
  spawnAgent,
  spawnedAgentId,
  waitForSpawnedAgent,
} from './support/responses-server.js';
import {
  type CodexRun,
  type CodexWorkspace,
  createCodexWorkspace,
  describeRun,
  runCodex,
} from './support/run-codex.js';

const en = getLocale('en').harness;
const PARENT = 'Delegate the config check';
const SUB = ['Read the config', 'Report the result'];
const hookPrompts = (model: ResponsesServer, request: ResponsesRequest | undefined) =>
  request === undefined
    ? []
    : model.userTexts(request).filter((text) => text.startsWith('<hook_prompt'));

describe('Codex sub-agent with plankeeper: its own plan, its own finish check', () => {
  let model: ResponsesServer;
  let ws: CodexWorkspace;
  let store: string;
  let run: CodexRun;

  beforeAll(async () => {
    model = await ResponsesServer.start(
      [
        mcpCall('plankeeper', 'todo_write', {
          todos: [{ content: PARENT, status: 'in_progress' }],
        }),
        spawnAgent('Read the config and report what it says.'),
        waitForSpawnedAgent,
        mcpCall('plankeeper', 'todo_write', { todos: [{ content: PARENT, status: 'completed' }] }),
        say('The config check is done.'),
        // The parent's plan is complete, so its first stop gets the goal check; this answers it.
        say('The config check is done.'),
      ],
      [
        mcpCall('plankeeper', 'todo_write', {
          todos: [
            { content: SUB[0], status: 'in_progress' },
            { content: SUB[1], status: 'pending' },
          ],
        }),
        say('Sub-agent finished.'),
        say('I could not report the result: there is no config file.'),
      ],
    );
    ws = createCodexWorkspace();
    store = `sqlite:${join(ws.root, 'plans.db')}`;
    configurePlankeeper(ws, model, store);
    run = await runCodex(ws, { prompt: 'Have a sub-agent check the config.', timeoutMs: 45_000 });
  }, 60_000);

  afterAll(async () => {
    await model?.close();
    ws?.dispose();
  });

  const agentId = () => spawnedAgentId(model.main[2]!);

  it('runs the parent and the sub-agent to the end', () => {
    expect(run.code, describeRun(run)).toBe(0);
    expect(model.unscripted).toBe(0);
    expect(model.subagent.length).toBeGreaterThanOrEqual(3);
    expect(agentId()).not.toBe(run.threadId);
  });

  it('answers the sub-agent’s todo_write with plankeeper’s text, and stores it in the sub-agent’s scope', async () => {
    const [first, second] = model.subagent;
    expect(model.toolOutput(second!, first!.callIds[0]!)).toContain(`[>] #1 ${SUB[0]}`);
    expect(
      await storedItems(store, { agent: 'codex', session: run.threadId!, scope: [agentId()] }),
    ).toEqual(SUB);
  });

  it('leaves the parent’s plan its own: the sub-agent’s write neither replaces nor shows up in it', async () => {
    expect(await storedItems(store, { agent: 'codex', session: run.threadId! })).toEqual([PARENT]);
    for (const request of model.main) {
      expect(model.developerTexts(request).join('\n')).not.toContain(SUB[0]);
    }
  });

  it('links the sub-agent to the parent’s item in progress and tells the parent how it ended', async () => {
    const parent = await storedPlan(store, { agent: 'codex', session: run.threadId! });
    expect(parent.items[0]?.subAgent).toEqual({ scope: agentId(), ended: 'stopped' });
    // The last request holds the whole history. The link written when the sub-agent starts is
    // a change too; the notice of how it ended is there once.
    const told = model
      .developerTexts(model.main.at(-1)!)
      .filter((text) => text.includes(en.changedHeading));
    const ended = told.filter((text) =>
      text.includes(
        'Sub-agent on #1 stopped with 2 open (0/2 done; its open items: #1, #2). Decide what to do with #1.',
      ),
    );
    expect(ended).toHaveLength(1);
  });

  it('refuses the sub-agent’s first stop once, with the finish check for its own open items', () => {
    const reason = en.finishCheck(
      SUB.map((content, index) => ({ id: String(index + 1), content, status: 'pending' })),
      quoteText,
    );
    const prompts = model.subagent.flatMap((request) => hookPrompts(model, request));
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain(`>${reason}</hook_prompt>`);
    // The bounce went to the sub-agent, not the parent.
    expect(model.main.flatMap((request) => hookPrompts(model, request)).join('\n')).not.toContain(
      SUB[0],
    );
  });
});
