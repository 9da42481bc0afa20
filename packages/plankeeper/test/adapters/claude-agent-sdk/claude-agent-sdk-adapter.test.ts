/**
 * plankeeper inside the real Claude Agent SDK loop: `query()` runs its bundled Claude Code
 * against a scripted Anthropic server, with plankeeper's options merged into the program's.
 */
import { writeFileSync } from 'node:fs';
import type { HookInput } from '@anthropic-ai/claude-agent-sdk';
import { createPlanTools, PlanEngine } from 'plankeeper';
import { createPlankeeper } from 'plankeeper/claude-agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool, SdkSandbox as Sandbox, type SdkSandbox, say } from './support/run-query.js';

let sandbox: SdkSandbox | undefined;
afterEach(async () => {
  await sandbox?.dispose();
  sandbox = undefined;
});

const read = (path: string) => callTool('Read', { file_path: path });

describe('plankeeper/claude-agent-sdk', () => {
  it('serves the plan tools, nudges, bounces once for open items, then for the goal; the user’s hooks and tools stay', async () => {
    sandbox = await Sandbox.start([
      callTool('mcp__plankeeper__todo_write', {
        todos: [
          { content: 'Read the notes', status: 'in_progress' },
          { content: 'Sum up', status: 'pending' },
        ],
      }),
      read('notes.txt'),
      read('notes.txt'),
      read('notes.txt'),
      say('Done.'),
      callTool('mcp__plankeeper__todo_write', {
        todos: [
          { content: 'Read the notes', status: 'completed' },
          { content: 'Sum up', status: 'completed' },
        ],
      }),
      say('All done.'),
      say('The notes say hello; both steps are done.'),
    ]);
    writeFileSync(`${sandbox.dirs.project}/notes.txt`, 'hello\n');
    const engine = new PlanEngine();
    const planner = createPlankeeper({ engine });
    const seenByUser: string[] = [];
    const userHook = async (input: HookInput) => {
      seenByUser.push(`${input.hook_event_name}:${'tool_name' in input ? input.tool_name : ''}`);
      return {};
    };

    const run = await sandbox.run('Read the notes and sum them up.', {
      ...planner.options({
        allowedTools: ['Read'],
        hooks: {
          PostToolUse: [{ matcher: 'Read', hooks: [userHook] }],
          Stop: [{ hooks: [userHook] }],
        },
      }),
    });

    expect(run.result).toBe('The notes say hello; both steps are done.');
    // The tools, in front of the model from its first request with the MCP server's
    // descriptions, and the result that server gives.
    const offered = sandbox.requests[0]!.body.tools!.filter((tool) =>
      tool.name.startsWith('mcp__plankeeper__'),
    );
    const own = createPlanTools({ engine: new PlanEngine(), tools: 'both' });
    expect(
      offered.map((tool) => [tool.name, (tool as { description?: string }).description]),
    ).toEqual(
      own
        .map((tool) => [`mcp__plankeeper__${tool.name}`, tool.description])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
    expect(sandbox.toolResult(0)).toMatchInlineSnapshot(`
      {
        "isError": false,
        "text": "Todo list updated (0/2 completed).
      ### Current todo list (0/2 completed)
      - [>] #1 Read the notes
      - [ ] #2 Sum up",
      }
    `);
    // Three reads without an update: the reminder, once, after the third.
    expect(sandbox.seen(3)).not.toContain('<reminder>');
    expect(sandbox.seen(4).split('<reminder>').length - 1).toBe(1);
    expect(
      sandbox.seen(4).slice(sandbox.seen(4).indexOf('PostToolUse:Read hook additional context')),
    ).toMatchInlineSnapshot(
      `"PostToolUse:Read hook additional context: <reminder>3 tool rounds without a todo list update. Check the original request and the remaining items, then update the list.</reminder>"`,
    );
    // "Done." with two items open: bounced once, as feedback.
    expect(sandbox.seen(5).slice(sandbox.seen(5).lastIndexOf('Stop hook'))).toMatchInlineSnapshot(
      `"Stop hook additional context: Your todo list still has open items: #1 Read the notes; #2 Sum up. Finish them, or mark them completed or cancelled to match what you actually did, then give your final answer."`,
    );
    // All done: the goal check asks once to compare with the request; then the answer stands.
    expect(sandbox.seen(7).slice(sandbox.seen(7).lastIndexOf('Stop hook'))).toMatchInlineSnapshot(`
      "Stop hook additional context: Before finishing, check your answer against the original request point by point:
      Read the notes and sum them up.
      If something is missing, fix it now. If part of it cannot be done, say plainly what and why; that is an acceptable answer. Otherwise repeat your final answer."
    `);
    expect(sandbox.server.unusedSteps).toBe(0);
    // The user's own hooks ran beside plankeeper's.
    expect(seenByUser).toEqual([
      'PostToolUse:Read',
      'PostToolUse:Read',
      'PostToolUse:Read',
      'Stop:',
      'Stop:',
      'Stop:',
    ]);
    const plan = await engine.snapshot(planner.keyOf(run.sessionId));
    expect(plan.items.map((item) => item.status)).toEqual(['completed', 'completed']);
    expect(planner.keyOf(run.sessionId)).toEqual({
      agent: 'claude-agent-sdk',
      session: run.sessionId,
    });
  });
});
