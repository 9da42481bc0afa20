/**
 * A conversation with one plan. `send` runs one user turn: call the model, run its tool
 * calls through executeTool, inject the plan section and reminders, apply the finish
 * and goal checks, until the model answers or the step budget is spent.
 *
 * Prompt-cache safety: the conversation is append-only. The plan section is either a
 * transient tail after the last message (never stored) or appended to the history, so
 * no message a provider has cached is ever rewritten.
 */
import { ConfigurationError, PlankeeperError } from '../engine/errors.js';
import type { PlanSnapshot } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import { isOpen, type TodoItem } from '../engine/todo-item.js';
import { createCompletionLoop } from '../harness/completion-loop.js';
import { PlanHarness } from '../harness/plan-harness.js';
import type { ToolContext, ToolDefinition } from '../tools/tool.js';
import { executeTool, type ToolOutcome } from './execute-tool.js';
import type { ChatMessage, InjectionKind, ModelToolSpec, ToolCall } from './model-client.js';
import type { ResolvedAgent } from './resolved-agent.js';
import type { RunResult } from './run-result.js';

export interface CompletionRunResult extends RunResult {
  iterations: number;
  stopReason: 'plan-complete' | 'no-plan' | 'iteration-cap' | 'error';
}

export class AgentSession {
  /** The conversation so far: system prompt, user turns, replies, tool results, kept injections. */
  readonly history: ChatMessage[] = [];
  /** The harness discipline for this session's plan; undefined without planning. */
  readonly harness: PlanHarness | undefined;
  private readonly toolSpecs: ModelToolSpec[];

  constructor(
    private readonly agent: ResolvedAgent,
    readonly key: PlanKey,
    private readonly tools: ReadonlyMap<string, ToolDefinition>,
    /** Runs after each turn with its result, before `send` returns (a sub-agent's roll-up). */
    private readonly afterTurn?: (result: RunResult) => Promise<void>,
  ) {
    this.toolSpecs = [...tools.values()].map(({ name, description, inputSchema }) => ({
      name,
      description,
      inputSchema,
    }));
    const planning = agent.planning;
    this.harness = planning && new PlanHarness({ ...planning, key, locale: agent.locale });
    if (agent.system) this.history.push({ role: 'system', content: agent.system });
  }

  /** The session's plan now (a copy). */
  async plan(): Promise<PlanSnapshot | undefined> {
    return this.harness?.snapshot();
  }

  /** Runs one user turn. Never throws for model or script failures: see `error`. */
  async send(task: string, options: { signal?: AbortSignal } = {}): Promise<RunResult> {
    const turn = (await this.harness?.beginTurn(task))?.id ?? `${this.key.session}#turn`;
    this.agent.observer({ type: 'turn-started', turn, task });
    this.history.push({ role: 'user', content: task });
    const result = await this.runTurn(turn, options.signal);
    await this.afterTurn?.(result);
    this.agent.observer({ type: 'turn-finished', answer: result.answer, error: result.error });
    return result;
  }

  /**
   * An autonomous run (seed 001's completion loop): after each turn, if the plan still
   * has open items, send a "continue" prompt, up to `maxIterations` turns in all.
   */
  async runUntilComplete(
    task: string,
    options: { maxIterations: number; signal?: AbortSignal },
  ): Promise<CompletionRunResult> {
    const loop = createCompletionLoop(options);
    let prompt = task;
    for (let iteration = 1; ; iteration++) {
      const result = await this.send(prompt, options);
      if (result.error !== null) return { ...result, iterations: iteration, stopReason: 'error' };
      const snapshot = (await this.plan()) ?? emptySnapshot();
      const decision = loop.evaluate(snapshot, iteration, this.agent.locale);
      if (!decision.continue)
        return { ...result, iterations: iteration, stopReason: decision.reason };
      prompt = decision.prompt;
    }
  }

