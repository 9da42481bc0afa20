/**
 * A conversation with one plan. `send` runs one user turn: call the model, run its tool
 * calls through executeTool, inject the plan section and reminders, apply the finish
 * and goal checks, until the model answers or the step budget is spent.
 *
 * Prompt-cache safety: the conversation is append-only. The plan section is either a
 * transient tail after the last message (never stored) or appended to the history, so
 * no message a provider has cached is ever rewritten.
 */
import { randomUUID } from 'node:crypto';
import { PlankeeperError } from '../engine/errors.js';
import type { PlanSnapshot } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import { isOpen, type TodoItem } from '../engine/todo-item.js';
import { createCompletionLoop } from '../harness/completion-loop.js';
import { finishCheck } from '../harness/finish-check.js';
import { goalCheck } from '../harness/goal-check.js';
import { Nudge } from '../harness/nudge.js';
import { buildPlanSection, isLeftover } from '../harness/plan-section.js';
import { newTurnState, type TurnState } from '../harness/turn-state.js';
import type { ChatMessage, InjectionKind, ModelToolSpec } from '../models/model-client.js';
import { ALL_PLAN_TOOL_NAMES, PLAN_WRITE_TOOL_NAMES } from '../tools/plan-tools.js';
import type { ToolDefinition } from '../tools/tool.js';
import type { ResolvedAgent } from './agent.js';
import { executeTool } from './execute-tool.js';
import type { RunResult } from './run-result.js';

export interface CompletionRunResult extends RunResult {
  iterations: number;
  stopReason: 'plan-complete' | 'no-plan' | 'iteration-cap' | 'error';
}

export class AgentSession {
  /** The conversation so far: system prompt, user turns, replies, tool results, kept injections. */
  readonly history: ChatMessage[] = [];
  private readonly toolSpecs: ModelToolSpec[];
  private readonly nudge: Nudge | undefined;
  /** Plan version the model last saw in a section, so unchanged plans can be shown briefly. */
  private lastSeenVersion: number | undefined;
  private turnCount = 0;

  constructor(
    private readonly agent: ResolvedAgent,
    readonly key: PlanKey,
    private readonly tools: ReadonlyMap<string, ToolDefinition>,
  ) {
    this.toolSpecs = [...tools.values()].map(({ name, description, inputSchema }) => ({
      name,
      description,
      inputSchema,
    }));
    const nudge = agent.planning?.nudge;
    this.nudge = agent.planning && nudge !== false ? new Nudge(nudge) : undefined;
    if (agent.system) this.history.push({ role: 'system', content: agent.system });
  }

  /** The session's plan now (a copy). */
  async plan(): Promise<PlanSnapshot | undefined> {
    return this.agent.planning?.engine.snapshot(this.key);
  }

