/** Every coding agent `plankeeper eval --agent` runs, by name (one file per agent beside this). */
import type { CodingAgentName } from '../../coding-agents/agent-names.js';
import type { AgentSpec } from './agent-spec.js';
import { claudeCode } from './claude-code.js';
import { codex } from './codex.js';
import { copilot } from './copilot.js';
import { gemini } from './gemini.js';
import { opencode } from './opencode.js';
import { pi } from './pi.js';

export const AGENT_SPECS: Readonly<Record<CodingAgentName, AgentSpec>> = {
  'claude-code': claudeCode,
  codex,
  gemini,
  opencode,
  copilot,
  pi,
};
