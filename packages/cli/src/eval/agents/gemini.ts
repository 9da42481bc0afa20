/**
 * Gemini CLI: `gemini -p` with an API key and GOOGLE_GEMINI_BASE_URL at the proxy, the workspace
 * trusted in the isolated `~/.gemini/trustedFolders.json` (project settings and MCP servers load
 * only in a trusted folder), and `--approval-mode yolo`.
 */
import { join } from 'node:path';
import type { AgentSpec } from './agent-spec.js';
import { writeConfigFile } from './home-files.js';

export const gemini: AgentSpec = {
  name: 'gemini',
  command: 'gemini',
  install: 'npm install -g @google/gemini-cli',
  defaultBaseUrl: 'https://generativelanguage.googleapis.com',
  keyVariables: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
  prepare(place) {
    writeConfigFile(join(place.home, '.gemini', 'settings.json'), {
      security: { auth: { selectedType: 'gemini-api-key' } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
      ide: { enabled: false, hasSeenNudge: true },
    });
    writeConfigFile(join(place.home, '.gemini', 'trustedFolders.json'), {
      [place.workspace]: 'TRUST_FOLDER',
    });
    return {
      args: ['-p', place.prompt, '-m', place.model, '-o', 'json', '--approval-mode', 'yolo'],
      env: {
        GEMINI_API_KEY: place.apiKey,
        GOOGLE_GEMINI_BASE_URL: place.baseUrl,
        GEMINI_CLI_NO_RELAUNCH: 'true',
        GEMINI_TELEMETRY_ENABLED: 'false',
      },
    };
  },
};
