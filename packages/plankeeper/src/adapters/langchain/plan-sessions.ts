/**
 * The harness state of each session a middleware serves. One middleware instance runs
 * many threads, so the per-turn state (once-per-turn checks, idle tool rounds, the plan
 * version the model last saw) is kept per plan key, for the most recently used sessions.
 */
import type { BaseMessage } from 'langchain';
import { ConfigurationError } from '../../engine/errors.js';
import { encodePlanKey, type PlanKey } from '../../engine/plan-key.js';
import type { PlanHarness } from '../../harness/plan-harness.js';

export class PlanSession {
  /** The model's last reply asked for tools; the round ends before the next model call. */
  toolRoundOpen = false;
  private tail: { anchor: string; text: string | undefined } | undefined;
  /** Fingerprints of the messages the model received on its last call. */
  private seen: string[] | undefined;

  constructor(readonly harness: PlanHarness) {}

  async beginTurn(task: string): Promise<void> {
    await this.harness.beginTurn(task);
    this.toolRoundOpen = false;
    this.tail = undefined;
  }

  /**
   * The transient plan section for a model call over `messages` (`tail` placement).
   *
   * A retried call (same messages) gets the same text: the model never saw the failed
   * attempt. And when the history is no longer what the model saw last time — summarized,
   * trimmed, edited — the brief "unchanged" form would point at a list the model can no
   * longer read, so the whole plan is shown again.
   */
  async tailSection(messages: readonly BaseMessage[]): Promise<string | undefined> {
    const anchor = `${messages.length}:${messages.at(-1)?.id ?? ''}`;
    if (this.tail?.anchor === anchor) return this.tail.text;
    if (this.rewritten(messages)) this.harness.forgetSeenPlan();
    this.remember(messages);
    const text = (await this.harness.planSection())?.text;
    this.tail = { anchor, text };
    return text;
  }

  /**
   * A section to keep in the conversation before the next model call (`history`
   * placement): when the plan changed, or when the history lost the earlier ones.
   */
  async keptSection(messages: readonly BaseMessage[]): Promise<string | undefined> {
    if (this.rewritten(messages)) this.harness.forgetSeenPlan();
    return (await this.harness.planSection())?.text;
  }

  /** Notes what the model receives on this call, to notice later rewrites of the history. */
  remember(messages: readonly BaseMessage[]): void {
    this.seen = messages.map(fingerprint);
  }

  private rewritten(messages: readonly BaseMessage[]): boolean {
    const seen = this.seen;
    if (seen === undefined) return false;
    return (
      seen.length > messages.length ||
      seen.some((print, index) => print !== fingerprint(messages[index]!))
    );
  }
}

export class PlanSessions {
  private readonly sessions = new Map<string, PlanSession>();

  constructor(
    private readonly create: (key: PlanKey) => PlanSession,
    private readonly maxSessions: number,
  ) {
    if (!Number.isInteger(maxSessions) || maxSessions < 1) {
      throw new ConfigurationError(`maxSessions must be a positive integer, got ${maxSessions}.`);
    }
  }

  get(key: PlanKey): PlanSession {
    const name = encodePlanKey(key);
    let session = this.sessions.get(name);
    if (session) {
      // Re-inserting keeps the map in least-recently-used order.
      this.sessions.delete(name);
    } else {
      session = this.create(key);
      const oldest = this.sessions.keys().next();
      if (this.sessions.size >= this.maxSessions && !oldest.done)
        this.sessions.delete(oldest.value);
    }
    this.sessions.set(name, session);
    return session;
  }
}

/**
 * Enough to notice a replaced message: LangChain's summary, for one, takes over the id
 * of the first message it replaces.
 */
function fingerprint(message: BaseMessage): string {
  return `${message.id ?? ''}|${message.type}|${message.text.length}`;
}
