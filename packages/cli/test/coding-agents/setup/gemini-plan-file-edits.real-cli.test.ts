/**
 * The real Gemini CLI in a project set up with `plankeeper setup gemini --plan-file PLAN.md`,
 * every tool allowed (`--approval-mode yolo`): the scripted model tries to tick an item with
 * write_file on PLAN.md. BeforeTool refuses the call before it runs, with the reason the model
 * reads as the tool's error; the file is byte for byte as the person wrote it. The same write
 * of docs/PLAN.md runs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { functionResponses, GeminiModelServer } from '../gemini/support/gemini-model-server.js';
import {
  createGeminiSandbox,
  describeRun,
  type GeminiSandbox,
  runGemini,
} from '../gemini/support/gemini-runner.js';
import { hookEvents } from './support/bin.js';
import { setUpForRealCli } from './support/project.js';

const PLAN = '# Parser\n\n- [x] #1 Write the parser\n- [ ] #2 Test the parser\n';
const TICKED = PLAN.replace('[ ] #2', '[x] #2');

let server: GeminiModelServer | undefined;
let sandbox: GeminiSandbox | undefined;
afterEach(async () => {
  await server?.close();
  sandbox?.remove();
});

describe("Gemini CLI's write_file on PLAN.md (real CLI)", () => {
  it('refuses write_file of the plan file; runs it on docs/PLAN.md', async () => {
    server = await GeminiModelServer.start([
      { call: 'write_file', args: { file_path: 'PLAN.md', content: TICKED } },
      { call: 'write_file', args: { file_path: 'docs/PLAN.md', content: TICKED } },
      { text: 'The parser is tested.' },
      // The goal check may ask once to compare the answer with the request.
      { text: 'The parser is tested.' },
    ]);
    sandbox = createGeminiSandbox();
    setUpForRealCli('gemini', sandbox, { planFile: 'PLAN.md' });
    const file = join(sandbox.project, 'PLAN.md');
    writeFileSync(file, PLAN);
    mkdirSync(join(sandbox.project, 'docs'));
    const log = join(sandbox.root, 'hooks.log');
    const run = await runGemini(sandbox, {
      server,
      prompt: 'Tick the parser test.',
      args: ['--approval-mode', 'yolo'],
      timeoutMs: 60_000,
      env: { PLANKEEPER_TEST_HOOK_LOG: log },
    });
    const why = `${describeRun(run)}\nhooks run: ${hookEvents(log).join(', ')}`;
    expect(run.code, why).toBe(0);
    const [, second, third] = server.mainRequests;
    const refused = JSON.stringify(functionResponses(second)[0]?.response);
    expect(refused, why).toContain(
      'Refused: write_file would change the plan file PLAN.md, which only the plan tools write.',
    );
    expect(JSON.stringify(functionResponses(third).at(-1)?.response), why).not.toContain('Refused');
    expect(readFileSync(file, 'utf8')).toBe(PLAN);
    expect(readFileSync(join(sandbox.project, 'docs', 'PLAN.md'), 'utf8')).toBe(TICKED);
  }, 90_000);
});
