/**
 * After a compaction the model has lost its list from the context: the next call shows it
 * again, through the real SDK loop (`/compact` as a prompt of the resumed session).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HookInput } from '@anthropic-ai/claude-agent-sdk';
import { createPlankeeper } from 'plankeeper/claude-agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool, SdkSandbox, say } from './support/run-query.js';

let sandbox: SdkSandbox | undefined;
afterEach(async () => {
  await sandbox?.dispose();
  sandbox = undefined;
});

describe('compaction with plankeeper/claude-agent-sdk', () => {
  it('shows the plan again after /compact, before the next prompt', async () => {
    sandbox = await SdkSandbox.start([]);
    const notes = join(sandbox.dirs.project, 'notes.txt');
    writeFileSync(notes, 'hello\n');
    sandbox.server.script(
      callTool('mcp__plankeeper__todo_write', {
        todos: [
          { content: 'Read the notes', status: 'in_progress' },
          { content: 'Sum up', status: 'pending' },
        ],
      }),
      say('Paused.'),
      callTool('Read', { file_path: notes }),
      say('Going on.'),
    );
    const planner = createPlankeeper({ finishCheck: false, goalCheck: false });
    const events: string[] = [];
    const spy = async (input: HookInput) => {
      events.push(`${input.hook_event_name}${'source' in input ? `:${input.source}` : ''}`);
      return {};
    };
    const watch = {
      hooks: {
        PreCompact: [{ hooks: [spy] }],
        PostCompact: [{ hooks: [spy] }],
        SessionStart: [{ hooks: [spy] }],
        UserPromptSubmit: [{ hooks: [spy] }],
      },
      allowedTools: ['Read'],
    };

    const first = await sandbox.run('Read the notes and sum up.', planner.options(watch));
    await sandbox.run('/compact', planner.options({ ...watch, resume: first.sessionId }));
    const last = await sandbox.run(
      'Go on.',
      planner.options({ ...watch, resume: first.sessionId }),
    );

    // The SDK sends the callbacks PreCompact, then SessionStart "compact", which shows the list.
    expect(events).toEqual([
      'UserPromptSubmit',
      'PreCompact',
      'SessionStart:compact',
      'PostCompact',
      'UserPromptSubmit',
    ]);
    expect(last.result).toBe('Going on.');
    const seen = sandbox.seenMain(2);
    const restored = seen.slice(seen.indexOf('SessionStart hook additional context'));
    expect(restored.split('\nUserPromptSubmit')[0]).toMatchInlineSnapshot(`
      "SessionStart hook additional context: ### Your todo list, shown again after the conversation was compacted or resumed
      - [>] #1 Read the notes
      - [ ] #2 Sum up
      "
    `);
  });
});
