/**
 * GitHub Copilot CLI: `copilot -p` offline against the person's provider (COPILOT_PROVIDER_*,
 * Responses wire), the workspace trusted in the isolated `~/.copilot/config.json`, and
 * `--allow-all-tools` so its own tools run without a prompt.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentSpec } from './agent-spec.js';
import { writeConfigFile } from './home-files.js';

export const copilot: AgentSpec = {
  name: 'copilot',
  command: 'copilot',
  install: 'npm install -g @github/copilot',
  defaultBaseUrl: 'https://api.openai.com/v1',
  keyVariables: ['OPENAI_API_KEY'],
  prepare(place) {
    writeConfigFile(join(place.home, '.copilot', 'config.json'), {
      trustedFolders: [place.workspace],
    });
    return {
      args: ['-p', place.prompt, '-s', '--disable-builtin-mcps', '--allow-all-tools'],
      env: {
        COPILOT_OFFLINE: 'true',
        COPILOT_PROVIDER_BASE_URL: place.baseUrl,
        COPILOT_PROVIDER_WIRE_API: 'responses',
        COPILOT_PROVIDER_API_KEY: place.apiKey,
        COPILOT_MODEL: place.model,
        COPILOT_AUTO_UPDATE: 'false',
        // The runtime it unpacks on first start (seconds): kept across runs, as it holds no config.
        COPILOT_CACHE_HOME: join(tmpdir(), 'plankeeper-eval-copilot-cache'),
      },
    };
  },
};
