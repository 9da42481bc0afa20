/**
 * A session's plan across `query()` runs and sub-agents, through the real SDK loop: a
 * resumed session finds its plan, and a sub-agent defined in `agents` plans in its own
 * scope and rolls up to the parent's item in progress, as in Claude Code's hooks.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PlanEngine } from 'plankeeper';
import { createPlankeeper } from 'plankeeper/claude-agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool, SdkSandbox, say } from './support/run-query.js';

let sandbox: SdkSandbox | undefined;
afterEach(async () => {
  await sandbox?.dispose();
  sandbox = undefined;
});

/** The text a hook of `event` added to the model's input, from the end of what it saw. */
function hookContext(seen: string, event: string): string {
  const at = seen.lastIndexOf(`${event} hook additional context: `);
  if (at < 0) throw new Error(`no ${event} context in:\n${seen.slice(-800)}`);
  return seen.slice(at).split('\n\n')[0]!;
}

describe('sessions and sub-agents with plankeeper/claude-agent-sdk', () => {
  it('a resumed session keeps its plan: the next prompt shows it as a leftover', async () => {
    sandbox = await SdkSandbox.start([
      callTool('mcp__plankeeper__todo_write', {
        todos: [
          { content: 'Draft the notes', status: 'in_progress' },
          { content: 'Send them', status: 'pending' },
        ],
      }),
      say('Stopping here for today.'),
      say('Going on with the notes.'),
    ]);
    const engine = new PlanEngine();
    const planner = createPlankeeper({ engine, finishCheck: false, goalCheck: false });

    const first = await sandbox.run('Draft and send the notes.', planner.options());
    const second = await sandbox.run('Go on.', planner.options({ resume: first.sessionId }));

    expect(second.sessionId).toBe(first.sessionId);
    expect(second.result).toBe('Going on with the notes.');
    expect(hookContext(sandbox.seen(2), 'UserPromptSubmit')).toMatchInlineSnapshot(`
      "UserPromptSubmit hook additional context: ### Leftover todo list from an earlier request
      - [>] #1 Draft the notes
      - [ ] #2 Send them
      This list is not part of the current request. Keep items only if they still apply; cancel or remove the rest, or clear the list."
    `);
    const plan = await engine.snapshot(planner.keyOf(first.sessionId));
    expect(plan.items.map((item) => item.content)).toEqual(['Draft the notes', 'Send them']);
  });

  it("a sub-agent from `agents` plans in its own scope, with the plan tools added to its list, and rolls up to the parent's item", async () => {
    sandbox = await SdkSandbox.start([]);
    const notes = join(sandbox.dirs.project, 'notes.txt');
    writeFileSync(notes, 'hello\n');
    sandbox.server.script(
      callTool('mcp__plankeeper__todo_write', {
        todos: [{ content: 'Check the notes', status: 'in_progress' }],
      }),
      callTool('Agent', {
        description: 'Read the notes',
        prompt: 'Read notes.txt.',
        subagent_type: 'reader',
        run_in_background: false,
      }),
      // Inside the sub-agent: its own plan, a read, the plan closed, its report.
      callTool('mcp__plankeeper__todo_write', {
        todos: [{ content: 'Open notes.txt', status: 'in_progress' }],
      }),
      callTool('Read', { file_path: notes }),
      callTool('mcp__plankeeper__todo_write', {
        todos: [{ content: 'Open notes.txt', status: 'completed' }],
      }),
      say('The notes say hello.'),
      // The parent again, told with the Agent call's result how the sub-agent ended.
      callTool('mcp__plankeeper__todo_write', {
        todos: [{ content: 'Check the notes', status: 'completed' }],
      }),
      say('The notes say hello.'),
    );
    const engine = new PlanEngine();
    const planner = createPlankeeper({ engine, goalCheck: false });

    const run = await sandbox.run(
      'Check the notes.',
      planner.options({
        agents: {
          reader: { description: 'Reads files.', prompt: 'You read files.', tools: ['Read'] },
        },
        allowedTools: ['Read'],
      }),
    );

    expect(run.result).toBe('The notes say hello.');
    expect(sandbox.server.unusedSteps).toBe(0);
    const subRequests = sandbox.server.ofKind('subagent');
    expect(subRequests.length).toBe(4);
    expect(subRequests[0]!.body.tools!.map((tool) => tool.name)).toContain(
      'mcp__plankeeper__todo_write',
    );
    const parentKey = planner.keyOf(run.sessionId);
    const [item] = (await engine.snapshot(parentKey)).items;
    const scope = item?.subAgent?.scope ?? '';
    expect(scope).not.toBe('');
    expect(item?.subAgent?.ended).toBeDefined();
    const sub = await engine.snapshot({ ...parentKey, scope: [scope] });
    expect(sub.items.map((each) => [each.content, each.status])).toEqual([
      ['Open notes.txt', 'completed'],
    ]);
    // The parent's request after the Agent call shows its list with how the sub-agent ended.
    expect(hookContext(sandbox.seenMain(2), 'PostToolUse:Agent')).toMatchInlineSnapshot(`
      "PostToolUse:Agent hook additional context: Sub-agent on #1 finished (1/1 done). Check its result, then complete #1 yourself.
      ### Your todo list was changed outside this conversation (another session, a person or a sub-agent); this is the list now
      - [>] #1 Check the notes"
    `);
  });
});
