/**
 * Which executor runs a suite's runs: plankeeper's own agent loop with the model from
 * `--model`, or (with `--agent NAME`) a coding agent's real CLI. The one switch between them.
 */
import type { LocaleId } from 'plankeeper';
import { modelClientFromFlags } from '../../cli/model-option.js';
import { CODING_AGENT_NAMES, type CodingAgentName } from '../../coding-agents/agent-names.js';
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
  if (flags.agent !== undefined) return agentSuiteExecutor(flags.agent, flags.model, flags, locale);
  const model = await modelClientFromFlags({
    model: flags.model,
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
  if (!(CODING_AGENT_NAMES as readonly string[]).includes(agent)) {
    throw new SuiteError(
      `--agent ${agent}: not a coding agent. Use one of: ${CODING_AGENT_NAMES.join(', ')}.`,
    );
  }
  // Loaded only for --agent: the own loop never needs the proxy and the CLIs' settings.
  const { agentExecutor } = await import('../agents/index.js');
  const executor = await agentExecutor(agent as CodingAgentName, {
    model,
    locale,
    ...(flags.baseUrl !== undefined && { baseUrl: flags.baseUrl }),
    ...(flags.apiKey !== undefined && { apiKey: flags.apiKey }),
  });
  return { run: executor, agentVersion: executor.agentVersion, close: () => executor.close() };
}
