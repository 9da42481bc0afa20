import { describe, expect, it } from 'vitest';
import { PlanRecordError } from '../errors.js';
import type { PlanRecord } from '../todo-item.js';
import { decodeRevision, encodeRecord } from './record-codec.js';

const record: PlanRecord = {
  format: 1,
  items: [{ id: '1', content: 'Read the ticket', status: 'in_progress' }],
  nextId: 2,
  updatedAt: 1_700_000_000_000,
};
const source = { tool: 'todo_write', callId: 'call-1' };

describe('decodeRevision', () => {
  it('reads the same revision from JSON text (SQLite) and from parsed values (PostgreSQL, Redis)', () => {
    const expected = { version: 3, at: 1_700_000_000_000, record, source };
    const fromText = decodeRevision('a/b', {
      version: 3,
      at: 1_700_000_000_000,
      record: encodeRecord(record),
      source: JSON.stringify(source),
    });
    // PostgreSQL hands over a bigint as a string and JSON columns as objects.
    const fromJsonColumns = decodeRevision('a/b', {
      version: 3,
      at: '1700000000000',
      record: structuredClone(record),
      source,
    });
    expect(fromText).toEqual(expected);
    expect(fromJsonColumns).toEqual(expected);
  });

  it('keeps a delete (no record) as null', () => {
    expect(decodeRevision('a/b', { version: 4, at: 5, record: null, source }).record).toBeNull();
  });

  it.each([
    ['corrupt JSON text', '{"format":1,', /a\/b.*not valid JSON/],
    ['a parsed record missing its items', { format: 1, nextId: 1, updatedAt: 1 }, /missing fields/],
    ['a record of a future format', { ...record, format: 2 }, /unknown format version 2/],
  ])('throws PlanRecordError naming the key for %s', (_what, stored, message) => {
    const decode = () => decodeRevision('a/b', { version: 1, at: 1, record: stored, source });
    expect(decode).toThrow(message);
    expect(decode).toThrow(PlanRecordError);
  });
});
