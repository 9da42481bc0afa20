/**
 * The real GitHub Copilot CLI in a project set up with `plankeeper setup copilot --plan-file
 * PLAN.md`, every tool allowed: the scripted model tries to tick an item with Copilot's edit
 * tool and with `bash` (`sed -i`) on PLAN.md. preToolUse refuses each call before it runs, with
 * the reason the model reads; the file is byte for byte as the person wrote it. Copilot's
 * create of docs/PLAN.md runs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool, ResponsesServer, say } from '../codex/support/responses-server.js';
import {
  type CopilotSandbox,
  createCopilotSandbox,
  describeRun,
  runCopilot,
} from '../copilot/support/run-copilot.js';
import { hookEvents } from './support/bin.js';
import { setUpForRealCli } from './support/project.js';

const PLAN = '# Parser\n\n- [x] #1 Write the parser\n- [ ] #2 Test the parser\n';
const TICKED = PLAN.replace('[ ] #2', '[x] #2');

let model: ResponsesServer | undefined;
let sandbox: CopilotSandbox | undefined;
afterEach(async () => {
  await model?.close();
  sandbox?.dispose();
});

describe("Copilot CLI's edit and bash on PLAN.md (real CLI)", () => {
  it('refuses edit and sed -i of the plan file; runs create of docs/PLAN.md', async () => {
    sandbox = createCopilotSandbox();
    const file = join(sandbox.project, 'PLAN.md');
    model = await ResponsesServer.start([
      callTool('edit', { path: file, old_str: '- [ ] #2', new_str: '- [x] #2' }),
      callTool('bash', {
        command: "sed -i 's/- \\[ \\] #2/- [x] #2/' PLAN.md",
        description: 'Tick the item',
      }),
      callTool('create', { path: join(sandbox.project, 'docs', 'PLAN.md'), file_text: TICKED }),
      say('The parser is tested.'),
      // The goal check may ask once to compare the answer with the request.
      say('The parser is tested.'),
    ]);
    setUpForRealCli('copilot', sandbox, { planFile: 'PLAN.md' });
    writeFileSync(file, PLAN);
    mkdirSync(join(sandbox.project, 'docs'));
    const log = join(sandbox.root, 'hooks.log');
    sandbox.env.PLANKEEPER_TEST_HOOK_LOG = log;
    const run = await runCopilot(sandbox, {
      modelUrl: model.url,
      prompt: 'Tick the parser test.',
      allowAllTools: true,
    });
    const why = `${describeRun(run)}\nhooks run: ${hookEvents(log).join(', ')}`;
    expect(run.code, why).toBe(0);
    const [first, second, third, fourth] = model.main;
    for (const [request, call, tool] of [
      [second, first, 'edit'],
      [third, second, 'bash'],
    ] as const) {
      expect(model.toolOutput(request!, call!.callIds[0]!), why).toContain(
        `Refused: ${tool} would change the plan file PLAN.md, which only the plan tools write.`,
      );
    }
    expect(model.toolOutput(fourth!, third!.callIds[0]!), why).not.toContain('Refused');
    expect(readFileSync(file, 'utf8')).toBe(PLAN);
    expect(readFileSync(join(sandbox.project, 'docs', 'PLAN.md'), 'utf8')).toBe(TICKED);
  }, 90_000);
});
