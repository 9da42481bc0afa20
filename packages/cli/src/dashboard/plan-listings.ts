/**
 * The list of plans the page shows. A store listing carries counts but not the item in
 * progress, so the server reads each record itself (the page never does one request per
 * row). Records are cached by version and time of write, and filled from change events,
 * so a refresh after one write re-reads one plan, not a thousand.
 */

import type { PlanStore } from 'plankeeper';
import { encodePlanKey, isLeftoverRecord, isStalePlan, progressOf } from 'plankeeper';
import type { ListFilter, PlanChange, PlanListing, PlanRecord } from 'plankeeper/stores';
import type { PlanSummary } from './api-types.js';

/** Concurrent reads for stores that answer over the network. */
const READ_CONCURRENCY = 16;

interface CachedSummary {
  version: number;
  updatedAt: number;
  summary: Omit<PlanSummary, 'stale'>;
}

export class PlanListings {
  private readonly cache = new Map<string, CachedSummary>();

  constructor(private readonly store: PlanStore) {}

  /** Keeps the cache current from the store's own change feed. */
  observe(change: PlanChange): void {
    const name = encodePlanKey(change.key);
    if (change.record === null) this.cache.delete(name);
    else this.remember(name, change.key, change.version, change.record);
  }

  async list(
    filter: ListFilter,
    context: { now: number; staleAfterMs: number },
  ): Promise<PlanSummary[]> {
    const listings = await this.store.list(filter);
    const summaries = await mapLimit(listings, READ_CONCURRENCY, (listing) =>
      this.summaryOf(listing),
    );
    if (filter.agent === undefined && filter.session === undefined) {
      // A full listing shows which cached plans are gone (deleted elsewhere, expired).
      const present = new Set(summaries.map((summary) => summary.key));
      for (const name of this.cache.keys()) if (!present.has(name)) this.cache.delete(name);
    }
    return summaries
      .map((summary) => ({
        ...summary,
        stale: isStalePlan(summary, context),
      }))
      .sort(compareSummaries);
  }

  private async summaryOf(listing: PlanListing): Promise<Omit<PlanSummary, 'stale'>> {
    const name = encodePlanKey(listing.key);
    const cached = this.cache.get(name);
    if (cached && cached.version === listing.version && cached.updatedAt === listing.updatedAt) {
      return cached.summary;
    }
    try {
      const stored = await this.store.get(listing.key);
      if (stored) return this.remember(name, listing.key, stored.version, stored.record);
      // Deleted between list and get: show what the listing said.
      return fromListing(listing);
    } catch (error) {
      return {
        ...fromListing(listing),
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }

  private remember(
    name: string,
    key: PlanChange['key'],
    version: number,
    record: PlanRecord,
  ): Omit<PlanSummary, 'stale'> {
    const progress = progressOf(record.items);
    const current = record.items.find((item) => item.status === 'in_progress');
    const summary = {
      key: name,
      agent: key.agent,
      session: key.session,
      scope: [...(key.scope ?? [])],
      version,
      updatedAt: record.updatedAt,
      total: progress.total,
      open: progress.pending + progress.inProgress,
      completed: progress.completed,
      cancelled: progress.cancelled,
      leftover: isLeftoverRecord(record),
      current: current
        ? {
            id: current.id,
            content: current.content,
            ...(current.activeForm !== undefined && { activeForm: current.activeForm }),
          }
        : null,
    };
    this.cache.set(name, { version, updatedAt: record.updatedAt, summary });
    return summary;
  }
}

function fromListing(listing: PlanListing): Omit<PlanSummary, 'stale'> {
  return {
    key: encodePlanKey(listing.key),
    agent: listing.key.agent,
    session: listing.key.session,
    scope: [...(listing.key.scope ?? [])],
    version: listing.version,
    updatedAt: listing.updatedAt,
    total: listing.total,
    open: listing.open,
    completed: 0,
    cancelled: 0,
    leftover: false,
    current: null,
  };
}

function compareSummaries(a: PlanSummary, b: PlanSummary): number {
  // Code-point order, not locale order: stable rows whatever the server's locale.
  return (
    compareText(a.agent, b.agent) || compareText(a.session, b.session) || compareText(a.key, b.key)
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function mapLimit<T, R>(
  values: readonly T[],
  limit: number,
  map: (value: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(values.length);
  let next = 0;
  const worker = async () => {
    while (next < values.length) {
      const index = next++;
      results[index] = await map(values[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, values.length) }, worker));
  return results;
}
