/**
 * How the real Claude Code CLI (pinned 2.1.328) uses command hooks' answers, as seen in the
 * requests its model gets: the contract plankeeper's `hook claude-code <event>` answers in.
 *
 * - exit 0 with `{"hookSpecificOutput": {"hookEventName": E, "additionalContext": text}}` on
 *   stdout (E = SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, ...): the model gets
 *   "<E> hook additional context: <text>" (tool events: "<E>:<tool> hook ...") in a
 *   `role: "system"` message of the next request;
 * - Stop, exit 0 with `{"decision": "block", "reason": text}`: the turn goes on, the model
 *   gets a user message "Stop hook feedback:\n<text>", and the next Stop input has
 *   `stop_hook_active: true`;
 * - a hook that fails (exit 1, output that is not JSON) is ignored: the action goes ahead.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpJson, plankeeperMcpServer, recordingHooks } from './support/claude-config.js';
import { type ClaudeRun, ClaudeSandbox } from './support/claude-runner.js';
import {
  callTool,
  type RecordedModelRequest,
  ScriptedAnthropicServer,
  say,
  seenText,
} from './support/scripted-anthropic-server.js';

const context = (event: string, text: string) =>
  JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: text } });

describe('Claude Code: what the model gets from hook answers', () => {
  let server: ScriptedAnthropicServer;
  let sandbox: ClaudeSandbox;
  let dumps: string;
  let run: ClaudeRun;
  let main: RecordedModelRequest[];

  beforeAll(async () => {
    server = await ScriptedAnthropicServer.start([
      callTool('mcp__plankeeper__todo_write', {
        todos: [{ content: 'Write the parser', status: 'in_progress' }],
      }),
      say('First stop.'),
      say('Second stop.'),
    ]);
    sandbox = await ClaudeSandbox.create();
    dumps = sandbox.dir('hooks');
    sandbox.writeProjectFile(
      '.mcp.json',
      mcpJson({ plankeeper: plankeeperMcpServer(`sqlite:${join(sandbox.dir('store'), 'p.db')}`) }),
    );
    sandbox.writeProjectFile('.claude/settings.json', {
      permissions: { allow: ['mcp__plankeeper'] },
      hooks: recordingHooks(dumps, [
        'SessionStart',
        'UserPromptSubmit',
        'PreToolUse',
        'PostToolUse',
        'Stop',
      ]),
    });
    const answer = (name: string, text: string) => writeFileSync(join(dumps, name), text);
    answer('SessionStart.reply', context('SessionStart', 'CTX-SESSION-START'));
    answer('UserPromptSubmit.reply', context('UserPromptSubmit', 'CTX-PROMPT'));
    answer('PostToolUse.reply', context('PostToolUse', 'CTX-AFTER-TOOL'));
    answer('Stop-1.reply', JSON.stringify({ decision: 'block', reason: 'CTX-STOP-BLOCKED' }));
    // Broken hooks: garbage and exit 1 (PreToolUse), garbage and exit 0 (second Stop).
    answer('PreToolUse.reply', 'not json {');
    answer('PreToolUse.exit', '1');
    answer('Stop-2.reply', '{"decision": ');
    run = await sandbox.run({ server, prompt: 'Plan the parser work.' });
    main = server.ofKind('main');
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await sandbox?.dispose();
  });

  it('completes the turn', () => {
    expect(run.timedOut).toBe(false);
    expect(run.code, run.stderr).toBe(0);
    expect(run.result?.result).toBe('Second stop.');
    expect(server.unusedSteps).toBe(0);
    expect(server.overruns).toBe(0);
    expect(main).toHaveLength(3);
  });

  it('SessionStart and UserPromptSubmit context reach the first request as system messages', () => {
    const first = main[0]!;
    expect(seenText(first)).toContain('SessionStart hook additional context: CTX-SESSION-START');
    expect(seenText(first)).toContain('UserPromptSubmit hook additional context: CTX-PROMPT');
    const systemMessages = (first.body.messages ?? []).filter((m) => m.role === 'system');
    expect(JSON.stringify(systemMessages)).toContain('CTX-PROMPT');
  });

  it('PostToolUse context follows the tool result; a failing PreToolUse hook changes nothing', () => {
    const second = main[1]!;
    expect(seenText(second)).toContain(
      'PostToolUse:mcp__plankeeper__todo_write hook additional context: CTX-AFTER-TOOL',
    );
    expect(seenText(second)).not.toContain('not json');
    const result = server.toolResult(server.steps[0]!.toolCalls[0]!.id);
    expect(result?.isError).toBe(false);
    expect(result?.text).toContain('#1 Write the parser');
  });

  it('a Stop hook that blocks gets the turn going on with its reason, once', () => {
    const third = main[2]!;
    const messages = third.body.messages ?? [];
    const feedback = messages.find(
      (m) => m.role === 'user' && JSON.stringify(m.content).includes('CTX-STOP-BLOCKED'),
    );
    expect(JSON.stringify(feedback?.content)).toContain('Stop hook feedback:\\nCTX-STOP-BLOCKED');
    const stops = [1, 2].map(
      (n) =>
        JSON.parse(readFileSync(join(dumps, `Stop-${n}.json`), 'utf8')) as Record<string, unknown>,
    );
    expect(stops.map((stop) => stop.stop_hook_active)).toEqual([false, true]);
  });
});
