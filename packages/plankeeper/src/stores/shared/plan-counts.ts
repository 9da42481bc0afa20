/**
 * The item counts a listing carries. Stores keep them in columns beside the record, so
 * `list()` never parses records and one corrupt plan cannot break a listing of all.
 */
import { isOpen, type PlanRecord } from '../../engine/todo-item.js';

export interface PlanCounts {
  total: number;
  open: number;
}

export function countItems(record: PlanRecord): PlanCounts {
  return { total: record.items.length, open: record.items.filter(isOpen).length };
}
