/**
 * Pi: `pi -p` with a provider of its own in the isolated agent folder's `models.json`
 * (OpenAI-compatible Chat Completions at the proxy). Pi asks no permission for its tools.
 */
import { join } from 'node:path';
import type { AgentSpec } from './agent-spec.js';
import { writeConfigFile } from './home-files.js';

const PROVIDER = 'plankeeper-eval';

export const pi: AgentSpec = {
  name: 'pi',
  command: 'pi',
  install: 'npm install -g @mariozechner/pi-coding-agent',
  defaultBaseUrl: 'https://api.openai.com/v1',
  keyVariables: ['OPENAI_API_KEY'],
  prepare(place) {
    const agentDir = join(place.home, '.pi', 'agent');
    writeConfigFile(join(agentDir, 'models.json'), {
      providers: {
        [PROVIDER]: {
          baseUrl: place.baseUrl,
          api: 'openai-completions',
          apiKey: place.apiKey,
          // Roles and fields many OpenAI-compatible servers (vLLM, Ollama...) refuse.
          compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
          models: [{ id: place.model }],
        },
      },
    });
    return {
      args: ['-p', place.prompt, '--model', `${PROVIDER}/${place.model}`, '--no-session'],
      env: { PI_OFFLINE: '1', PI_CODING_AGENT_DIR: agentDir },
    };
  },
};
