/**
 * `plankeeper eval --suite DIR --agent NAME`: the suite's runs on a real coding agent's CLI
 * instead of plankeeper's own loop, with and without `plankeeper setup <agent>` as the arms.
 *
 * @example
 * const executor = await agentExecutor('claude-code', { model: 'anthropic:claude-sonnet-4-5' });
 * const outcome = await executor({ taskId, workspace, prompt, arm: 'standard', checkCommand, locale: 'en', signal });
 * await executor.close();
 */
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { ConfigurationError, type LocaleId } from 'plankeeper';
import { CODING_AGENT_NAMES, type CodingAgentName } from '../../coding-agents/agent-names.js';
import type { RunExecutor } from '../suite/run-executor.js';
import { SuiteError } from '../suite/suite-error.js';
import { executorFor } from './agent-executor.js';
import { AGENT_SPECS } from './agent-specs.js';
import { AGENT_TEXTS } from './agent-texts.js';
import { startCountingProxy } from './counting-proxy.js';
import { findAgentBin } from './find-agent-bin.js';

export { EVAL_ARMS } from './arm-setup.js';

/** The agents `--agent` takes. */
export const EVAL_AGENTS: readonly CodingAgentName[] = CODING_AGENT_NAMES;

export interface AgentExecutorOptions {
  /** The model, bare or as the `provider:name` spec `--model` takes (the prefix is dropped). */
  model: string;
  /** The person's endpoint; default the agent's own provider's. */
  baseUrl?: string;
  /** The key; default the agent's usual variable in `env` (ANTHROPIC_API_KEY, OPENAI_API_KEY...). */
  apiKey?: string;
  /** The CLI's path; default the agent's command on PATH. */
  agentBin?: string;
  /** Per run; default 10 minutes. */
  timeoutMs?: number;
  /** Where PATH, the key variables and `PLANKEEPER_EVAL_ENV_*` come from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Where each run's folder (its transcript, and its home while it runs) goes; default the system temp folder. */
  runsDir?: string;
  /** The language of the executor's own errors (a run's are in its input's locale). Default en. */
  locale?: LocaleId;
}

/** A RunExecutor that also says which CLI version it runs, and stops its proxy on close. */
export type AgentRunExecutor = RunExecutor & {
  readonly agentVersion: string;
  close(): Promise<void>;
};

/**
 * The executor for `agent`: a SuiteError when `agent` is not one of EVAL_AGENTS (`--agent` is
 * checked here, where the list is, and nowhere else), a ConfigurationError when its CLI is not
 * installed or it has no key.
 */
export async function agentExecutor(
  agent: string,
  options: AgentExecutorOptions,
): Promise<AgentRunExecutor> {
  const texts = AGENT_TEXTS[options.locale ?? 'en'];
  if (!isEvalAgent(agent)) throw new SuiteError(texts.unknownAgent(agent, EVAL_AGENTS));
  const spec = AGENT_SPECS[agent];
  const env = options.env ?? process.env;
  const bin = findAgentBin(spec, options.agentBin, env, texts);
  const version = agentVersion(bin, env);
  const apiKey = options.apiKey ?? spec.keyVariables.map((name) => env[name]).find((key) => key);
  if (!apiKey) {
    throw new ConfigurationError(texts.noKey(agent, spec.keyVariables));
  }
  const proxy = await startCountingProxy(options.baseUrl ?? spec.defaultBaseUrl);
  const run = executorFor({
    spec,
    bin,
    version,
    model: bareModel(options.model),
    apiKey,
    proxy,
    timeoutMs: options.timeoutMs ?? 10 * 60_000,
    env,
    runsDir: options.runsDir ?? tmpdir(),
  });
  return Object.assign(run, { agentVersion: version, close: () => proxy.close() });
}

/** Own names only: `constructor` or `toString` is no agent, though AGENT_SPECS has them. */
function isEvalAgent(name: string): name is CodingAgentName {
  return (EVAL_AGENTS as readonly string[]).includes(name);
}

/** `<cli> --version`'s first line (recorded with the results: the agent changes under the eval). */
export function agentVersion(bin: string, env: NodeJS.ProcessEnv = process.env): string {
  const answer = spawnSync(bin, ['--version'], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { PATH: env.PATH, HOME: env.HOME, NO_COLOR: '1' },
  });
  const line = `${answer.stdout ?? ''}`.trim().split('\n')[0]?.trim();
  return line || 'unknown';
}

/** `anthropic:NAME` / `openai:NAME` as `--model` takes them, or a bare name (`qwen2.5:7b` stays). */
function bareModel(model: string): string {
  return model.trim().replace(/^(anthropic|openai|gemini|google):/i, '');
}
