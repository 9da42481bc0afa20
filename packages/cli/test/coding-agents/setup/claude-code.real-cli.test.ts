/**
 * The real Claude Code CLI in a project set up by `plankeeper setup claude-code`: the
 * scripted model calls plankeeper's todo_write and gets plankeeper's text back, with no
 * permission prompt (none denied in -p, where a prompt would be a denial). The hooks setup
 * registered run on every event, through the real `plankeeper hook` (support/test-bin/plankeeper.js).
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setup } from '../../../src/coding-agents/setup/index.js';
import { ClaudeSandbox } from '../claude-code/support/claude-runner.js';
import {
  callTool,
  ScriptedAnthropicServer,
  say,
} from '../claude-code/support/scripted-anthropic-server.js';
import { hookEvents, TEST_BIN } from './support/bin.js';

const PLAN = {
  todos: [
    { content: 'Write the parser', status: 'in_progress' },
    { content: 'Test the parser', status: 'pending' },
  ],
};

let server: ScriptedAnthropicServer | undefined;
let sandbox: ClaudeSandbox | undefined;
afterEach(async () => {
  await server?.close();
  await sandbox?.dispose();
});

describe('Claude Code after plankeeper setup claude-code (real CLI)', () => {
  it('runs mcp__plankeeper__todo_write without a permission prompt; the model reads the plan', async () => {
    // Spare final answers: a finish check in the Stop hook may bounce the first one.
    server = await ScriptedAnthropicServer.start([
      callTool('mcp__plankeeper__todo_write', PLAN),
      say('Done.'),
      say('Done.'),
    ]);
    // The sandbox trusts the project, as the setup report tells the person to.
    sandbox = await ClaudeSandbox.create();
    setup({
      agent: 'claude-code',
      dir: sandbox.project,
      bin: TEST_BIN,
      env: { HOME: sandbox.home },
    });
    const log = join(sandbox.root, 'hooks.log');
    const run = await sandbox.run({
      server,
      prompt: 'Plan the parser work.',
      timeoutMs: 60_000,
      env: { PLANKEEPER_TEST_HOOK_LOG: log },
    });
    expect(run.timedOut).toBe(false);
    expect(run.code, run.stderr).toBe(0);
    expect(run.result?.is_error).toBe(false);
    expect(run.result?.permission_denials).toEqual([]);
    expect(server.blockedRequests).toEqual([]);
    const result = server.toolResult(server.steps[0]!.toolCalls[0]!.id);
    expect(result?.isError).toBe(false);
    expect(result?.text).toContain('#1 Write the parser');
    expect(result?.text).toContain('#2 Test the parser');
    expect(hookEvents(log)).toEqual(
      expect.arrayContaining(
        ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'].map(
          (event) => `hook claude-code ${event}`,
        ),
      ),
    );
  }, 90_000);
});
