/**
 * One AG-UI run over a host: RUN_STARTED; the person's edits and approval from the input;
 * the plan as STATE_SNAPSHOT; the turn as text, tool-call and STATE_DELTA events; then
 * RUN_FINISHED (with an interrupt outcome when the plan waits for approval) or RUN_ERROR.
 * A bad input ends the run with RUN_ERROR before anything changed.
 */
import type { BaseEvent, Message, RunAgentInput } from '@ag-ui/core';
import { EventType } from '@ag-ui/core';
import type { AgentObserver } from '../../agent/agent-events.js';
import type { PlanKey } from '../../engine/plan-key.js';
import type { LocaleId } from '../../locale/index.js';
import type { AgUiHost } from './ag-ui-host.js';
import { agUiTexts } from './ag-ui-texts.js';
import { MessageIds, translateAgentEvent } from './agent-event-translation.js';
import { approvalInterrupt } from './approval-interrupt.js';
import { EventQueue } from './event-queue.js';
import { PlanStateStream } from './plan-state-stream.js';
import { prepareRun } from './run-preparation.js';
import { DEFAULT_MAX_STATE_BYTES } from './state-input.js';

export interface AgUiEventsOptions {
  /** The language of what the person reads (refusals, the approval prompt). Default `en`. */
  locale?: LocaleId;
  /** Cap on the JSON size of `state.plankeeper` sent back. Default 64 KiB. */
  maxStateBytes?: number;
  /** Recorded with the person's edits and approval in the plan's history. */
  person?: { name?: string };
}

/** The AG-UI events of one run of `host` on `input`, in order. */
export async function* agUiEvents(
  input: RunAgentInput,
  host: AgUiHost,
  options: AgUiEventsOptions = {},
): AsyncGenerator<BaseEvent> {
  const { threadId, runId } = input;
  const locale = options.locale ?? 'en';
  const texts = agUiTexts(locale);
  const key = host.keyFor(threadId);
  yield { type: EventType.RUN_STARTED, threadId, runId } as BaseEvent;
  const prepared = await prepareRun(input, host.engine, key, {
    texts,
    locale,
    maxStateBytes: options.maxStateBytes ?? DEFAULT_MAX_STATE_BYTES,
    ...(options.person && { person: options.person }),
  });
  if (!prepared.ok) {
    yield {
      type: EventType.RUN_ERROR,
      message: prepared.error,
      code: 'plankeeper.refused',
    } as BaseEvent;
    return;
  }
  const stream = new PlanStateStream(key);
  yield stream.snapshot(await host.engine.snapshot(key), frontEndState(input.state));
  // Resumed with an approval, the model goes on with its task; it already has the request.
  const task =
    prepared.answer === 'approved'
      ? texts.approvedTask()
      : prepared.answer === 'declined'
        ? undefined
        : lastUserText(input.messages);
  if (task === undefined) {
    const ids = new MessageIds(runId);
    const text = prepared.answer === 'declined' ? texts.approvalDeclined() : texts.noTask();
    const answer = { response: { message: { role: 'assistant' as const, content: text } } };
    yield* translateAgentEvent({ type: 'model-responded', step: 0, ...answer }, ids);
    yield { type: EventType.RUN_FINISHED, threadId, runId, result: text } as BaseEvent;
    return;
  }
  yield* hostTurn(input, host, key, task, stream, texts);
}

async function* hostTurn(
  input: RunAgentInput,
  host: AgUiHost,
  key: PlanKey,
  task: string,
  stream: PlanStateStream,
  texts: ReturnType<typeof agUiTexts>,
): AsyncGenerator<BaseEvent> {
  const { threadId, runId } = input;
  const queue = new EventQueue<BaseEvent>();
  const controller = new AbortController();
  const ids = new MessageIds(runId);
  let waiting: string | undefined;
  let held: { tool: string; toolCallId: string } | undefined;
  const observer: AgentObserver = (event) => {
    if (event.type === 'plan-updated') {
      const delta = stream.delta(event);
      if (delta) queue.push(delta);
    } else if (event.type === 'tool-blocked' && waiting !== undefined && !held) {
      // The call waits for the person: no result; the run ends with the interrupt.
      held = { tool: waiting, toolCallId: event.call.id };
      controller.abort();
      queue.close();
    } else {
      for (const each of translateAgentEvent(event, ids)) queue.push(each);
    }
  };
  const interrupt = (tool: string) => {
    waiting = tool;
  };
  let ended: { answer: string | null; error: string | null } | undefined;
  const running = host
    .run(task, { threadId, observer, signal: controller.signal, interrupt })
    .then(
      (result) => {
        ended = result;
      },
      (error: unknown) => {
        ended = { answer: null, error: error instanceof Error ? error.message : String(error) };
      },
    )
    .finally(() => queue.close());
  try {
    yield* queue;
    await running;
  } finally {
    controller.abort();
  }
  // The plan as it ends: a new turn noted on it, or a change another writer made meanwhile.
  const plan = await host.engine.snapshot(key);
  const last = stream.delta(plan);
  if (last) yield last;
  yield finalEvent(input, held ? approvalInterrupt(key, plan, held, texts) : undefined, ended);
}

/** How the run ends: waiting for the person (an interrupt), failed, or with the answer. */
function finalEvent(
  { threadId, runId }: RunAgentInput,
  interrupt: ReturnType<typeof approvalInterrupt> | undefined,
  ended: { answer: string | null; error: string | null } | undefined,
): BaseEvent {
  if (interrupt) {
    const outcome = { type: 'interrupt', interrupts: [interrupt] };
    return { type: EventType.RUN_FINISHED, threadId, runId, outcome } as BaseEvent;
  }
  if (ended?.error) return { type: EventType.RUN_ERROR, message: ended.error } as BaseEvent;
  const result = ended?.answer ?? null;
  return { type: EventType.RUN_FINISHED, threadId, runId, result } as BaseEvent;
}

/** The front end's own state, kept beside plankeeper's keys in the snapshot. */
function frontEndState(state: unknown): Record<string, unknown> {
  return typeof state === 'object' && state !== null && !Array.isArray(state)
    ? (state as Record<string, unknown>)
    : {};
}

/** The text of the last user message: the task of this run. */
function lastUserText(messages: readonly Message[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role !== 'user') continue;
    const { content } = message;
    const text =
      typeof content === 'string'
        ? content
        : content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    return text.trim() ? text : undefined;
  }
  return undefined;
}
