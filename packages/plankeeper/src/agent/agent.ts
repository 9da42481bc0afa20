/**
 * The agent: a model, tools, and (optionally) planning with the harness guards. A run
 * is one user turn on a fresh plan; a session keeps its plan and conversation across
 * turns.
 *
 * @example
 * const agent = new Agent({ model, tools: [search], planning: true });
 * const result = await agent.run('Can I return opened headphones?');
 * result.answer; result.plan;
 */
import { checkSettings } from '../checks/check-settings.js';
import { ConfigurationError } from '../engine/errors.js';
import { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import { defaultInstructions } from '../harness/instructions.js';
import { planToolsFor } from '../harness/plan-setup.js';
import { endSubAgent, startSubAgent } from '../harness/sub-agent-rollup.js';
import { getLocale, type Locale, type LocaleId } from '../locale/index.js';
import { ALL_PLAN_TOOL_NAMES } from '../tools/plan-tools.js';
import type { ToolDefinition } from '../tools/tool.js';
import type { AgentObserver } from './agent-events.js';
import { AgentSession } from './agent-session.js';
import type { ModelClient } from './model-client.js';
import type { PlanningOptions } from './planning-options.js';
import type { ResolvedAgent } from './resolved-agent.js';
import type { RunResult } from './run-result.js';
import type { ToolHooks } from './tool-hooks.js';

export interface AgentOptions {
  model: ModelClient;
  /** Name used in plan keys. Default `agent`. */
  name?: string;
  /** Base system prompt; planning instructions are appended to it. */
  system?: string;
  tools?: readonly ToolDefinition[];
  /** true for the defaults; false or absent for no planning. */
  planning?: PlanningOptions | boolean;
  /** Model calls per user turn. Default 10. Reminders and bounces never add to it. */
  maxSteps?: number;
  hooks?: ToolHooks;
  observer?: AgentObserver;
  locale?: LocaleId | Locale;
}

export class Agent {
  private readonly resolved: ResolvedAgent;

  constructor(options: AgentOptions) {
    const locale = typeof options.locale === 'object' ? options.locale : getLocale(options.locale);
    const planning =
      options.planning === true ? {} : options.planning === false ? undefined : options.planning;
    const tools = options.tools ?? [];
    const names = new Set<string>();
    for (const tool of tools) {
      if (names.has(tool.name))
        throw new ConfigurationError(`Tool "${tool.name}" is registered twice.`);
      if (planning && ALL_PLAN_TOOL_NAMES.includes(tool.name)) {
        throw new ConfigurationError(
          `Tool "${tool.name}" is provided by planning; remove it from tools or turn planning off (registering the plan tools twice is an error).`,
        );
      }
      names.add(tool.name);
    }
    const maxSteps = options.maxSteps ?? 10;
    if (!Number.isInteger(maxSteps) || maxSteps < 1) {
      throw new ConfigurationError(`maxSteps must be a positive integer, got ${options.maxSteps}.`);
    }
    // A malformed `verify` fails here, not at the first session's start.
    if (planning) checkSettings(planning.verify);
    const instructions =
      planning && planning.instructions !== false
        ? (planning.instructions ?? defaultInstructions(locale))
        : undefined;
    this.resolved = {
      name: options.name ?? 'agent',
      model: options.model,
      locale,
      system: [options.system, instructions].filter(Boolean).join('\n\n'),
      businessTools: tools,
      planning: planning && {
        ...planning,
        engine: planning.engine ?? new PlanEngine(),
        onNotice: noticeTo(planning.onNotice, options.observer),
      },
      maxSteps,
      hooks: options.hooks ?? {},
      observer: options.observer ?? (() => {}),
    };
  }

  /** The plan engine (undefined without planning), for hosts that read plans directly. */
  get engine(): PlanEngine | undefined {
    return this.resolved.planning?.engine;
  }

  /** One user turn on a fresh plan and conversation (seed 000's per-run plan). */
  run(task: string, options: { signal?: AbortSignal } = {}): Promise<RunResult> {
    return this.session(`run-${globalThis.crypto.randomUUID()}`).send(task, options);
  }

  /** A conversation whose plan lives under `session` (and `scope`) in the engine's store. */
  session(session: string | Omit<PlanKey, 'agent'>): AgentSession {
    const key: PlanKey =
      typeof session === 'string'
        ? { agent: this.resolved.name, session }
        : { agent: this.resolved.name, ...session };
    return new AgentSession(this.resolved, key, this.toolTable());
  }

  /**
   * A session of this agent as a sub-agent on item `item` of the plan at `parent` (often
   * the `key` a host tool gets in its context): its plan lives in child scope `scope`
   * under the parent's key, the parent's item shows that plan's progress, and the end of
   * each turn (finished, stopped with open items, failed) reaches the parent's next plan
   * section. The parent's plan must be in this agent's store. A bad item is refused with
   * `text` for the model.
   *
   * @example
   * const started = await researcher.subAgent({ parent: context.key, item: '2', scope: 'research' });
   * if (!started.ok) return { ok: false, text: started.text };
   * const result = await started.session.send('Find the return policy');
   */
  async subAgent(options: {
    parent: PlanKey;
    item: string | number;
    scope: string;
  }): Promise<{ ok: true; session: AgentSession } | { ok: false; text: string }> {
    const engine = this.resolved.planning?.engine;
    if (!engine) {
      throw new ConfigurationError(
        "A sub-agent needs planning: create it with planning and the parent plan's engine.",
      );
    }
    const started = await startSubAgent(engine, { ...options, locale: this.resolved.locale });
    if (!started.ok) return started;
    const sub = started.sub;
    const session = new AgentSession(this.resolved, sub.key, this.toolTable(), async (result) => {
      await endSubAgent(engine, sub, result.error === null ? {} : { error: result.error });
    });
    return { ok: true, session };
  }

  /** Each session gets its own copy of the tool table, with plan tools when planning. */
  private toolTable(): Map<string, ToolDefinition> {
    const table = new Map(this.resolved.businessTools.map((tool) => [tool.name, tool]));
    const planning = this.resolved.planning;
    if (planning) {
      for (const tool of planToolsFor({ ...planning, locale: this.resolved.locale })) {
        table.set(tool.name, tool);
      }
    }
    return table;
  }
}

/**
 * Where the checks' notice for the person goes: the observer always sees it (a UI shows it
 * there); it is also given to `onNotice` when set, and else, with no observer to show it,
 * written to stderr, so it is never lost.
 */
function noticeTo(
  onNotice: ((text: string) => void) | undefined,
  observer: AgentObserver | undefined,
): (text: string) => void {
  const tell =
    onNotice ?? (observer ? undefined : (text: string) => process.stderr.write(`${text}\n`));
  return (text) => {
    observer?.({ type: 'notice-given', text });
    tell?.(text);
  };
}
