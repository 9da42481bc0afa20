import { warnDeprecated } from './deprecation.js';
import { ConfigurationError } from './errors.js';

/**
 * Which plan an operation touches. The host supplies the key; tool arguments never do,
 * so a model cannot read or write another session's plan.
 */
export interface PlanKey {
  agent: string;
  session: string;
  /** Path of nested execution scopes; a sub-agent pushes a segment and gets its own plan. */
  scope?: readonly string[];
}

/** The key of a sub-agent's plan: `parent`'s key with the sub-agent's scope segment pushed. */
export function subAgentKey(parent: PlanKey, segment: string): PlanKey {
  return { ...parent, scope: [...(parent.scope ?? []), segment] };
}

/** @deprecated Renamed {@link subAgentKey} in 0.3. */
export function childKey(parent: PlanKey, segment: string): PlanKey {
  warnDeprecated('childKey', 'subAgentKey');
  return subAgentKey(parent, segment);
}

/**
 * A stable string for a key: `agent/session[/scope...]`, each part URI-encoded so a
 * slash inside a name cannot collide with the separator.
 */
export function encodePlanKey(key: PlanKey): string {
  return [key.agent, key.session, ...(key.scope ?? [])].map(encodeURIComponent).join('/');
}

/** The key {@link encodePlanKey} made `encoded` from; a ConfigurationError for any other string. */
export function decodePlanKey(encoded: string): PlanKey {
  const notAKey = (cause?: unknown) =>
    new ConfigurationError(`Not a plan key: ${JSON.stringify(encoded)}`, { cause });
  let parts: string[];
  try {
    parts = encoded.split('/').map(decodeURIComponent);
  } catch (error) {
    // A broken escape such as "%E0" is not a key either; callers need not know URIError.
    throw notAKey(error);
  }
  const [agent, session, ...scope] = parts;
  if (agent === undefined || session === undefined) throw notAKey();
  return scope.length > 0 ? { agent, session, scope } : { agent, session };
}

/** True when `key` is `prefix` or lies under it (same agent and session, scope starts with prefix's). */
export function keyIsWithin(key: PlanKey, prefix: PlanKey): boolean {
  if (key.agent !== prefix.agent || key.session !== prefix.session) return false;
  const scope = key.scope ?? [];
  const prefixScope = prefix.scope ?? [];
  return prefixScope.every((segment, index) => scope[index] === segment);
}
