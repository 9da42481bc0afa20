/**
 * Which executor runs a suite's runs: plankeeper's own agent loop with the model from
 * `--model`, or (with `--agent NAME`) a coding agent's real CLI. The one switch between them.
 */
import type { LocaleId } from 'plankeeper';
import { checkBaseUrlFlag, modelClientFromFlags } from '../../cli/model-option.js';
import { ownLoopExecutor } from './own-loop-executor.js';
import type { RunExecutor } from './run-executor.js';
import { SuiteError } from './suite-error.js';

export interface ExecutorFlags {
  agent?: string | undefined;
  model?: string | undefined;
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
}

/** The executor, what it runs on (a coding agent's CLI version), and how to stop what it started. */
export interface SuiteExecutor {
  readonly run: RunExecutor;
  readonly agentVersion: string | null;
  close(): Promise<void>;
}

export async function executorFor(flags: ExecutorFlags, locale: LocaleId): Promise<SuiteExecutor> {
  if (flags.model === undefined) {
    throw new SuiteError('--suite needs --model. Example: --model openai:gpt-4o-mini');
  }
  // Before the agent's CLI is looked for: its proxy would only fail on the URL at the first run.
  checkBaseUrlFlag(flags.baseUrl);
  if (flags.agent !== undefined) return agentSuiteExecutor(flags.agent, flags.model, flags, locale);
  // Loaded here, as modelClientFromFlags loads it: the model clients only when a run needs them.
  const { namesProvider } = await import('../../models/create-model-client.js');
  // A name with no provider, beside a base URL, is a model of an OpenAI-compatible server (what
  // Ollama, vLLM and most local servers speak), as it is to the coding agents: `qwen2.5:7b`.
  const bare = flags.baseUrl !== undefined && !namesProvider(flags.model);
  const model = await modelClientFromFlags({
    model: bare ? `openai:${flags.model.trim()}` : flags.model,
    baseUrl: flags.baseUrl,
    apiKey: flags.apiKey,
  });
  return { run: ownLoopExecutor(model), agentVersion: null, close: async () => {} };
}

async function agentSuiteExecutor(
  agent: string,
  model: string,
  flags: ExecutorFlags,
  locale: LocaleId,
): Promise<SuiteExecutor> {
  // Loaded only for --agent: the own loop never needs the proxy and the CLIs' settings. It
  // checks the name too (a SuiteError, so a usage error), beside the list of agents it runs.
  const { agentExecutor } = await import('../agents/index.js');
  const executor = await agentExecutor(agent, {
    model,
    locale,
    ...(flags.baseUrl !== undefined && { baseUrl: flags.baseUrl }),
    ...(flags.apiKey !== undefined && { apiKey: flags.apiKey }),
  });
  return { run: executor, agentVersion: executor.agentVersion, close: () => executor.close() };
}
