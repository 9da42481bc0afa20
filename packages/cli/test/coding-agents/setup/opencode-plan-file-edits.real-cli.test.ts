/**
 * The real OpenCode CLI in a project set up with `plankeeper setup opencode --plan-file
 * PLAN.md`: the scripted model tries to tick an item with OpenCode's edit tool and with `bash`
 * (`sed -i`) on PLAN.md. The plugin's `tool.execute.before` throws the hook's refusal, so each
 * call does not run and the model reads why; the file is byte for byte as the person wrote
 * it. OpenCode's write of docs/PLAN.md runs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OpencodeSandbox, PLANKEEPER_BIN } from '../opencode/support/opencode-runner.js';
import { callTool, ScriptedChatServer, say } from '../opencode/support/scripted-chat-server.js';
import { setUpForRealCli } from './support/project.js';

const PLAN = '# Parser\n\n- [x] #1 Write the parser\n- [ ] #2 Test the parser\n';
const TICKED = PLAN.replace('[ ] #2', '[x] #2');

let server: ScriptedChatServer | undefined;
let sandbox: OpencodeSandbox | undefined;
afterEach(async () => {
  await server?.close();
  await sandbox?.dispose();
});

describe("OpenCode's edit and bash on PLAN.md (real CLI)", () => {
  it('refuses edit and sed -i of the plan file; runs write of docs/PLAN.md', async () => {
    sandbox = await OpencodeSandbox.create();
    setUpForRealCli('opencode', sandbox, {
      bin: PLANKEEPER_BIN,
      node: process.execPath,
      planFile: 'PLAN.md',
    });
    const file = join(sandbox.project, 'PLAN.md');
    writeFileSync(file, PLAN);
    mkdirSync(join(sandbox.project, 'docs'));
    const other = join(sandbox.project, 'docs', 'PLAN.md');
    server = await ScriptedChatServer.start([
      callTool('edit', { filePath: file, oldString: '- [ ] #2', newString: '- [x] #2' }, 'edit'),
      callTool(
        'bash',
        { command: "sed -i 's/- \\[ \\] #2/- [x] #2/' PLAN.md", description: 'Tick #2' },
        'bash',
      ),
      callTool('write', { filePath: other, content: TICKED }, 'write'),
      say('The parser is tested.'),
      // The goal check may ask once to compare the answer with the request.
      say('The parser is tested.'),
    ]);
    const run = await sandbox.run({ server, prompt: 'Tick the parser test.' });
    const why = `exit ${run.code}\n${run.stderr}`;
    expect(run.code, why).toBe(0);
    for (const tool of ['edit', 'bash']) {
      expect(server.toolResult(tool)?.text, why).toContain(
        `Refused: ${tool} would change the plan file PLAN.md, which only the plan tools write.`,
      );
    }
    expect(server.toolResult('write')?.text, why).not.toContain('Refused');
    expect(readFileSync(file, 'utf8')).toBe(PLAN);
    expect(readFileSync(other, 'utf8')).toBe(TICKED);
  }, 90_000);
});
