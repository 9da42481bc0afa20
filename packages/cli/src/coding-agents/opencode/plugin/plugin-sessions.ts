/**
 * What the plugin keeps per OpenCode session while OpenCode runs, and how it talks to plankeeper
 * and to OpenCode for one: each session's main session (a sub-agent's parent), its queue of hook
 * calls, and the context still waiting for a place the model reads.
 */
import type { HookAnswer } from './hook-answer.js';
import type { OpencodeClient } from './opencode-types.js';
import { CLIENT_TIMEOUT_MS } from './plugin-settings.js';
import type { AskHook } from './resident-hook.js';
import { withTimeout } from './with-timeout.js';

export class PluginSessions {
  /** Session id -> its main session's id (a sub-agent's), or null (a main session). */
  readonly parents = new Map<string, string | null>();
  /** Per session, hook calls run one after another, in the order OpenCode reported them. */
  private readonly queues = new Map<string, Promise<HookAnswer | undefined>>();
  /** Context from a failed call (an event: it cannot answer), for the next result or prompt. */
  readonly pending = new Map<string, string[]>();

  constructor(
    private readonly client: OpencodeClient,
    private readonly hook: AskHook,
  ) {}

  async parentOf(session: string): Promise<string | undefined> {
    if (this.parents.has(session)) return this.parents.get(session) ?? undefined;
    // A session created before this process (resumed): ask OpenCode. A lookup that throws at
    // once is one that failed: no answer, as when it fails later.
    let lookup: ReturnType<OpencodeClient['session']['get']>;
    try {
      lookup = this.client.session.get({ path: { id: session } });
    } catch {
      return undefined;
    }
    const found = await withTimeout(lookup, CLIENT_TIMEOUT_MS);
    if (!found?.data) return undefined;
    const parent = typeof found.data.parentID === 'string' ? found.data.parentID : null;
    this.parents.set(session, parent);
    return parent ?? undefined;
  }

  /** Asks plankeeper about `event` of `session`, after the session's earlier events. */
  async forward(
    event: string,
    session: string,
    payload: Record<string, unknown>,
    then?: (answer: HookAnswer | undefined) => void,
  ): Promise<HookAnswer | undefined> {
    const parentID = await this.parentOf(session);
    const previous = this.queues.get(session) ?? Promise.resolve(undefined);
    const next = previous
      .then(async () => {
        const answer = await this.hook(event, parentID ? { ...payload, parentID } : payload);
        if (then) then(answer);
        return answer;
      })
      .catch(() => undefined);
    this.queues.set(session, next);
    return next;
  }

  /** The context waiting for `session` and the answer's own, taken: '' for none. */
  contextFor(session: string, answer: HookAnswer | undefined): string {
    const texts = this.pending.get(session) ?? [];
    this.pending.delete(session);
    if (answer && 'context' in answer && answer.context) texts.push(answer.context);
    return texts.join('\n\n');
  }

  addMessage(session: string, text: string): Promise<{ error?: unknown } | undefined> {
    return withTimeout(
      this.client.session.prompt({
        path: { id: session },
        body: { noReply: true, parts: [{ type: 'text', text }] },
      }),
      CLIENT_TIMEOUT_MS,
    );
  }
}
