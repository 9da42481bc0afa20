/**
 * Encoding of plan records for stores that keep bytes or text. Decoding checks the
 * format version and shape so a corrupt or future record fails loudly with its key.
 */
import { PlanRecordError } from '../errors.js';
import { PLAN_FORMAT, type PlanRecord, TODO_STATUSES } from '../todo-item.js';
import type { ChangeSource, PlanRevision } from './plan-store.js';

export function encodeRecord(record: PlanRecord): string {
  return JSON.stringify(record);
}

export function decodeRecord(keyName: string, text: string): PlanRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new PlanRecordError(keyName, 'the stored data is not valid JSON (corrupt record).');
  }
  return checkRecord(keyName, value);
}

/** Validates an already-parsed record (stores with a JSON column hand us objects). */
export function checkRecord(keyName: string, value: unknown): PlanRecord {
  if (typeof value !== 'object' || value === null) {
    throw new PlanRecordError(keyName, 'the stored data is not an object (corrupt record).');
  }
  const record = value as Partial<PlanRecord>;
  if (record.format !== PLAN_FORMAT) {
    throw new PlanRecordError(
      keyName,
      `unknown format version ${JSON.stringify(record.format)}; this plankeeper reads version ${PLAN_FORMAT}. Upgrade plankeeper or delete the plan.`,
    );
  }
  const itemsValid =
    Array.isArray(record.items) &&
    record.items.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof item.id === 'string' &&
        typeof item.content === 'string' &&
        (TODO_STATUSES as readonly string[]).includes(item.status) &&
        (item.blockedBy === undefined ||
          (Array.isArray(item.blockedBy) &&
            item.blockedBy.every((id: unknown) => typeof id === 'string'))),
    );
  if (!itemsValid || typeof record.nextId !== 'number' || typeof record.updatedAt !== 'number') {
    throw new PlanRecordError(keyName, 'the stored record is missing fields (corrupt record).');
  }
  return record as PlanRecord;
}

/**
 * One history entry as a store reads it back. A text column (SQLite) hands over JSON
 * text; a JSON column (PostgreSQL) or an entry parsed as a whole (Redis), the values.
 */
export interface StoredRevision {
  version: number;
  /** Milliseconds since the epoch; PostgreSQL returns a bigint column as a string. */
  at: number | string;
  /** The record as JSON text or as parsed JSON; null for a delete. */
  record: unknown;
  /** The change source as JSON text or as parsed JSON. */
  source: string | ChangeSource;
}

/** The revision a store row holds; every store decodes its history with this. */
export function decodeRevision(keyName: string, row: StoredRevision): PlanRevision {
  const { record, source } = row;
  return {
    version: row.version,
    at: Number(row.at),
    record:
      record === null
        ? null
        : typeof record === 'string'
          ? decodeRecord(keyName, record)
          : checkRecord(keyName, record),
    source: typeof source === 'string' ? (JSON.parse(source) as ChangeSource) : source,
  };
}
