/**
 * The names of the coding agents plankeeper supports, in the registry's order. A leaf: what
 * every agent's setup helpers and the descriptor type need (SetupContext's `agent`, the
 * manifest's records) comes from here, so they never import the registry, which imports every
 * agent; registry.ts checks at compile time that its descriptors are these names, in this order.
 */
export const CODING_AGENT_NAMES = [
  'claude-code',
  'codex',
  'gemini',
  'opencode',
  'copilot',
  'pi',
] as const;

export type CodingAgentName = (typeof CODING_AGENT_NAMES)[number];
