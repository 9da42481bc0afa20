/**
 * What every real-CLI executor test does around its assertions: a fresh task of the two-task
 * suite, a scripted model server for it, the executor on the agent's real CLI pointed at that
 * server, one run; and everything it started stopped and removed after the test, last first.
 * The tests pass `agentExecutor` in: support imports nothing of `src` (test placement rule).
 */
import { afterEach } from 'vitest';
import { RUNS_DIR, testEnv } from './executor-env.js';
import { type TaskId, type TaskInput, type TaskRun, taskRun } from './suite-fixture.js';

/** Refuses at once: where a CLI's traffic that is not the endpoint's goes. */
export const REFUSING_PROXY = 'http://127.0.0.1:9';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs `cleanup` after the current test, before what was registered earlier. */
export function afterThisTest(cleanup: () => unknown): void {
  cleanups.push(cleanup);
}

/** What the tests need of an executor (AgentRunExecutor of src/eval/agents/index.ts). */
type Executor = ((input: TaskInput) => Promise<unknown>) & { close(): Promise<void> };

/** `agentExecutor` of src/eval/agents/index.ts, as the tests call it. */
type AgentExecutorFn<E> = (
  agent: 'claude-code' | 'codex' | 'gemini' | 'opencode' | 'copilot' | 'pi',
  options: {
    model: string;
    baseUrl: string;
    apiKey: string;
    agentBin: string;
    timeoutMs: number;
    runsDir: string;
    env: NodeJS.ProcessEnv;
  },
) => Promise<E>;

export interface ExecutorOptions {
  agent: Parameters<AgentExecutorFn<unknown>>[0];
  bin: string;
  /** As `--model` takes it. */
  model: string;
  apiKey: string;
  baseUrl: string;
  /** Default 60 s. */
  timeoutMs?: number;
  /** Default REFUSING_PROXY; a scripted server's own refusing proxy where it has one. */
  refusingProxy?: string;
}

export interface AgentRunOptions<Server>
  extends Omit<ExecutorOptions, 'baseUrl' | 'refusingProxy'> {
  /** Default one-file. */
  task?: TaskId;
  /** Default standard. */
  arm?: string;
  /** Starts the scripted model, which may name files in the run's workspace; closed after. */
  server(workspace: string): Promise<Server>;
  /** The endpoint the executor's proxy forwards to. */
  baseUrl(server: Server): string;
  refusingProxy?(server: Server): string;
}

export interface AgentRun<Server, E extends Executor> {
  task: TaskRun;
  server: Server;
  executor: E;
  outcome: Awaited<ReturnType<E>>;
}

/** `testExecutor` (closed after the test) and `runAgentTask` (one run, nothing checked yet). */
export function agentRuns<E extends Executor>(agentExecutor: AgentExecutorFn<E>) {
  async function testExecutor(options: ExecutorOptions): Promise<E> {
    const executor = await agentExecutor(options.agent, {
      model: options.model,
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      agentBin: options.bin,
      timeoutMs: options.timeoutMs ?? 60_000,
      runsDir: RUNS_DIR,
      env: testEnv(options.refusingProxy ?? REFUSING_PROXY),
    });
    afterThisTest(() => executor.close());
    return executor;
  }

  async function runAgentTask<Server extends { close(): unknown }>(
    options: AgentRunOptions<Server>,
  ): Promise<AgentRun<Server, E>> {
    const task = taskRun(options.task ?? 'one-file', options.arm ?? 'standard');
    afterThisTest(() => task.dispose());
    const server = await options.server(task.input.workspace);
    afterThisTest(() => server.close());
    const { baseUrl, refusingProxy, ...rest } = options;
    const executor = await testExecutor({
      ...rest,
      baseUrl: baseUrl(server),
      ...(refusingProxy && { refusingProxy: refusingProxy(server) }),
    });
    const outcome = (await executor(task.input)) as Awaited<ReturnType<E>>;
    return { task, server, executor, outcome };
  }

  return { testExecutor, runAgentTask };
}
