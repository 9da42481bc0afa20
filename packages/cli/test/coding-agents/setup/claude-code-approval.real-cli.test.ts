/**
 * The real Claude Code CLI in a project set up by `plankeeper setup claude-code --approval`:
 * the scripted model writes a plan, then calls Read; plankeeper's PreToolUse hook denies it
 * with the waiting text (the file is not read), and the answer asking for a review ends the
 * turn unbounced. After `plankeeper todos --approve --by Ana` (another process) the resumed
 * session reads the file, and the model is told who approved.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { callTool, say, seenText } from '../claude-code/support/scripted-anthropic-server.js';
import { runWithHookLog, startClaudeCode } from './support/claude-code-after-setup.js';
import { setUpForRealCli } from './support/project.js';

const WAITING =
  "Held: Read did not run; the plan waits for a person's approval. Meanwhile you may revise the plan with the plan tools, then end your turn and say it is ready for review.";

describe('Claude Code after plankeeper setup claude-code --approval (real CLI)', () => {
  it('denies Read until a person approves the plan, then runs it and names the person', async () => {
    const { server, sandbox } = await startClaudeCode([]);
    const notes = join(sandbox.project, 'notes.txt');
    writeFileSync(notes, 'parser notes\n');
    server.script(
      callTool('mcp__plankeeper__todo_write', {
        todos: [{ content: 'Read the notes', status: 'pending' }],
      }),
      callTool('Read', { file_path: notes }),
      say('The plan is ready for your review.'),
    );
    setUpForRealCli('claude-code', sandbox, { approval: 'once' });
    // Read needs no permission prompt here (-p would deny it): approval is what holds it.
    const settingsPath = join(sandbox.project, '.claude', 'settings.json');
    const settings = JSON.parse(readFileSync(settingsPath, 'utf8'));
    settings.permissions.allow.push('Read');
    writeFileSync(settingsPath, JSON.stringify(settings, null, 2));

    const { run: first, why } = await runWithHookLog(sandbox, server, 'Read the notes.');
    expect(first.code, why).toBe(0);
    expect(first.result?.result, why).toBe('The plan is ready for your review.');
    const held = server.toolResult(server.steps[1]!.toolCalls[0]!.id);
    expect(held?.isError, why).toBe(true);
    expect(held?.text, why).toContain(WAITING);
    expect(held?.text).not.toContain('parser notes');
    // No finish bounce while the plan waits: three model calls, no more.
    expect(server.ofKind('main'), why).toHaveLength(3);

    const session = first.result!.session_id;
    const approved = await runCli([
      ...['todos', '--store', `sqlite:${join(sandbox.project, '.plankeeper', 'plans.db')}`],
      ...['--agent', 'claude-code', '--session', session, '--approve', '--by', 'Ana'],
    ]);
    expect(approved.code, approved.stderr).toBe(0);

    server.script(callTool('Read', { file_path: notes }), say('The notes are read.'));
    const { run: resumed } = await runWithHookLog(sandbox, server, 'Go ahead.', [
      '--resume',
      session,
    ]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const read = server.toolResult(server.steps[3]!.toolCalls[0]!.id);
    expect(read?.isError).toBe(false);
    expect(read?.text).toContain('parser notes');
    const after = seenText(server.ofKind('main').at(-1)!);
    expect(after).toContain('Approved by a person (Ana): carry out the plan.');
  }, 150_000);
});
