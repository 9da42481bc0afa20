/**
 * Installs the resource handlers: the plan as `plankeeper://plan` (and its sub-agents'
 * plans by template), with a store subscription opened on the first resources/subscribe.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { PlanEngine } from '../../engine/plan-engine.js';
import type { PlanKey } from '../../engine/plan-key.js';
import type { Unsubscribe } from '../../engine/store/plan-store.js';
import type { Locale } from '../../locale/locale.js';
import {
  isChangeOf,
  PLAN_RESOURCE_URI,
  planResource,
  readPlanResource,
  resourceKey,
  subAgentResourceTemplate,
} from './plan-resource.js';

/** Stops the store subscription when the server closes. */
export type CloseResources = () => void;

export function setResourceRequestHandlers(
  server: Server,
  engine: PlanEngine,
  key: PlanKey,
  locale: Locale,
): CloseResources {
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [planResource(locale)],
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [subAgentResourceTemplate()],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    const resource = resourceKey(uri, key);
    if (!resource) assertPlanUri(uri, true);
    return { contents: await readPlanResource(engine, resource ?? key, locale, uri) };
  });

  // Store subscription, opened on the first resources/subscribe and closed with the server.
  let subscribed = false;
  let watching: Promise<Unsubscribe> | undefined;
  let closed = false;
  const watch = () => {
    watching ??= engine.store.subscribe((change) => {
      if (!subscribed || closed || !isChangeOf(change, key)) return;
      // The connection may be going away; a lost notification is not worth a crash.
      server.sendResourceUpdated({ uri: PLAN_RESOURCE_URI }).catch(() => {});
    });
    return watching;
  };
  server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    assertPlanUri(request.params.uri);
    await watch();
    subscribed = true;
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    assertPlanUri(request.params.uri);
    subscribed = false;
    return {};
  });
  return () => {
    closed = true;
    watching?.then((unsubscribe) => unsubscribe()).catch(() => {});
  };
}

/** JSON-RPC code MCP uses for an unknown resource URI. */
const RESOURCE_NOT_FOUND = -32002;

/** Subscriptions are to this plan only; reads also take its sub-agents' plans (`readable`). */
function assertPlanUri(uri: string, readable = false): void {
  if (uri !== PLAN_RESOURCE_URI) {
    const also = readable ? " and its sub-agents' plans (plankeeper://plan/sub-agent/{scope})" : '';
    throw new McpError(
      RESOURCE_NOT_FOUND,
      `Unknown resource ${JSON.stringify(uri)}; this server has ${PLAN_RESOURCE_URI}${also}.`,
    );
  }
}
