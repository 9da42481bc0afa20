/** The hook adapter of each coding agent, by the name `plankeeper hook <agent>` takes. */
import { claudeCodeAdapter } from '../claude-code/claude-code-adapter.js';
import { codexAdapter } from '../codex/codex-adapter.js';
import type { HookAdapter } from '../discipline/events.js';
import { geminiAdapter } from '../gemini/gemini-adapter.js';
import { opencodeAdapter } from '../opencode/opencode-adapter.js';

export const HOOK_ADAPTERS: Readonly<Record<string, HookAdapter>> = {
  'claude-code': claudeCodeAdapter,
  codex: codexAdapter,
  gemini: geminiAdapter,
  opencode: opencodeAdapter,
};
