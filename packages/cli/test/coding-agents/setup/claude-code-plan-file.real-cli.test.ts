/**
 * The real Claude Code CLI in a project set up with `plankeeper setup claude-code --plan-file
 * PLAN.md`, working from a plan a person wrote in the file: the scripted model reads it (the
 * person's line without an id has one now), completes that step, and the file says so, with
 * the person's other lines as they were.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool, say } from '../claude-code/support/scripted-anthropic-server.js';
import { runWithHookLog, startClaudeCode } from './support/claude-code-after-setup.js';
import { setUpForRealCli } from './support/project.js';

describe('Claude Code working from PLAN.md (real CLI)', () => {
  it("reads the person's plan from the file and ticks its step there", async () => {
    const { server, sandbox } = await startClaudeCode([
      callTool('mcp__plankeeper__todo_read', {}),
      callTool('mcp__plankeeper__todos_complete', {
        items: [{ id: '2', reason: 'the parser tests pass' }],
      }),
      say('The parser is tested.'),
      // The goal check asks once to compare the answer with the request.
      say('The parser is tested.'),
    ]);
    setUpForRealCli('claude-code', sandbox, { planFile: 'PLAN.md' });
    const file = join(sandbox.project, 'PLAN.md');
    writeFileSync(
      file,
      '# Parser\n\nOwned by Ana.\n- [x] #1 Write the parser\n- [ ] Test the parser\n',
    );

    const { run, why } = await runWithHookLog(sandbox, server, 'Work through PLAN.md.');
    expect(run.code, why).toBe(0);
    expect(run.result?.permission_denials, why).toEqual([]);
    const read = server.toolResult(server.steps[0]!.toolCalls[0]!.id)?.text;
    expect(read, why).toContain('- [x] #1 Write the parser');
    expect(read, why).toContain('- [ ] #2 Test the parser');
    const completed = server.toolResult(server.steps[1]!.toolCalls[0]!.id);
    expect(completed?.isError, completed?.text).toBe(false);
    // In the shared list a completed item records the session that finished it (its owner).
    const owner = `  - owner: ${run.result?.session_id}\n`;
    expect(readFileSync(file, 'utf8')).toBe(
      `# Parser\n\nOwned by Ana.\n- [x] #1 Write the parser\n${owner}- [x] #2 Test the parser\n${owner}  - note: the parser tests pass\n`,
    );
    expect(run.result?.result).toBe('The parser is tested.');
  }, 90_000);
});
