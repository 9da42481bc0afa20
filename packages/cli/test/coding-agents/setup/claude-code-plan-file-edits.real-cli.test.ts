/**
 * The real Claude Code CLI in a project set up with `plankeeper setup claude-code --plan-file
 * PLAN.md`: the scripted model tries to tick an item by editing PLAN.md with Claude Code's own
 * tools (Edit, Write, Bash `sed -i`), with permission to edit files and run commands. Each call
 * is refused before it runs, with the reason the model reads; the file is byte for byte as
 * the person wrote it, and the plan still shows the item open.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool, say } from '../claude-code/support/scripted-anthropic-server.js';
import { runWithHookLog, startClaudeCode } from './support/claude-code-after-setup.js';
import { setUpForRealCli } from './support/project.js';

const PLAN = '# Parser\n\n- [x] #1 Write the parser\n- [ ] #2 Test the parser\n';

describe("Claude Code's own tools on PLAN.md (real CLI)", () => {
  it('refuses Edit, Write and sed -i of the plan file; the item stays open', async () => {
    const { server, sandbox } = await startClaudeCode([]);
    setUpForRealCli('claude-code', sandbox, { planFile: 'PLAN.md' });
    const file = join(sandbox.project, 'PLAN.md');
    writeFileSync(file, PLAN);
    server.script(
      callTool('Read', { file_path: file }),
      callTool('Edit', {
        file_path: file,
        old_string: '- [ ] #2 Test the parser',
        new_string: '- [x] #2 Test the parser',
      }),
      callTool('Write', { file_path: file, content: PLAN.replace('[ ] #2', '[x] #2') }),
      callTool('Bash', { command: "sed -i 's/- \\[ \\] #2/- [x] #2/' ./PLAN.md" }),
      callTool('mcp__plankeeper__todo_read', {}),
      say('The parser is tested.'),
      // The goal check asks once to compare the answer with the request.
      say('The parser is tested.'),
    );

    const { run, why } = await runWithHookLog(sandbox, server, 'Tick the parser test.', [
      '--permission-mode',
      'acceptEdits',
      '--allowedTools',
      'Bash',
    ]);
    expect(run.code, why).toBe(0);
    const result = (step: number) => server.toolResult(server.steps[step]!.toolCalls[0]!.id);
    expect(result(0)?.isError, why).toBe(false);
    for (const [step, tool] of [
      [1, 'Edit'],
      [2, 'Write'],
      [3, 'Bash'],
    ] as const) {
      expect(result(step)?.isError, why).toBe(true);
      expect(result(step)?.text, why).toContain(
        `Refused: ${tool} would change the plan file PLAN.md, which only the plan tools write.`,
      );
    }
    expect(readFileSync(file, 'utf8')).toBe(PLAN);
    expect(result(4)?.text, why).toContain('- [ ] #2 Test the parser');
    expect(run.result?.result).toBe('The parser is tested.');
  }, 90_000);
});
