/** A host event with the plan it concerns: what every hook host hands the answering path. */
import type { PlanKey } from '../engine/plan-key.js';
import type { HostEvent } from '../harness/rules/events.js';

/** A host event with the plan it concerns (the key comes from the host, never the model). */
export interface KeyedEvent {
  key: PlanKey;
  event: HostEvent;
}
