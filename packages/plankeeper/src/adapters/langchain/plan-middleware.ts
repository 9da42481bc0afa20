/**
 * plankeeper's harness as LangChain v1 middleware, in place of `todoListMiddleware`.
 * The plan lives in a PlanEngine store, not in the agent's message history, so trimming
 * or summarizing the history cannot lose it.
 *
 * Hook by hook, mirroring plankeeper's own agent loop:
 * - `beforeAgent`: one invocation is one user turn (`beginTurn` with the last user message);
 * - `wrapModelCall`: planning instructions after the system prompt, and the plan section
 *   as a transient last message of every model request — never written to the state;
 * - `afterModel`: a reply with tool calls opens a tool round; a plain answer goes through
 *   the finish and goal checks and the person's checks (`verify`), and a bounce goes back to
 *   the model (`jumpTo: 'model'`);
 * - `wrapToolCall`: every tool call goes through the harness (`wrapTool`), which records
 *   its outcome; plan tools (and, opted in, `write_todos`) run with the host's key and turn,
 *   other tools pass through untouched, unless the plan waits for a person's approval
 *   (option `approval`), when they are held with a message saying so;
 * - `beforeModel`: the tool round ends, and a due reminder joins the conversation.
 */
import type { InferInteropZodOutput, InteropZodObject } from '@langchain/core/utils/types';
import {
  type AgentMiddleware,
  AIMessage,
  type BaseMessage,
  createMiddleware,
  type DynamicStructuredTool,
  HumanMessage,
  ToolMessage,
} from 'langchain';
import { checkSettings } from '../../checks/check-settings.js';
import type { DependencyMode } from '../../engine/operations/dependencies.js';
import { PlanEngine } from '../../engine/plan-engine.js';
import { defaultInstructions } from '../../harness/instructions.js';
import { type HarnessOptions, PlanHarness } from '../../harness/plan-harness.js';
import { planToolsFor } from '../../harness/plan-setup.js';
import { getLocale, type Locale, type LocaleId } from '../../locale/index.js';
import type { PlanToolFamily } from '../../tools/plan-tools.js';
import { injectedMessage, injectionKind } from './injected-message.js';
import { type PlanKeyOption, type PlanKeySource, resolvePlanKey } from './plan-key-source.js';
import { PlanSession, PlanSessions } from './plan-sessions.js';
import { bindingTool, callTool } from './plan-tool-bindings.js';
import { addWriteTodosAlias } from './write-todos-alias.js';

/** The context a key function sees: what the context schema declares. */
type ContextOf<TContextSchema> = TContextSchema extends InteropZodObject
  ? InferInteropZodOutput<TContextSchema>
  : unknown;

export interface PlanMiddlewareOptions<
  TContextSchema extends InteropZodObject | undefined = undefined,
> extends HarnessOptions {
  /** Where plans live. Default: a new in-memory engine. */
  engine?: PlanEngine;
  /**
   * Which plan an invocation uses: a fixed key, or a function of the invocation (a string
   * result is the session name). Default: the session is `configurable.thread_id`.
   */
  key?: PlanKeyOption<ContextOf<TContextSchema>>;
  /** Agent name for keys built from a session name. Default `langchain`. */
  agent?: string;
  /** Which plan tools the model gets. Default `whole-list` (`todo_write`, `todo_read`). */
  tools?: PlanToolFamily;
  /** @deprecated Renamed `tools` in 0.3. */
  preset?: PlanToolFamily;
  locale?: Locale | LocaleId;
  /** Planning guidance added to the system prompt; a string replaces it, false leaves it out. */
  instructions?: string | false;
  /** Append the updated list to plan tool results. Default: only when injection is off. */
  echoPlan?: boolean;
  /** How `blockedBy` constrains the order of the model's writes. Default: the engine's (`warn`). */
  dependencies?: DependencyMode;
  /** Context fields the key function reads; LangChain passes a middleware only these. */
  contextSchema?: TContextSchema;
  /** Sessions whose turn state is kept in memory, least recently used dropped first. Default 1000. */
  maxSessions?: number;
  /**
   * Also run calls of `write_todos`, todoListMiddleware's tool (`{todos: [{content, status}]}`),
   * as `todo_write`, for models and prompts used to that name. The model is offered
   * `todo_write` only. Needs a tool family with `todo_write`. Default false.
   */
  writeTodosAlias?: boolean;
}

/** What `planMiddleware` returns: middleware for `createAgent`, and the engine it keeps plans in. */
export type PlanMiddleware<TContextSchema extends InteropZodObject | undefined = undefined> =
  AgentMiddleware<
    undefined,
    TContextSchema,
    ContextOf<TContextSchema>,
    readonly DynamicStructuredTool[]
  > & {
    /** The engine holding the plans, for hosts that read or clear them. */
    readonly engine: PlanEngine;
  };

/**
 * Middleware for `createAgent` that keeps the agent on a plan stored outside the history.
 *
 * @example
 * const agent = createAgent({ model, tools, middleware: [planMiddleware({ engine })] });
 * await agent.invoke({ messages: [new HumanMessage(task)] }, { configurable: { thread_id } });
 */
