/**
 * Base of the eval's behaviour models: deterministic stand-ins for an LLM, each with one
 * documented failure mode. A subclass decides every reply from the messages it is sent
 * (plus what it intends to do, as a model "remembers" its own plan); it never looks at
 * the agent's settings, so a guard helps only if what the guard puts in front of the
 * model changes the model's next reply.
 */
import type { Locale, ModelClient, ModelRequest, ModelResponse, ToolCall } from 'plankeeper';
import { ModelView } from './model-view.js';

export interface PlannedCall {
  tool: string;
  args: Record<string, unknown>;
}

/** One reply: a tool call, several in parallel, or a final answer. */
export type Reply = PlannedCall | { calls: PlannedCall[] } | { final: string };

/** A step of the model's own plan, as it writes it with todo_write. */
export interface PlanEntry {
  content: string;
  status: 'pending' | 'in_progress' | 'completed' | 'cancelled';
  description?: string;
}

export abstract class BehaviourModel implements ModelClient {
  readonly requests: ModelRequest[] = [];
  private replyCount = 0;

  protected constructor(
    readonly name: string,
    protected readonly locale: Locale,
  ) {}

  async generate(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push({ ...request, messages: [...request.messages] });
    const reply = this.reply(new ModelView(request.messages, this.locale));
    const call = ++this.replyCount;
    if ('final' in reply) {
      return { message: { role: 'assistant', content: reply.final }, finishReason: 'stop' };
    }
    const calls = 'calls' in reply ? reply.calls : [reply];
    const toolCalls: ToolCall[] = calls.map((planned, index) => ({
      id: `call_${call}_${index + 1}`,
      name: planned.tool,
      arguments: JSON.stringify(planned.args),
    }));
    return { message: { role: 'assistant', content: '', toolCalls }, finishReason: 'tool_calls' };
  }

  protected abstract reply(view: ModelView): Reply;
}

/** A todo_write call for `entries`, without ids (content keeps identity, as most models write it). */
export function writePlan(entries: readonly PlanEntry[]): PlannedCall {
  return {
    tool: 'todo_write',
    args: {
      todos: entries.map(({ content, status, description }) =>
        description === undefined ? { content, status } : { content, status, description },
      ),
    },
  };
}

/** Statuses for a plan whose first `done` steps are finished and the next is under way. */
export function progress(contents: readonly string[], done: number): PlanEntry[] {
  return contents.map((content, index) => ({
    content,
    status: index < done ? 'completed' : index === done ? 'in_progress' : 'pending',
  }));
}
