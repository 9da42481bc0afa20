/**
 * What `eval --agent` tells the person, in English and Chinese: every run error and every
 * reason the executor cannot start, as the person reads them (snapshot), and a refused
 * connection from the proxy as the run's outcome words it.
 */
import { describe, expect, it } from 'vitest';
import { AGENT_TEXTS } from './agent-texts.js';
import { EVAL_ARMS } from './arm-setup.js';
import { EVAL_AGENTS } from './index.js';
import { runOutcome } from './run-outcome.js';

describe.each(['en', 'zh'] as const)('eval --agent texts (%s)', (locale) => {
  const texts = AGENT_TEXTS[locale];
  it('every line, as the person reads it', () => {
    expect([
      texts.notStarted('claude', 'spawn EACCES'),
      texts.stopped,
      texts.timedOut('codex', 600),
      texts.unreachable('http://127.0.0.1:9', 'ECONNREFUSED'),
      texts.httpStatus(529),
      texts.noModelAnswer('gemini', 1, 'Error: bad settings'),
      texts.noModelAnswer('pi', 1, ''),
      texts.unknownArm('loose', EVAL_ARMS),
      texts.checksNeedCheck,
      texts.setupFailed('codex', '/home/.codex/config.toml: not TOML'),
      texts.notOnPath('claude-code', 'claude', 'npm install -g @anthropic-ai/claude-code'),
      texts.notExecutable('codex', '/opt/codex', 'codex', 'npm install -g @openai/codex'),
      texts.noKey('gemini', ['GEMINI_API_KEY', 'GOOGLE_API_KEY']),
      texts.unknownAgent('cursor', EVAL_AGENTS),
    ]).toMatchSnapshot();
  });

  it("a run that never got a model answer is an error in the run's language", () => {
    const outcome = runOutcome(
      { code: 1, stdout: '', stderr: 'boot\nError: no model\n', timedOut: false, aborted: false },
      { modelCalls: 0, inputTokens: 0, outputTokens: 0, answered: 0, lastFailed: false },
      { command: 'opencode', texts, timeoutMs: 60_000, transcriptFile: '/tmp/t.txt' },
    );
    expect(outcome.error).toBe(texts.noModelAnswer('opencode', 1, 'Error: no model'));
    expect(outcome.retryable).toBe(false);
  });
});
