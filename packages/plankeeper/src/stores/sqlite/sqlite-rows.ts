/** The rows the SQLite store reads back from its tables. */
import type { RevisionRow } from './change-poller.js';

export interface PlanStateRow {
  live: 0 | 1;
  version: number;
  expires_at: number | null;
}

export interface CurrentRow {
  version: number;
  epoch: string;
  expires_at: number | null;
  record: string | null;
  /** 0 when the ring slot does not hold the plan's newest revision (a damaged file). */
  intact: 0 | 1;
}

/** Where a write's revision goes: its number for this key and the ring's size. */
export interface RingPosition {
  seq: number;
  slots: number;
}

export interface ListingRow {
  key: string;
  version: number;
  updated_at: number;
  total: number;
  open: number;
}

export type HistoryRow = Pick<RevisionRow, 'version' | 'at' | 'record' | 'source'>;

/** A row of plankeeper_states: one key's harness state. */
export interface HarnessStateRow {
  version: number;
  state: string;
  expires_at: number | null;
}
