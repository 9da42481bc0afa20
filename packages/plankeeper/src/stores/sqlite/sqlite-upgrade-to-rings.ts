/**
 * Schema 2 → 3: a revision log with a copy of the record in the plan row becomes a ring
 * of revisions per plan (see sqlite-schema.ts for the other steps).
 */
import type { Database } from 'better-sqlite3';
import { decodePlanKey } from '../../engine/plan-key.js';
import { newEpoch } from '../../engine/store/epoch.js';
import { CREATE_TABLES } from './sqlite-tables.js';

/** What an upgrade step may need to know about the store opening the file. */
export interface UpgradeContext {
  /** History slots given to each upgraded plan: the opening store's history limit. */
  historyLimit: number;
}

interface V2Plan {
  key: string;
  agent: string;
  session: string;
  scope: string | null;
  version: number;
  record: string;
  total: number;
  open: number;
  updated_at: number;
  expires_at: number | null;
}

interface V2Revision {
  version: number;
  at: number;
  record: string | null;
  source: string;
  origin: string;
}

/**
 * Each plan's revisions, oldest first, get `seq` 1..n and keep the newest `historyLimit`
 * of them in its ring. A key whose plan was deleted keeps its history under a tombstone.
 * Should the newest revision not be the plan itself (it always is when plankeeper wrote
 * the file), the plan is added as one more revision so that it stays readable.
 */
export function upgradeToRings(db: Database, { historyLimit }: UpgradeContext): void {
  db.exec(`
DROP INDEX plankeeper_plans_owner;
DROP INDEX plankeeper_plans_expiry;
DROP INDEX plankeeper_revisions_key;
ALTER TABLE plankeeper_plans RENAME TO plankeeper_plans_v2;
ALTER TABLE plankeeper_revisions RENAME TO plankeeper_revisions_v2;
${CREATE_TABLES}`);
  const plans = new Map(
    (db.prepare('SELECT * FROM plankeeper_plans_v2').all() as V2Plan[]).map((plan) => [
      plan.key,
      plan,
    ]),
  );
  // The empty key is schema 2's placeholder that kept revision ids growing, not a plan.
  const keys = new Set([
    ...plans.keys(),
    ...(
      db.prepare(`SELECT DISTINCT key FROM plankeeper_revisions_v2 WHERE key <> ''`).all() as {
        key: string;
      }[]
    ).map((row) => row.key),
  ]);
  const revisionsOf = db.prepare(
    'SELECT version, at, record, source, origin FROM plankeeper_revisions_v2 WHERE key = ? ORDER BY id',
  );
  const insertPlan = db.prepare(
    `INSERT INTO plankeeper_plans
       (key, agent, session, scope, live, version, epoch, seq, slots, total, open, updated_at,
        expires_at, changed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRevision = db.prepare(
    `INSERT INTO plankeeper_revisions (key, slot, seq, version, at, record, source, origin)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const key of keys) {
    const plan = plans.get(key);
    const revisions = revisionsOf.all(key) as V2Revision[];
    const newest = revisions.at(-1);
    if (plan && (newest?.version !== plan.version || newest.record !== plan.record)) {
      revisions.push({
        version: plan.version,
        at: plan.updated_at,
        record: plan.record,
        source: '{"tool":"host:upgrade"}',
        origin: 'upgrade',
      });
    }
    const last = revisions.at(-1)!;
    const owner = plan ?? tombstoneOwner(key);
    insertPlan.run(
      key,
      owner.agent,
      owner.session,
      owner.scope,
      plan ? 1 : 0,
      plan ? plan.version : last.version,
      newEpoch(),
      revisions.length,
      historyLimit,
      plan?.total ?? 0,
      plan?.open ?? 0,
      plan?.updated_at ?? last.at,
      plan?.expires_at ?? null,
      last.at,
    );
    revisions.forEach((revision, index) => {
      const seq = index + 1;
      if (seq <= revisions.length - historyLimit) return;
      insertRevision.run(
        key,
        seq % historyLimit,
        seq,
        revision.version,
        revision.at,
        revision.record,
        revision.source,
        revision.origin,
      );
    });
  }
  db.exec('DROP TABLE plankeeper_plans_v2; DROP TABLE plankeeper_revisions_v2;');
}

function tombstoneOwner(key: string): Pick<V2Plan, 'agent' | 'session' | 'scope'> {
  const { agent, session, scope } = decodePlanKey(key);
  return { agent, session, scope: scope ? JSON.stringify(scope) : null };
}
