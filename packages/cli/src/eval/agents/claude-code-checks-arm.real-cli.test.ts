/**
 * `eval --agent claude-code` in the `checks` arm and at its limits, on the real Claude Code CLI:
 * the task's check, set up with `--verify`, refuses a wrong "done" the `standard` arm lets
 * through; an endpoint that never answers ends in the time limit, and an aborted run stops at
 * once, both errors, never scores.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLAUDE_BIN } from '../../../test/coding-agents/claude-code/support/claude-runner.js';
import {
  callTool,
  ScriptedAnthropicServer,
  say,
  seenText,
} from '../../../test/coding-agents/claude-code/support/scripted-anthropic-server.js';
import { RUNS_DIR, testEnv } from '../../../test/eval/agents/support/executor-env.js';
import { taskRun } from '../../../test/eval/agents/support/suite-fixture.js';
import { agentExecutor } from './index.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function executorAt(baseUrl: string, timeoutMs = 60_000) {
  const executor = await agentExecutor('claude-code', {
    model: 'claude-scripted',
    baseUrl,
    apiKey: 'sk-ant-scripted-test-key',
    agentBin: CLAUDE_BIN,
    timeoutMs,
    runsDir: RUNS_DIR,
    env: testEnv('http://127.0.0.1:9'),
  });
  cleanups.push(() => executor.close());
  return executor;
}

describe('eval --agent claude-code: the checks arm and the limits (real CLI)', () => {
  it('a wrong b.txt and "done": standard lets it through, checks refuses it with the check and it is fixed', async () => {
    const outcomes = [];
    for (const arm of ['standard', 'checks']) {
      const task = taskRun('two-files', arm);
      cleanups.push(() => task.dispose());
      const ws = task.input.workspace;
      const server = await ScriptedAnthropicServer.start([
        callTool('Write', { file_path: join(ws, 'a.txt'), content: 'ok\n' }),
        callTool('Write', { file_path: join(ws, 'b.txt'), content: 'no\n' }),
        say('Done.'),
        callTool('Write', { file_path: join(ws, 'b.txt'), content: 'ok\n' }),
        say('Fixed: b.txt says ok.'),
      ]);
      cleanups.push(() => server.close());
      const outcome = await (await executorAt(server.url))(task.input);
      expect(outcome.error, outcome.transcriptFile).toBeUndefined();
      outcomes.push({ arm, passed: task.check(), main: server.ofKind('main') });
    }
    const [standard, checks] = outcomes;
    expect(standard?.passed).toBe(false);
    expect(checks?.passed).toBe(true);
    expect(seenText(checks!.main[3]!)).toContain('Not done yet: the check `test "$(cat a.txt)"');
  }, 120_000);

  it('an endpoint that never answers: the time limit ends the run; an abort stops it at once', async () => {
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      hanging.closeAllConnections();
      hanging.close();
    });
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;

    const timed = taskRun('one-file', 'off');
    cleanups.push(() => timed.dispose());
    const slow = await (await executorAt(url, 4_000))(timed.input);
    expect(slow).toMatchObject({ error: 'claude did not finish within 4 s', retryable: false });

    const aborted = taskRun('one-file', 'off');
    cleanups.push(() => aborted.dispose());
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 1_500);
    const stopped = await (await executorAt(url))({ ...aborted.input, signal: controller.signal });
    expect(stopped).toMatchObject({ error: 'stopped before it finished', retryable: true });
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 60_000);

  it('an unknown arm, or a workspace setup cannot read: an error, and the CLI never starts', async () => {
    const executor = await executorAt('http://127.0.0.1:9');
    const loose = taskRun('one-file', 'loose');
    cleanups.push(() => loose.dispose());
    expect(await executor(loose.input)).toMatchObject({
      error: 'unknown arm "loose"; use one of off, light, standard, strict, checks',
      modelCalls: 0,
    });
    const broken = taskRun('one-file', 'standard');
    cleanups.push(() => broken.dispose());
    mkdirSync(join(broken.input.workspace, '.claude'));
    writeFileSync(join(broken.input.workspace, '.claude', 'settings.json'), '{ not json');
    const outcome = await executor({ ...broken.input, locale: 'zh' });
    expect(outcome.error).toMatch(/^plankeeper setup claude-code 失败：.*settings\.json/);
    expect(outcome.modelCalls).toBe(0);
  });
});
