/**
 * Sends each followed ACP session's plan to the editor as it changes. It learns of changes the
 * way `plankeeper todos --watch` and the dashboard do: `store.subscribe`, which sees writes of
 * other processes (SQLite polls its data version; Redis and PostgreSQL publish). The store
 * opens on the first session, so a proxy whose editor never starts one touches nothing.
 *
 * Whatever fails here (the store cannot open, a read or the subscription breaks) turns the
 * feed off with one line for the person: the agent's own traffic never waits on it.
 */
import { encodePlanKey, type PlanKey, type PlanStore, type TodoItem } from 'plankeeper';
import { type ClientPlanSupport, planNotification } from './plan-update.js';

/** What `store.subscribe` delivers (the core exports the store, not this type). */
type PlanChange = Parameters<Parameters<PlanStore['subscribe']>[0]>[0];

export interface PlanFeedOptions {
  openStore: () => Promise<PlanStore>;
  /** Writes one whole notification line to the editor, between messages. */
  send: (line: string) => void;
  /** Called once, with why, when the feed turns off. */
  fail: (reason: string) => void;
  cancelledPrefix: string;
  /** Told each plan version a session is sent (the approval question reads it). */
  seen?: (sessionId: string, key: PlanKey, version: number, record: PlanChange['record']) => void;
}

interface Follower {
  sessionId: string;
  /** The last version sent, so a change seen twice (subscription and first read) goes once. */
  sent: number;
}

export class PlanFeed {
  support: ClientPlanSupport = { update: 'plan', cancelledStatus: false };
  private readonly followers = new Map<string, Follower[]>();
  private store: Promise<PlanStore> | undefined;
  private unsubscribe: (() => void) | undefined;
  private off = false;

  constructor(private readonly options: PlanFeedOptions) {}

  /** Shows `key`'s plan in `sessionId`'s panel from now on, starting with what is stored. */
  async follow(sessionId: string, key: PlanKey): Promise<void> {
    if (this.off) return;
    const name = encodePlanKey(key);
    const others = (this.followers.get(name) ?? []).filter((one) => one.sessionId !== sessionId);
    // A session loaded again gets the stored plan again, once, not a second follower.
    const follower: Follower = { sessionId, sent: 0 };
    this.followers.set(name, [...others, follower]);
    try {
      const store = await this.open();
      const stored = await store.get(key);
      if (stored && stored.version > follower.sent) {
        this.send(follower, key, stored.version, stored.record);
      }
    } catch (error) {
      this.fail(error);
    }
  }

  async close(): Promise<void> {
    this.off = true;
    this.unsubscribe?.();
    const store = await this.store?.catch(() => undefined);
    await store?.close().catch(() => undefined);
  }

  /** The store the feed watches, opened on first use. */
  open(): Promise<PlanStore> {
    this.store ??= this.options.openStore().then(async (store) => {
      this.unsubscribe = await store.subscribe((change) => this.changed(change));
      return store;
    });
    return this.store;
  }

  private changed(change: PlanChange): void {
    if (this.off) return;
    for (const follower of this.followers.get(encodePlanKey(change.key)) ?? []) {
      if (change.version <= follower.sent) continue;
      this.send(follower, change.key, change.version, change.record);
      // A deleted plan starts again at version 1.
      if (change.record === null) follower.sent = 0;
    }
  }

  private send(follower: Follower, key: PlanKey, version: number, record: PlanChange['record']) {
    follower.sent = version;
    const { cancelledPrefix } = this.options;
    const items: readonly TodoItem[] = record?.items ?? [];
    this.options.send(planNotification(follower.sessionId, items, this.support, cancelledPrefix));
    this.options.seen?.(follower.sessionId, key, version, record);
  }

  private fail(error: unknown): void {
    if (this.off) return;
    this.off = true;
    this.unsubscribe?.();
    this.options.fail(error instanceof Error ? error.message : String(error));
  }
}
