/**
 * What every durable store derives from a compareAndSet call before it touches its
 * database: the arguments checked, the key and record encoded, the counts for listings
 * and the change info with its default.
 */
import { encodePlanKey, type PlanKey } from '../../engine/plan-key.js';
import { checkStorableRecord } from '../../engine/storable-text.js';
import type {
  ChangeSource,
  StateWriteOptions,
  WriteOptions,
} from '../../engine/store/plan-store.js';
import { encodeRecord } from '../../engine/store/record-codec.js';
import { encodeState } from '../../engine/store/state-codec.js';
import type { PlanRecord } from '../../engine/todo-item.js';
import { UNKNOWN_WRITE } from './change-source.js';
import { countItems } from './plan-counts.js';
import { checkExpectedVersion, resolveTtl } from './store-options.js';

export interface PreparedWrite {
  /** The encoded plan key. */
  name: string;
  ttlMs: number | undefined;
  /** The record as stored text. */
  text: string;
  total: number;
  open: number;
  source: ChangeSource;
  sourceText: string;
  /** The epoch the write requires (updates only), or undefined. */
  expectedEpoch: string | undefined;
}

/**
 * Throws a ConfigurationError for a bad expected version or TTL, or for text no plan may
 * hold (storable-text.ts), as the contract asks.
 */
export function prepareWrite(
  key: PlanKey,
  expectedVersion: number,
  record: PlanRecord,
  options: WriteOptions,
): PreparedWrite {
  checkExpectedVersion(expectedVersion);
  const ttlMs = resolveTtl(options.ttlMs);
  const source = options.source ?? UNKNOWN_WRITE;
  checkStorableRecord(record, source);
  return {
    name: encodePlanKey(key),
    ttlMs,
    text: encodeRecord(record),
    ...countItems(record),
    source,
    sourceText: JSON.stringify(source),
    expectedEpoch: expectedVersion > 0 ? options.expectedEpoch : undefined,
  };
}

export interface PreparedStateWrite {
  /** The encoded plan key. */
  name: string;
  ttlMs: number | undefined;
  /** The state as stored JSON text. */
  text: string;
}

/** As {@link prepareWrite}, for a compareAndSetState call: a bad state is a ConfigurationError. */
export function prepareStateWrite(
  key: PlanKey,
  expectedVersion: number,
  state: Record<string, unknown>,
  options: StateWriteOptions,
): PreparedStateWrite {
  checkExpectedVersion(expectedVersion);
  return {
    name: encodePlanKey(key),
    ttlMs: resolveTtl(options.ttlMs),
    text: encodeState(state),
  };
}
