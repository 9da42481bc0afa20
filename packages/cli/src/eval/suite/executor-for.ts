/**
 * Which executor runs a suite's runs: plankeeper's own agent loop with the model from
 * `--model`, or (with `--agent NAME`) a coding agent's real CLI. The one switch between them.
 */
import { modelClientFromFlags } from '../../cli/model-option.js';
import { ownLoopExecutor } from './own-loop-executor.js';
import type { RunExecutor } from './run-executor.js';
import { SuiteError } from './suite-error.js';

export interface ExecutorFlags {
  agent?: string | undefined;
  model?: string | undefined;
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
}

export async function executorFor(flags: ExecutorFlags): Promise<RunExecutor> {
  if (flags.agent !== undefined) {
    // The coding-agent executors plug in here: agentExecutor(flags.agent, { model, baseUrl, apiKey }).
    throw new SuiteError(
      `--agent ${flags.agent}: coding-agent runs are not in this build. Leave out --agent to run plankeeper's own loop.`,
    );
  }
  if (flags.model === undefined) {
    throw new SuiteError('--suite needs --model (or --agent). Example: --model openai:gpt-4o-mini');
  }
  const model = await modelClientFromFlags({
    model: flags.model,
    baseUrl: flags.baseUrl,
    apiKey: flags.apiKey,
  });
  return ownLoopExecutor(model);
}
