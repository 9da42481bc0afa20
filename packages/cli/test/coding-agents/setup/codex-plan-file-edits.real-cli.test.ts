/**
 * The real Codex CLI with the config `plankeeper setup codex --plan-file PLAN.md` wrote: the
 * scripted model tries to tick an item with its shell tool (`sed -i` on PLAN.md, which Codex's
 * PreToolUse shows as `Bash`). The call is refused before it runs, with the reason the model
 * reads; the file is byte for byte as the person wrote it. A command on another folder's
 * PLAN.md runs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool, ResponsesServer, say } from '../codex/support/responses-server.js';
import {
  type CodexWorkspace,
  createCodexWorkspace,
  describeRun,
  runCodex,
} from '../codex/support/run-codex.js';
import { hookEvents } from './support/bin.js';
import { setUpForRealCli } from './support/project.js';

const PLAN = '# Parser\n\n- [x] #1 Write the parser\n- [ ] #2 Test the parser\n';
const TICK = "sed -i 's/- \\[ \\] #2/- [x] #2/'";

let model: ResponsesServer | undefined;
let ws: CodexWorkspace | undefined;
afterEach(async () => {
  await model?.close();
  ws?.dispose();
});

describe("Codex's shell on PLAN.md (real CLI)", () => {
  it('refuses sed -i of the plan file; runs it on docs/PLAN.md', async () => {
    model = await ResponsesServer.start([
      callTool('exec_command', { cmd: `${TICK} PLAN.md` }),
      callTool('exec_command', { cmd: `${TICK} docs/PLAN.md` }),
      say('The parser is tested.'),
      // The goal check may ask once to compare the answer with the request.
      say('The parser is tested.'),
    ]);
    ws = createCodexWorkspace();
    ws.configure({ modelUrl: model.url });
    setUpForRealCli('codex', ws, { planFile: 'PLAN.md' });
    const file = join(ws.project, 'PLAN.md');
    writeFileSync(file, PLAN);
    mkdirSync(join(ws.project, 'docs'));
    const other = join(ws.project, 'docs', 'PLAN.md');
    writeFileSync(other, PLAN);
    const log = join(ws.root, 'hooks.log');
    ws.env.PLANKEEPER_TEST_HOOK_LOG = log;

    // No sandbox: without the hook's refusal the command would change the file.
    const run = await runCodex(ws, {
      prompt: 'Tick the parser test.',
      args: ['--dangerously-bypass-approvals-and-sandbox'],
      timeoutMs: 60_000,
    });
    const why = `${describeRun(run)}\nhooks run: ${hookEvents(log).join(', ')}`;
    expect(run.code, why).toBe(0);
    expect(hookEvents(log), why).toContain('hook codex PreToolUse');
    const [first, second, third] = model.main;
    expect(model.toolOutput(second!, first!.callIds[0]!), why).toContain(
      'Refused: Bash would change the plan file PLAN.md, which only the plan tools write.',
    );
    expect(model.toolOutput(third!, second!.callIds[0]!), why).not.toContain('Refused');
    expect(readFileSync(file, 'utf8')).toBe(PLAN);
    expect(readFileSync(other, 'utf8')).toBe(PLAN.replace('[ ] #2', '[x] #2'));
  }, 90_000);
});
