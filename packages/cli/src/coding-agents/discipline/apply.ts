/**
 * One hook call against the store: the core's `decideInStore` (plankeeper/harness), which the
 * Claude Agent SDK adapter drives in-process too, so the discipline lives in one place.
 */
export {
  decideInStore as applyDiscipline,
  type StoredRuleOptions as HookRuleOptions,
} from 'plankeeper/harness';
