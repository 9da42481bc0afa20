/**
 * Claude Code: `claude -p` pointed at the proxy by ANTHROPIC_BASE_URL, the workspace trusted in
 * the isolated `~/.claude.json` (so the project settings setup writes apply), and every tool
 * allowed by name rather than by `--dangerously-skip-permissions`, which refuses to run as root.
 */
import { join } from 'node:path';
import type { AgentSpec } from './agent-spec.js';
import { writeConfigFile } from './home-files.js';

/** Claude Code's own tools, plus plankeeper's (setup allows those too; harmless in `off`). */
const ALLOWED_TOOLS = [
  'Bash',
  'Edit',
  'MultiEdit',
  'Write',
  'Read',
  'Glob',
  'Grep',
  'LS',
  'NotebookEdit',
  'TodoWrite',
  'Task',
  'Agent',
  'mcp__plankeeper',
];

export const claudeCode: AgentSpec = {
  name: 'claude-code',
  command: 'claude',
  install: 'npm install -g @anthropic-ai/claude-code',
  defaultBaseUrl: 'https://api.anthropic.com',
  keyVariables: ['ANTHROPIC_API_KEY'],
  prepare(place) {
    writeConfigFile(join(place.home, '.claude.json'), {
      hasCompletedOnboarding: true,
      projects: { [place.workspace]: { hasTrustDialogAccepted: true } },
    });
    return {
      args: [
        '-p',
        place.prompt,
        '--model',
        place.model,
        '--output-format',
        'stream-json',
        '--verbose',
        '--permission-mode',
        'acceptEdits',
        '--allowedTools',
        ALLOWED_TOOLS.join(','),
      ],
      env: {
        ANTHROPIC_BASE_URL: place.baseUrl,
        ANTHROPIC_API_KEY: place.apiKey,
        // Its side calls (titles, checks) and sub-agents ask for Haiku by default, which an
        // endpoint serving one model may not have: every call goes to the model under test.
        ANTHROPIC_SMALL_FAST_MODEL: place.model,
        ANTHROPIC_DEFAULT_HAIKU_MODEL: place.model,
        ANTHROPIC_DEFAULT_SONNET_MODEL: place.model,
        ANTHROPIC_DEFAULT_OPUS_MODEL: place.model,
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_AUTOUPDATER: '1',
        DISABLE_TELEMETRY: '1',
        DISABLE_ERROR_REPORTING: '1',
        CLAUDE_CODE_IDE_SKIP_AUTO_INSTALL: '1',
      },
    };
  },
};
