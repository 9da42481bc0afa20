/** Defaults for the `source` of a revision when the caller names none, as in the memory store. */
import type { ChangeSource } from '../../engine/store/plan-store.js';

export const UNKNOWN_WRITE: ChangeSource = { tool: 'unknown' };
export const HOST_DELETE: ChangeSource = { tool: 'host:delete' };
