/**
 * An agent's settings as a session reads them: resolved once per agent (agent.ts) and
 * handed to each session (agent-session.ts). A leaf, so neither of the two imports the other
 * for it.
 */
import type { PlanEngine } from '../engine/plan-engine.js';
import type { Locale } from '../locale/index.js';
import type { ToolDefinition } from '../tools/tool.js';
import type { AgentObserver } from './agent-events.js';
import type { ModelClient } from './model-client.js';
import type { PlanningOptions } from './planning-options.js';
import type { ToolHooks } from './tool-hooks.js';

/** Settings a session needs, resolved once per agent. */
export interface ResolvedAgent {
  name: string;
  model: ModelClient;
  locale: Locale;
  system: string;
  businessTools: readonly ToolDefinition[];
  planning: (PlanningOptions & { engine: PlanEngine }) | undefined;
  maxSteps: number;
  hooks: ToolHooks;
  observer: AgentObserver;
}
