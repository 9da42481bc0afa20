/**
 * The suite's own executor: plankeeper's agent loop with a real model client, the workspace
 * tools `read_file`, `edit_file` and `run_shell` confined to the run's folder, and the arm's
 * planning. A failing provider makes the run an error (retryable when waiting may help);
 * anything the model does, running out of steps included, is for the check to judge.
 */
import type { ModelClient, ModelRequest, ModelResponse, ToolDefinition } from 'plankeeper';
import { Agent } from 'plankeeper';
import { shellTool } from '../../builtin-tools/shell/run-shell.js';
import { workspaceTools } from '../../builtin-tools/workspace/workspace-tools.js';
import { ModelError, type ModelErrorCode } from '../../models/model-error.js';
import { OWN_LOOP_SYSTEM } from './own-loop-texts.js';
import type { RunExecutor, SuiteRunInput, SuiteRunOutcome } from './run-executor.js';
import { isSuiteArm, planningForArm } from './suite-arms.js';

/** Model calls one run may make: room for a real task, a bound on a looping model. */
const MAX_STEPS = 40;
/** Time one of the model's shell commands may take. */
const SHELL_TIMEOUT_MS = 60_000;
const WORKSPACE_TOOLS = new Set(['read_file', 'edit_file']);
/**
 * What the model's shell gets of this process's environment: enough to find and run tools,
 * never the person's keys (the --agent runs build their CLI's environment from a few names
 * too: eval/agents/agent-executor.ts).
 */
const SHELL_ENV_NAMES = ['PATH', 'HOME', 'SHELL', 'LANG', 'LC_ALL', 'TMPDIR'];
const RETRYABLE: ReadonlySet<ModelErrorCode> = new Set([
  'rate-limit',
  'server',
  'connection',
  'timeout',
]);

export function ownLoopExecutor(model: ModelClient): RunExecutor {
  return (input) => runOwnLoop(model, input);
}

async function runOwnLoop(model: ModelClient, input: SuiteRunInput): Promise<SuiteRunOutcome> {
  if (!isSuiteArm(input.arm)) {
    return { error: `unknown arm ${input.arm}`, modelCalls: 0, inputTokens: 0, outputTokens: 0 };
  }
  const recording = new FailureRecordingModel(model);
  const agent = new Agent({
    name: 'eval-suite',
    model: recording,
    system: OWN_LOOP_SYSTEM[input.locale],
    tools: toolsFor(input),
    planning: planningForArm(input.arm, { command: input.checkCommand, cwd: input.workspace }),
    maxSteps: MAX_STEPS,
    locale: input.locale,
  });
  const session = agent.session(`${input.taskId}-${input.arm}`);
  try {
    const result = await session.send(input.prompt, { signal: input.signal });
    const usage = {
      modelCalls: recording.calls,
      inputTokens: result.usage.inputTokens,
      outputTokens: result.usage.outputTokens,
    };
    return recording.failure === undefined ? usage : { ...usage, ...describe(recording.failure) };
  } catch (error) {
    return { modelCalls: recording.calls, inputTokens: 0, outputTokens: 0, ...describe(error) };
  }
}

function toolsFor(input: SuiteRunInput): ToolDefinition[] {
  const files = workspaceTools({ root: input.workspace, locale: input.locale }).filter((tool) =>
    WORKSPACE_TOOLS.has(tool.name),
  );
  return [
    ...files,
    shellTool({
      cwd: input.workspace,
      timeoutMs: SHELL_TIMEOUT_MS,
      locale: input.locale,
      env: shellEnv(),
    }),
  ];
}

function shellEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of SHELL_ENV_NAMES)
    if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

function describe(error: unknown): { error: string; retryable: boolean } {
  if (ModelError.isInstance(error)) {
    return { error: error.message, retryable: RETRYABLE.has(error.code) };
  }
  return { error: error instanceof Error ? error.message : String(error), retryable: false };
}

/**
 * Counts the calls the endpoint answered and keeps the first error the model client threw:
 * that run is no result. A call that never reached the model (refused, timed out) is no call.
 */
class FailureRecordingModel implements ModelClient {
  failure: unknown;
  calls = 0;

  constructor(private readonly inner: ModelClient) {}

  get name(): string {
    return this.inner.name;
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    try {
      const response = await this.inner.generate(request);
      this.calls += 1;
      return response;
    } catch (error) {
      // An HTTP status means the endpoint answered: a 500 or a 429 is a call all the same.
      if (ModelError.isInstance(error) && error.status !== undefined) this.calls += 1;
      this.failure ??= error;
      throw error;
    }
  }
}