export function planMiddleware<TContextSchema extends InteropZodObject | undefined = undefined>(
  options: PlanMiddlewareOptions<TContextSchema> = {},
): PlanMiddleware<TContextSchema> {
  const engine = options.engine ?? new PlanEngine();
  const locale = typeof options.locale === 'object' ? options.locale : getLocale(options.locale);
  const agentName = options.agent ?? 'langchain';
  const definitions = planToolsFor({ ...options, engine, locale });
  const planTools = new Map(definitions.map((definition) => [definition.name, definition]));
  if (options.writeTodosAlias) addWriteTodosAlias(planTools);
  const instructions =
    options.instructions === false
      ? undefined
      : (options.instructions ?? defaultInstructions(locale));
  const placement =
    options.injection === false ? undefined : (options.injection?.placement ?? 'tail');
  // The harness options (the preset, the checks, `owner`, …) flow through as the host gave
  // them; only the key, the engine and the locale are this middleware's to set.
  const { key: _key, engine: _engine, locale: _locale, ...harnessOptions } = options;
  // Each session's harness is made on its first call: a malformed `verify` fails here instead.
  checkSettings(options.verify);
  const sessions = new PlanSessions(
    (key) => new PlanSession(new PlanHarness({ ...harnessOptions, engine, key, locale })),
    options.maxSessions ?? 1000,
  );
  const sessionFor = (runtime: PlanKeySource<ContextOf<TContextSchema>>): PlanSession =>
    sessions.get(resolvePlanKey(options.key, agentName, runtime));

  const keptSection = (session: PlanSession, messages: readonly BaseMessage[]) =>
    keptSectionMessages(placement, session, messages);

  const middleware = createMiddleware({
    name: 'plankeeper',
    contextSchema: options.contextSchema,
    tools: definitions.map(bindingTool),

    beforeAgent: async (state, runtime) => {
      await sessionFor(runtime).beginTurn(lastUserText(state.messages));
      return undefined;
    },

    beforeModel: async (state, runtime) => {
      const session = sessionFor(runtime);
      const messages: BaseMessage[] = [];
      if (session.toolRoundOpen) {
        session.toolRoundOpen = false;
        const reminder = await session.harness.endToolRound();
        if (reminder !== undefined) messages.push(injectedMessage('reminder', reminder));
      }
      messages.push(...(await keptSection(session, state.messages)));
      return messages.length > 0 ? { messages } : undefined;
    },

    wrapModelCall: async (request, handler) => {
      const session = sessionFor(request.runtime);
      const systemMessage =
        instructions === undefined
          ? request.systemMessage
          : request.systemMessage.text === ''
            ? request.systemMessage.concat(instructions)
            : request.systemMessage.concat(`\n\n${instructions}`);
      if (placement !== 'tail') session.remember(request.messages);
      const section =
        placement === 'tail' ? await session.tailSection(request.messages) : undefined;
      const messages =
        section === undefined
          ? request.messages
          : [...request.messages, injectedMessage('plan', section)];
      return handler({ ...request, systemMessage, messages });
    },

    afterModel: {
      canJumpTo: ['model'],
      hook: async (state, runtime) => {
        const reply = state.messages.findLast((message) => AIMessage.isInstance(message));
        if (!reply) return undefined;
        const session = sessionFor(runtime);
        if (reply.tool_calls?.length) {
          session.toolRoundOpen = true;
          return undefined;
        }
        const bounce = await session.harness.checkFinish(reply.text);
        if (!bounce) return undefined;
        const messages = [
          injectedMessage(bounce.kind, bounce.text),
          ...(await keptSection(session, state.messages)),
        ];
        return { messages, jumpTo: 'model' };
      },
    },

    wrapToolCall: async (request, handler) => {
      const session = sessionFor(request.runtime);
      const { toolCall } = request;
      const definition = planTools.get(toolCall.name);
      const { signal } = request.runtime;
      return session.harness.wrapTool({
        // An alias counts as the plan tool it runs, for the nudge and the checks.
        name: definition?.name ?? toolCall.name,
        callId: toolCall.id,
        run: (context) =>
          handler(
            definition
              ? {
                  ...request,
                  tool: callTool(definition, toolCall, { ...context, ...(signal && { signal }) }),
                }
              : request,
          ),
        // Held for a person's approval: the tool does not run; the model reads why.
        held: (text) =>
          new ToolMessage({
            content: text,
            tool_call_id: toolCall.id ?? '',
            name: toolCall.name,
            status: 'error',
          }),
        // A plan tool's message carries its result's data as the artifact.
        outcome: (result) =>
          ToolMessage.isInstance(result)
            ? { ok: result.status !== 'error', result: { data: result.artifact } }
            : { ok: true },
        withNote: (result, note) =>
          ToolMessage.isInstance(result) && typeof result.content === 'string'
            ? new ToolMessage({
                content: `${result.content}\n\n${note}`,
                tool_call_id: result.tool_call_id,
                ...(result.name !== undefined && { name: result.name }),
                ...(result.status !== undefined && { status: result.status }),
                artifact: result.artifact,
                ...(result.metadata !== undefined && { metadata: result.metadata }),
              })
            : result,
      });
    },
  });
  return Object.assign(middleware, { engine });
}

/** A section kept in the conversation, with `history` placement. */
async function keptSectionMessages(
  placement: 'tail' | 'history' | undefined,
  session: PlanSession,
  messages: readonly BaseMessage[],
): Promise<BaseMessage[]> {
  if (placement !== 'history') return [];
  const text = await session.keptSection(messages);
  return text === undefined ? [] : [injectedMessage('plan', text)];
}

/** The request that opens the turn: the last message from the user, not from the harness. */
function lastUserText(messages: readonly BaseMessage[]): string {
  const message = messages.findLast(
    (candidate) => HumanMessage.isInstance(candidate) && injectionKind(candidate) === undefined,
  );
  return message?.text ?? '';
}
