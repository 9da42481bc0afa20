/**
 * The connection's plan as an MCP resource, `plankeeper://plan`: Markdown for people and
 * models, JSON for programs. Subscribers hear `notifications/resources/updated` whenever
 * the plan changes, whoever changed it (this connection, another one sharing the session,
 * or another process on a shared store).
 */
import type { Resource, TextResourceContents } from '@modelcontextprotocol/sdk/types.js';
import type { PlanEngine } from '../../engine/plan-engine.js';
import { encodePlanKey, type PlanKey } from '../../engine/plan-key.js';
import { renderPlan } from '../../engine/render.js';
import type { PlanChange } from '../../engine/store/plan-store.js';
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

/** Both renderings of the plan stored under `key`. */
export async function readPlanResource(
  engine: PlanEngine,
  key: PlanKey,
  locale: Locale,
): Promise<TextResourceContents[]> {
  const snapshot = await engine.snapshot(key);
  return [
    {
      uri: PLAN_RESOURCE_URI,
      mimeType: 'text/markdown',
      text: renderPlan(snapshot.items, { locale, notes: true }),
    },
    {
      uri: PLAN_RESOURCE_URI,
      mimeType: 'application/json',
      text: JSON.stringify({
        agent: key.agent,
        session: key.session,
        version: snapshot.version,
        updatedAt: snapshot.updatedAt ?? null,
        items: snapshot.items,
      }),
    },
  ];
}

/** True for changes to exactly this plan; sub-agent scopes below it have their own plans. */
export function isChangeOf(change: PlanChange, key: PlanKey): boolean {
  return encodePlanKey(change.key) === encodePlanKey(key);
}
