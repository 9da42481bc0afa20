/**
 * The real GitHub Copilot CLI with its EXTENSIONS feature on, where the MCP server Copilot
 * started answers no hooks (its route cannot be written) and the extension's own
 * `plankeeper hook copilot --serve` cannot start: with a plankeeper that refuses --serve (an
 * older one), every event is still answered, by a hook process of its own; with no plankeeper
 * at all, every event is answered neutrally and the session ends as it would without it.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getLocale } from 'plankeeper/harness';
import { afterEach, describe, expect, it } from 'vitest';
import { homeEnv } from '../../support/sandbox-env.js';
import { callTool, ResponsesServer, say } from '../codex/support/responses-server.js';
import { hookCalls, TEST_BIN } from '../setup/support/bin.js';
import { finishCheckReason, HONEST_ANSWER, SMOKE_PLAN } from '../setup/support/expected-answers.js';
import { setUpForRealCli } from '../setup/support/project.js';
import {
  type CopilotSandbox,
  createCopilotSandbox,
  describeRun,
  runCopilot,
} from './support/run-copilot.js';

const en = getLocale('en').harness;
const EXTENSIONS_ON = {
  COPILOT_CLI_ENABLED_FEATURE_FLAGS: 'EXTENSIONS',
  GITHUB_COPILOT_PROMPT_MODE_EXTENSIONS: 'true',
};
const EXTENSION = '.github/extensions/plankeeper/extension.mjs';

let model: ResponsesServer | undefined;
let sandbox: CopilotSandbox | undefined;
afterEach(async () => {
  await model?.close();
  sandbox?.dispose();
  model = undefined;
  sandbox = undefined;
});

/** Sets up the project, then points its extension's hook command at `command`. */
function setUpWith(made: CopilotSandbox, command: (root: string) => string[]): string {
  setUpForRealCli('copilot', made, { env: { ...homeEnv(made.home), ...EXTENSIONS_ON } });
  const file = join(made.project, EXTENSION);
  const text = readFileSync(file, 'utf8').replace(
    /^const COMMAND = .*;$/m,
    `const COMMAND = ${JSON.stringify(command(made.root))};`,
  );
  writeFileSync(file, text);
  // A folder where the server's route would go: it cannot write it, so it answers no hooks.
  mkdirSync(join(made.project, '.plankeeper', 'copilot-hooks.route'), { recursive: true });
  const log = join(made.root, 'hooks.log');
  Object.assign(made.env, EXTENSIONS_ON, { PLANKEEPER_TEST_HOOK_LOG: log });
  return log;
}

describe('Copilot’s extension when plankeeper hook --serve cannot start (real CLI)', () => {
  it('answers every event by a hook process of its own', async () => {
    model = await ResponsesServer.start([
      callTool('plankeeper-todo_write', SMOKE_PLAN),
      say('All done.'),
      say('All done.'),
      say(HONEST_ANSWER),
    ]);
    sandbox = createCopilotSandbox();
    const log = setUpWith(sandbox, (root) => {
      // An older plankeeper: no --serve; every one-shot hook as the real bin answers it.
      const wrapper = join(root, 'old-plankeeper.sh');
      writeFileSync(
        wrapper,
        `case " $* " in *" --serve "*) echo "unknown option --serve" >&2; exit 2;; esac\nexec "${process.execPath}" "${TEST_BIN}" "$@"\n`,
      );
      chmodSync(wrapper, 0o755);
      return ['/bin/sh', wrapper, 'hook', 'copilot'];
    });
    const run = await runCopilot(sandbox, {
      modelUrl: model.url,
      prompt: 'Write the parser.',
      allowAllTools: true,
    });
    const why = `${describeRun(run)}\nhooks run: ${hookCalls(log).join(', ')}`;
    expect(run.code, why).toBe(0);
    expect(model.main, why).toHaveLength(4);
    const [, , third, fourth] = model.main;
    expect(model.userTexts(third!).join('\n'), why).toContain(finishCheckReason());
    expect(model.userTexts(fourth!).join('\n'), why).toContain(en.goalCheck('Write the parser.'));
    expect(run.stdout.trim().endsWith(HONEST_ANSWER), why).toBe(true);
    expect(hookCalls(log), why).toContain('hook copilot agentStop');
    expect(hookCalls(`${log}.routed`), why).toEqual([]);
  }, 90_000);

  it('answers neutrally when plankeeper cannot be started at all, and the session ends', async () => {
    model = await ResponsesServer.start([
      callTool('plankeeper-todo_write', SMOKE_PLAN),
      say('All done.'),
    ]);
    sandbox = createCopilotSandbox();
    setUpWith(sandbox, (root) => [join(root, 'no-such-plankeeper'), 'hook', 'copilot']);
    const run = await runCopilot(sandbox, {
      modelUrl: model.url,
      prompt: 'Write the parser.',
      allowAllTools: true,
    });
    const why = describeRun(run);
    expect(run.code, why).toBe(0);
    // Nothing sent the model back: the plan's own tools still worked (the MCP server).
    expect(model.main, why).toHaveLength(2);
    expect(run.stdout.trim().endsWith('All done.'), why).toBe(true);
  }, 90_000);
});