  /** Runs one user turn. Never throws for model or script failures: see `error`. */
  async send(task: string, options: { signal?: AbortSignal } = {}): Promise<RunResult> {
    const turn = newTurnState(
      `${this.key.session}#${++this.turnCount}-${randomUUID().slice(0, 8)}`,
      task,
    );
    this.agent.observer({ type: 'turn-started', turn: turn.id, task });
    this.history.push({ role: 'user', content: task });
    const result = await this.runTurn(turn, options.signal);
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

  private async runTurn(turn: TurnState, signal: AbortSignal | undefined): Promise<RunResult> {
    const { agent } = this;
    const planning = agent.planning;
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
      // Computed first: with history placement the section joins the history itself.
      const tail = await this.planSection(turn);
      const input = [...this.history];
      if (tail !== undefined) input.push(injected('plan', tail));
      lastInput = input;
      lastReply = undefined;
      calls.push(input);
      steps++;
      agent.observer({ type: 'model-called', step: steps, messages: input });

      let reply: ChatMessage & { role: 'assistant' };
      try {
        const response = await agent.model.generate({
          messages: input,
          tools: this.toolSpecs,
          ...(signal && { signal }),
        });
        agent.observer({ type: 'model-responded', step: steps, response });
        usage.inputTokens += response.usage?.inputTokens ?? 0;
        usage.outputTokens += response.usage?.outputTokens ?? 0;
        reply = { ...response.message };
        if (!reply.toolCalls?.length) delete reply.toolCalls;
      } catch (error) {
        if (!PlankeeperError.isInstance(error) || error.name === 'ConfigurationError') throw error;
        return finish(null, error.message);
      }
      lastReply = reply;
      this.history.push(reply);

      if (reply.toolCalls) {
        let planUpdated = false;
        for (const call of reply.toolCalls) {
          const outcome = await executeTool(
            call,
            this.tools,
            agent.hooks,
            { key: this.key, turn: turn.id, step: steps },
            agent.observer,
            signal,
          );
          this.history.push({
            role: 'tool',
            toolCallId: call.id,
            name: call.name,
            content: outcome.observation,
            ok: outcome.ok,
          });
          if (!planning || !outcome.ok || !ALL_PLAN_TOOL_NAMES.includes(call.name)) continue;
          turn.planUsed = true;
          if (PLAN_WRITE_TOOL_NAMES.includes(call.name)) {
            planUpdated = true;
            const data = outcome.result?.data as { items: TodoItem[]; version: number };
            agent.observer({
              type: 'plan-updated',
              items: data.items,
              version: data.version,
              tool: call.name,
            });
          }
        }
        if (this.nudge) {
          const open = (await this.plan())?.items.some(isOpen) ?? false;
          const rounds = this.nudge.afterRound(planUpdated, open);
          if (rounds !== undefined) this.inject('reminder', agent.locale.harness.reminder(rounds));
        }
        continue;
      }

      const answer = reply.content;
      if (planning) {
        const snapshot = await planning.engine.snapshot(this.key);
        const finishBounce =
          planning.finishCheck !== false ? finishCheck(turn, snapshot, agent.locale) : undefined;
        const goalBounce =
          finishBounce === undefined && planning.goalCheck !== false
            ? goalCheck(turn, answer, agent.locale)
            : undefined;
        if (finishBounce !== undefined) {
          this.inject('finish-check', finishBounce);
          continue;
        }
        if (goalBounce !== undefined) {
          this.inject('goal-check', goalBounce);
          continue;
        }
      }
      return finish(answer, null);
    }
  }

  /** Adds a harness message to the conversation (kept, so the cached prefix stays valid). */
  private inject(kind: InjectionKind, text: string): void {
    this.history.push(injected(kind, text));
    this.agent.observer({ type: 'harness-injected', kind, text });
  }

  /** The plan section for this call, or undefined. With `history` placement it is stored instead. */
  private async planSection(turn: TurnState): Promise<string | undefined> {
    const planning = this.agent.planning;
    if (!planning || planning.injection === false) return undefined;
    const injection = planning.injection ?? {};
    const snapshot = await planning.engine.snapshot(this.key);
    const changed = this.lastSeenVersion !== snapshot.version;
    const placement = injection.placement ?? 'tail';
    // A kept section is only worth adding when there is something new to see.
    if (placement === 'history' && !changed) return undefined;
    let text: string | undefined;
    if (injection.builder) {
      text = injection.builder({
        items: snapshot.items,
        leftover: isLeftover(snapshot, turn.id),
        changed,
        locale: this.agent.locale,
      });
    } else {
      text = buildPlanSection({
        snapshot,
        locale: this.agent.locale,
        turn: turn.id,
        lastSeenVersion: this.lastSeenVersion,
        whenUnchanged: injection.whenUnchanged ?? 'focus',
      });
    }
    if (text === undefined) return undefined;
    if (placement === 'history') {
      this.lastSeenVersion = snapshot.version;
      this.inject('plan', text);
      return undefined;
    }
    this.lastSeenVersion = snapshot.version;
    return text;
  }
}

function injected(kind: InjectionKind, content: string): ChatMessage {
  return { role: 'user', content, injected: kind };
}

function emptySnapshot(): PlanSnapshot {
  return { items: [], version: 0, nextId: 1, updatedAt: undefined, turn: undefined };
}
