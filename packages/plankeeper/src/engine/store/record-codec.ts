/**
 * Encoding of plan records for stores that keep bytes or text. Decoding checks the
 * format version and shape so a corrupt or future record fails loudly with its key.
 */
import { PlanRecordError } from '../errors.js';
import { PLAN_FORMAT, type PlanRecord, TODO_STATUSES } from '../todo-item.js';

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
        (TODO_STATUSES as readonly string[]).includes(item.status),
    );
  if (!itemsValid || typeof record.nextId !== 'number' || typeof record.updatedAt !== 'number') {
    throw new PlanRecordError(keyName, 'the stored record is missing fields (corrupt record).');
  }
  return record as PlanRecord;
}
