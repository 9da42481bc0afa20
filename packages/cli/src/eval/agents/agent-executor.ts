/**
 * The executor of `plankeeper eval --suite DIR --agent NAME`: each run starts the real coding
 * agent's CLI in the workspace the suite runner made, in an isolated home (nothing of the
 * person's own agent config is read or changed), with the arm set up (arm-setup.ts), pointed at
 * the person's endpoint through the counting proxy (counting-proxy.ts), and leaves a transcript
 * in the run's folder.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunExecutor, SuiteRunInput, SuiteRunOutcome } from '../suite/run-executor.js';
import type { AgentSpec } from './agent-spec.js';
import { AGENT_TEXTS } from './agent-texts.js';
import { setUpArm } from './arm-setup.js';
import type { CountingProxy } from './counting-proxy.js';
import { runAgentCli } from './run-agent-cli.js';
import { runOutcome } from './run-outcome.js';

export interface ExecutorSettings {
  readonly spec: AgentSpec;
  readonly bin: string;
  readonly version: string;
  readonly model: string;
  readonly apiKey: string;
  readonly proxy: CountingProxy;
  readonly timeoutMs: number;
  readonly env: NodeJS.ProcessEnv;
  readonly runsDir: string;
}

export function executorFor(settings: ExecutorSettings): RunExecutor {
  return (input) => runOnce(settings, input);
}

async function runOnce(settings: ExecutorSettings, input: SuiteRunInput): Promise<SuiteRunOutcome> {
  const { spec, proxy } = settings;
  const folder = realpathSync(mkdtempSync(join(settings.runsDir, `plankeeper-eval-${spec.name}-`)));
  const home = join(folder, 'home');
  const tmp = join(folder, 'tmp');
  mkdirSync(home);
  mkdirSync(tmp, { mode: 0o700 });
  const transcriptFile = join(folder, 'transcript.txt');
  const runId = randomUUID();
  const place = {
    workspace: input.workspace,
    home,
    baseUrl: proxy.baseUrl(runId),
    model: settings.model,
    apiKey: settings.apiKey,
    prompt: input.prompt,
  };
  try {
    const launch = spec.prepare(place);
    const problem = setUpArm({ ...input, agent: spec.name, home, env: settings.env });
    if (problem !== undefined) {
      writeFileSync(transcriptFile, `${problem}\n`);
      return { modelCalls: 0, inputTokens: 0, outputTokens: 0, error: problem, transcriptFile };
    }
    const cli = await runAgentCli({
      bin: settings.bin,
      args: launch.args,
      cwd: input.workspace,
      env: { ...runEnv(settings.env, home, tmp), ...launch.env, ...extraEnv(settings.env) },
      timeoutMs: settings.timeoutMs,
      signal: input.signal,
    });
    const header = `${spec.command} ${settings.version} · task ${input.taskId} · arm ${input.arm}\n`;
    writeFileSync(transcriptFile, `${header}\n${cli.stdout}\n--- stderr ---\n${cli.stderr}`);
    return runOutcome(cli, proxy.traffic(runId), {
      command: spec.command,
      texts: AGENT_TEXTS[input.locale],
      timeoutMs: settings.timeoutMs,
      transcriptFile,
    });
  } finally {
    rmSync(home, { recursive: true, force: true, maxRetries: 3 });
    rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * The CLI's environment, built from scratch: the person's PATH and locale, every home and
 * config folder in the run's home, and no proxy for the local counting proxy. None of the
 * person's keys or agent variables pass.
 */
function runEnv(env: NodeJS.ProcessEnv, home: string, tmp: string): NodeJS.ProcessEnv {
  return {
    PATH: env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    USERPROFILE: home,
    TMPDIR: tmp,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    SHELL: env.SHELL ?? '/bin/sh',
    LANG: env.LANG ?? 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
  };
}

/** Variables the person passes to the CLI on purpose: `PLANKEEPER_EVAL_ENV_<NAME>` → NAME. */
function extraEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const prefix = 'PLANKEEPER_EVAL_ENV_';
  return Object.fromEntries(
    Object.entries(env)
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, value]) => [name.slice(prefix.length), value]),
  );
}
