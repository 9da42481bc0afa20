/**
 * Which plan a call of plankeeper's tools is for, when the MCP call carries no session but
 * names the tool use its host's PreToolUse hook saw just before: Claude Code's and the Claude
 * Agent SDK's `_meta["claudecode/toolUseId"]`, with the hook's `session_id` and, in a
 * sub-agent, `agent_id`. The hook notes "tool use → plan key"; the server looks each call's
 * id up; the note goes when the call is done, or expires. A call naming a tool use nobody
 * noted is refused, never given another plan: a sub-agent's write must not replace its
 * parent's list.
 *
 * One lookup over two record books: in memory where the hooks and the server share a process
 * (the SDK), in the store where each hook is a process of its own (Claude Code), where a
 * record written late is waited for briefly.
 *
 * @example
 * const keys = new ToolUseKeys(memoryToolUseRecords(), { refusal: (call) => new Error(call.name) });
 * await keys.note('toolu_1', key);
 * keys.keyForCall({ name: 'todo_write', meta: { 'claudecode/toolUseId': 'toolu_1' } }); // key
 */
import { PlanEngine } from '../engine/plan-engine.js';
import type { PlanKey } from '../engine/plan-key.js';
import type { PlanStore } from '../engine/store/plan-store.js';
import { toolUseRecordKey } from '../engine/store/state-keys.js';
import { hookText } from './claude-hook-format.js';

/** The `_meta` field of a `tools/call` that names the tool use. */
export const TOOL_USE_META = 'claudecode/toolUseId';

type MaybePromise<T> = T | Promise<T>;

/** Where "tool use → plan key" is noted; a memory book answers at once, a store's later. */
export interface ToolUseRecords {
  write(id: string, key: PlanKey): MaybePromise<void>;
  read(id: string): MaybePromise<PlanKey | undefined>;
  remove(id: string): MaybePromise<void>;
}

/** The call the MCP server asks about: its tool and `params._meta`. */
export interface ToolUseCall {
  name: string;
  meta: Record<string, unknown> | undefined;
}

export interface ToolUseKeysOptions {
  /** The error a call gets whose plan is unknown (`id` undefined: it named no tool use). */
  refusal: (call: ToolUseCall, id: string | undefined) => Error;
  /** A call naming no tool use: refused (default), or left to the server's own key. */
  withoutToolUse?: 'refuse' | 'own-key';
  /** How long a call waits for a record written late. Default 0: the book is in-process. */
  waitMs?: number;
}

/** The pause between two looks for a record written late. */
const LOOK_AGAIN_MS = 50;

export class ToolUseKeys {
  constructor(
    private readonly records: ToolUseRecords,
    private readonly options: ToolUseKeysOptions,
  ) {}

  /** Notes the plan of tool use `id` (PreToolUse). */
  note(id: string | undefined, key: PlanKey): MaybePromise<void> {
    if (id !== undefined) return this.records.write(id, key);
  }

  /** Forgets tool use `id` once it is done (PostToolUse, PostToolUseFailure). */
  forget(id: string | undefined): MaybePromise<void> {
    if (id !== undefined) return this.records.remove(id);
  }

  /**
   * The plan key of one MCP call; undefined when it names no tool use and the server's own
   * key is wanted. Throws the refusal (a tool error the model reads) when the plan is unknown;
   * answers at once when the book does.
   */
  keyForCall(call: ToolUseCall): MaybePromise<PlanKey | undefined> {
    const id = hookText(call.meta?.[TOOL_USE_META]);
    if (id === undefined) {
      if (this.options.withoutToolUse === 'own-key') return undefined;
      throw this.options.refusal(call, undefined);
    }
    return this.lookUp(call, id, Date.now() + (this.options.waitMs ?? 0));
  }

  private lookUp(call: ToolUseCall, id: string, until: number): MaybePromise<PlanKey> {
    const found = this.records.read(id);
    if (found instanceof Promise) return found.then((key) => key ?? this.later(call, id, until));
    return found ?? this.later(call, id, until);
  }

  private later(call: ToolUseCall, id: string, until: number): Promise<PlanKey> {
    const left = until - Date.now();
    if (left <= 0) throw this.options.refusal(call, id);
    return new Promise((resolve) => setTimeout(resolve, Math.min(LOOK_AGAIN_MS, left))).then(() =>
      this.lookUp(call, id, until),
    );
  }
}

/** Most entries a memory book keeps: a call whose PostToolUse never came must not grow it for ever. */
const MAX_ENTRIES = 1000;

/** Tool uses noted in this process. */
export function memoryToolUseRecords(): ToolUseRecords {
  const keys = new Map<string, PlanKey>();
  return {
    write(id, key) {
      keys.set(id, key);
      if (keys.size > MAX_ENTRIES) {
        const oldest = keys.keys().next().value;
        if (oldest !== undefined) keys.delete(oldest);
      }
    },
    read: (id) => keys.get(id),
    remove(id) {
      keys.delete(id);
    },
  };
}

/**
 * How long a stored record lives. The call follows its PreToolUse within milliseconds; the
 * margin covers a permission prompt a person answers late. Expired records are purged by the
 * store, so a done call needs no removal.
 */
export const TOOL_USE_RECORD_TTL_MS = 60 * 60_000;

/** A stored record: the plan key of coding agent `agent`'s tool use `id`, under its own key. */
export function toolUseRecord(
  agent: string,
  id: string,
  key: PlanKey,
): { key: PlanKey; state: Record<string, unknown>; ttlMs: number } {
  return {
    key: toolUseRecordKey(agent, id),
    state: { session: key.session, ...(key.scope && { scope: key.scope }) },
    ttlMs: TOOL_USE_RECORD_TTL_MS,
  };
}

/** Tool uses of coding agent `agent` noted in `store`, for its hook processes and its server. */
export function storedToolUseRecords(store: PlanStore, agent: string): ToolUseRecords {
  const engine = new PlanEngine({ store, ttlMs: TOOL_USE_RECORD_TTL_MS });
  return {
    async write(id, key) {
      const record = toolUseRecord(agent, id, key);
      await engine.updateTurnState(record.key, () => record.state);
    },
    async read(id) {
      const state = (await engine.turnState(toolUseRecordKey(agent, id)))?.state;
      const session = hookText(state?.session);
      if (!session) return undefined;
      const scope = Array.isArray(state?.scope)
        ? state.scope.filter((part): part is string => hookText(part) !== undefined)
        : [];
      return { agent, session, ...(scope.length > 0 && { scope }) };
    },
    // Expired by the store (TOOL_USE_RECORD_TTL_MS).
    remove() {},
  };
}