  private async runTurn(turn: string, signal: AbortSignal | undefined): Promise<RunResult> {
    const { agent, harness } = this;
    const calls: ChatMessage[][] = [];
    const usage = { inputTokens: 0, outputTokens: 0 };
    let lastInput: ChatMessage[] = [];
    let lastReply: ChatMessage | undefined;
    let steps = 0;

    const finish = async (answer: string | null, error: string | null): Promise<RunResult> => ({
      answer,
      error,
      messages: lastReply ? [...lastInput, lastReply] : lastInput,
      calls,
      plan: (await this.plan())?.items ?? [],
      steps,
      usage,
    });

    for (;;) {
      if (steps >= agent.maxSteps) {
        const open = (await this.plan())?.items.filter(isOpen).length ?? 0;
        return finish(
          null,
          `Step budget exhausted: ${agent.maxSteps} model calls without a final answer${open ? ` (${open} plan items still open)` : ''}.`,
        );
      }
      // A kept section joins the history before the input is taken; a tail goes after it.
      const section = await harness?.planSection();
      if (section?.placement === 'history') this.inject('plan', section.text);
      const input = [...this.history];
      if (section?.placement === 'tail') input.push(injected('plan', section.text));
      lastInput = input;
      lastReply = undefined;
      calls.push(input);
      steps++;
      agent.observer({ type: 'model-called', step: steps, messages: input });

      const reply = await this.callModel(input, steps, usage, signal);
      if ('error' in reply) return finish(null, reply.error);
      lastReply = reply;
      this.history.push(reply);

      if (reply.toolCalls) {
        await this.runToolRound(reply.toolCalls, turn, steps, signal);
        continue;
      }

      const bounce = await harness?.checkFinish(reply.content);
      if (bounce) {
        this.inject(bounce.kind, bounce.text);
        continue;
      }
      return finish(reply.content, null);
    }
  }

  /** One model call: its reply, or the error a run ends with (a programmer's mistake throws). */
  private async callModel(
    input: ChatMessage[],
    step: number,
    usage: { inputTokens: number; outputTokens: number },
    signal: AbortSignal | undefined,
  ): Promise<(ChatMessage & { role: 'assistant' }) | { error: string }> {
    const { agent } = this;
    try {
      const response = await agent.model.generate({
        messages: input,
        tools: this.toolSpecs,
        ...(signal && { signal }),
      });
      agent.observer({ type: 'model-responded', step, response });
      usage.inputTokens += response.usage?.inputTokens ?? 0;
      usage.outputTokens += response.usage?.outputTokens ?? 0;
      const reply = { ...response.message };
      if (!reply.toolCalls?.length) delete reply.toolCalls;
      return reply;
    } catch (error) {
      if (!PlankeeperError.isInstance(error) || ConfigurationError.isInstance(error)) throw error;
      return { error: error.message };
    }
  }

  /** The reply's tool calls, each result joining the history, then the harness's reminder. */
  private async runToolRound(
    toolCalls: readonly ToolCall[],
    turn: string,
    step: number,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    for (const call of toolCalls) {
      const outcome = await this.runTool(call, turn, step, signal);
      this.history.push({
        role: 'tool',
        toolCallId: call.id,
        name: call.name,
        content: outcome.observation,
        ok: outcome.ok,
      });
    }
    const reminder = await this.harness?.endToolRound();
    if (reminder !== undefined) this.inject('reminder', reminder);
  }

  /** One tool call on the one tool path, through the harness when planning so it sees the outcome. */
  private runTool(
    call: ToolCall,
    turn: string,
    step: number,
    signal: AbortSignal | undefined,
  ): Promise<ToolOutcome> {
    const { agent, harness } = this;
    const run = (context?: ToolContext) =>
      executeTool(
        call,
        this.tools,
        agent.hooks,
        { key: this.key, turn, step },
        agent.observer,
        signal,
        // The harness's record of this run's calls, so plan writes meet the evidence rule,
        // and the plan the model last saw, so they do not undo a person's change made since.
        context,
      );
    if (!harness) return run();
    return harness.wrapTool({
      name: call.name,
      callId: call.id,
      run,
      outcome: (outcome) => outcome,
      // Held for a person's approval: the call did not run, and says so like a blocked one.
      held: (text): ToolOutcome => {
        agent.observer({ type: 'tool-blocked', call, reason: text });
        return { ok: false, result: undefined, blocked: text, observation: text };
      },
      withNote: (outcome, note) => {
        // Reported like any harness message, though it rides on the write's result.
        agent.observer({ type: 'harness-injected', kind: 'goal-check', text: note });
        return { ...outcome, observation: `${outcome.observation}\n\n${note}` };
      },
      onPlanUpdate: ({ result }) => {
        const data = result?.data as { items: TodoItem[]; version: number };
        agent.observer({
          type: 'plan-updated',
          items: data.items,
          version: data.version,
          tool: call.name,
        });
      },
    });
  }

  /** Adds a harness message to the conversation (kept, so the cached prefix stays valid). */
  private inject(kind: InjectionKind, text: string): void {
    this.history.push(injected(kind, text));
    this.agent.observer({ type: 'harness-injected', kind, text });
  }
}

function injected(kind: InjectionKind, content: string): ChatMessage {
  return { role: 'user', content, injected: kind };
}

function emptySnapshot(): PlanSnapshot {
  return { items: [], version: 0, nextId: 1, updatedAt: undefined, turn: undefined };
}
