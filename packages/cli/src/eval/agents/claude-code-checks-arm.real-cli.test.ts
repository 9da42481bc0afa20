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
import { describe, expect, it } from 'vitest';
import { CLAUDE_BIN } from '../../../test/coding-agents/claude-code/support/claude-runner.js';
import {
  callTool,
  ScriptedAnthropicServer,
  say,
  seenText,
} from '../../../test/coding-agents/claude-code/support/scripted-anthropic-server.js';
import { afterThisTest, agentRuns } from '../../../test/eval/agents/support/agent-run.js';
import { taskRun } from '../../../test/eval/agents/support/suite-fixture.js';
import { agentExecutor } from './index.js';

const { runAgentTask, testExecutor } = agentRuns(agentExecutor);
const CLAUDE = {
  agent: 'claude-code',
  bin: CLAUDE_BIN,
  model: 'claude-scripted',
  apiKey: 'sk-ant-scripted-test-key',
} as const;

const executorAt = (baseUrl: string, timeoutMs = 60_000) =>
  testExecutor({ ...CLAUDE, baseUrl, timeoutMs });

describe('eval --agent claude-code: the checks arm and the limits (real CLI)', () => {
  it('a wrong b.txt and "done": standard lets it through, checks refuses it with the check and it is fixed', async () => {
    const outcomes = [];
    for (const arm of ['standard', 'checks']) {
      const { task, server, outcome } = await runAgentTask({
        ...CLAUDE,
        task: 'two-files',
        arm,
        server: (ws) =>
          ScriptedAnthropicServer.start([
            callTool('Write', { file_path: join(ws, 'a.txt'), content: 'ok\n' }),
            callTool('Write', { file_path: join(ws, 'b.txt'), content: 'no\n' }),
            say('Done.'),
            callTool('Write', { file_path: join(ws, 'b.txt'), content: 'ok\n' }),
            say('Fixed: b.txt says ok.'),
          ]),
        baseUrl: (server) => server.url,
      });
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
    afterThisTest(() => {
      hanging.closeAllConnections();
      hanging.close();
    });
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;

    const timed = taskRun('one-file', 'off');
    afterThisTest(() => timed.dispose());
    const slow = await (await executorAt(url, 4_000))(timed.input);
    expect(slow).toMatchObject({ error: 'claude did not finish within 4 s', retryable: false });

    const aborted = taskRun('one-file', 'off');
    afterThisTest(() => aborted.dispose());
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
    afterThisTest(() => loose.dispose());
    expect(await executor(loose.input)).toMatchObject({
      error: 'unknown arm "loose"; use one of off, light, standard, strict, checks',
      modelCalls: 0,
    });
    const broken = taskRun('one-file', 'standard');
    afterThisTest(() => broken.dispose());
    mkdirSync(join(broken.input.workspace, '.claude'));
    writeFileSync(join(broken.input.workspace, '.claude', 'settings.json'), '{ not json');
    const outcome = await executor({ ...broken.input, locale: 'zh' });
    expect(outcome.error).toMatch(/^plankeeper setup claude-code 失败：.*settings\.json/);
    expect(outcome.modelCalls).toBe(0);
  });
});
