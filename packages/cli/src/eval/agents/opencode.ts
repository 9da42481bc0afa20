/**
 * OpenCode: `opencode run` with a provider of its own in the isolated user config
 * (`$XDG_CONFIG_HOME/opencode/opencode.json`, OpenAI-compatible Chat Completions at the proxy)
 * that allows edits and shell commands without asking. Setup writes the project's own
 * `opencode.json` (plankeeper's server and plugin), which OpenCode merges over this one.
 */
import { join } from 'node:path';
import type { AgentSpec } from './agent-spec.js';
import { writeConfigFile } from './home-files.js';

const PROVIDER = 'plankeeper-eval';

export const opencode: AgentSpec = {
  name: 'opencode',
  command: 'opencode',
  install: 'npm install -g opencode-ai',
  defaultBaseUrl: 'https://api.openai.com/v1',
  keyVariables: ['OPENAI_API_KEY'],
  prepare(place) {
    writeConfigFile(join(place.home, '.config', 'opencode', 'opencode.json'), {
      model: `${PROVIDER}/${place.model}`,
      small_model: `${PROVIDER}/${place.model}`,
      share: 'disabled',
      autoupdate: false,
      permission: { edit: 'allow', bash: 'allow', webfetch: 'allow' },
      provider: {
        [PROVIDER]: {
          npm: '@ai-sdk/openai-compatible',
          name: 'plankeeper eval',
          options: { baseURL: place.baseUrl, apiKey: place.apiKey },
          models: { [place.model]: { name: place.model, tool_call: true } },
        },
      },
    });
    return {
      args: ['run', '--format', 'json', '-m', `${PROVIDER}/${place.model}`, place.prompt],
      env: {
        OPENCODE_DISABLE_AUTOUPDATE: '1',
        OPENCODE_DISABLE_SHARE: '1',
        OPENCODE_DISABLE_CLAUDE_CODE: '1',
        OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
        // No download at start-up: the provider is configured in full, and the home is new
        // each run, so models.dev's catalogue and the default auth plugins would come every time.
        OPENCODE_DISABLE_MODELS_FETCH: '1',
        OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
        OPENCODE_DISABLE_EXTERNAL_SKILLS: '1',
      },
    };
  },
};
