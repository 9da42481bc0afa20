/**
 * The connection's plan as an MCP resource, `plankeeper://plan`: Markdown for people and
 * models, JSON for programs. Subscribers hear `notifications/resources/updated` whenever
 * the plan changes, whoever changed it (this connection, another one sharing the session,
 * or another process on a shared store).
 */
import type {
  Resource,
  ResourceTemplate,
  TextResourceContents,
} from '@modelcontextprotocol/sdk/types.js';
import type { PlanEngine } from '../../engine/plan-engine.js';
import { encodePlanKey, type PlanKey, subAgentKey } from '../../engine/plan-key.js';
import { renderPlan } from '../../engine/render.js';
import type { PlanChange } from '../../engine/store/plan-store.js';
import { engineReader, subAgentProgress, subAgentSuffix } from '../../harness/sub-agent-rollup.js';
import type { Locale } from '../../locale/locale.js';

/** URI of the current connection's plan. */
export const PLAN_RESOURCE_URI = 'plankeeper://plan';

export function planResource(locale: Locale): Resource {
  return {
    uri: PLAN_RESOURCE_URI,
    name: 'plan',
    title: locale.plan.heading.replace(/^#+\s*/, ''),
    description:
      'The todo list of this session: Markdown (text/markdown) and JSON (application/json) with items and version.',
    mimeType: 'text/markdown',
  };
}

/**
 * URI template of a sub-agent's plan: the child scope `{scope}` under this connection's
 * plan (see the `subAgents` of the plan's JSON).
 */
export const SUB_AGENT_RESOURCE_TEMPLATE = 'plankeeper://plan/sub-agent/{scope}';

const SUB_AGENT_PREFIX = 'plankeeper://plan/sub-agent/';

export function subAgentResourceTemplate(): ResourceTemplate {
  return {
    uriTemplate: SUB_AGENT_RESOURCE_TEMPLATE,
    name: 'sub-agent plan',
    description:
      "The todo list of a sub-agent working on one of this session's items, by its scope (listed in the plan's JSON as subAgents).",
    mimeType: 'text/markdown',
  };
}

/**
 * The plan key a resource URI names under `key`: the connection's plan, a sub-agent's
 * plan below it, or undefined for any other URI.
 */
export function resourceKey(uri: string, key: PlanKey): PlanKey | undefined {
  if (uri === PLAN_RESOURCE_URI) return key;
  if (!uri.startsWith(SUB_AGENT_PREFIX)) return undefined;
  let scope: string;
  try {
    scope = decodeURIComponent(uri.slice(SUB_AGENT_PREFIX.length));
  } catch {
    return undefined;
  }
  return scope === '' ? undefined : subAgentKey(key, scope);
}

/** Both renderings of the plan stored under `key`, as resource `uri`. */
export async function readPlanResource(
  engine: PlanEngine,
  key: PlanKey,
  locale: Locale,
  uri = PLAN_RESOURCE_URI,
): Promise<TextResourceContents[]> {
  const snapshot = await engine.snapshot(key);
  const progress = await subAgentProgress(engineReader(engine), key, snapshot.items);
  const suffix = subAgentSuffix(progress, locale);
  const subAgents = snapshot.items.flatMap((item) => {
    if (!item.subAgent) return [];
    const counts = progress.get(item.id);
    return [
      {
        item: item.id,
        scope: item.subAgent.scope,
        uri: `${SUB_AGENT_PREFIX}${encodeURIComponent(item.subAgent.scope)}`,
        ...(item.subAgent.ended && { ended: item.subAgent.ended }),
        ...(counts && { total: counts.total, completed: counts.completed }),
      },
    ];
  });
  return [
    {
      uri,
      mimeType: 'text/markdown',
      text: renderPlan(snapshot.items, { locale, notes: true, ...(suffix && { suffix }) }),
    },
    {
      uri,
      mimeType: 'application/json',
      text: JSON.stringify({
        agent: key.agent,
        session: key.session,
        ...(key.scope?.length && { scope: key.scope }),
        version: snapshot.version,
        updatedAt: snapshot.updatedAt ?? null,
        items: snapshot.items,
        ...(subAgents.length > 0 && { subAgents }),
      }),
    },
  ];
}

/** True for changes to exactly this plan; sub-agent scopes below it have their own plans. */
export function isChangeOf(change: PlanChange, key: PlanKey): boolean {
  return encodePlanKey(change.key) === encodePlanKey(key);
}
