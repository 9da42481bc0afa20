/** The hook adapter of each coding agent, by the name `plankeeper hook <agent>` takes (registry.ts). */
import type { HookAdapter } from '../hook-adapter.js';
import { CODING_AGENTS } from '../registry.js';

export const HOOK_ADAPTERS: Readonly<Record<string, HookAdapter>> = Object.fromEntries(
  CODING_AGENTS.map((agent) => [agent.name, agent.hook]),
);
