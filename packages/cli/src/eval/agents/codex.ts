/**
 * Codex: `codex exec` with a model provider of its own in the isolated `$CODEX_HOME/config.toml`
 * (Responses wire, base URL the proxy, key from a variable), approvals and its sandbox off so it
 * edits and runs commands in the workspace without asking. Setup merges plankeeper's server,
 * hooks and their trust into the same file afterwards.
 */
import { join } from 'node:path';
import type { AgentSpec } from './agent-spec.js';
import { writeConfigFile } from './home-files.js';

const KEY_VARIABLE = 'PLANKEEPER_EVAL_API_KEY';

export const codex: AgentSpec = {
  name: 'codex',
  command: 'codex',
  install: 'npm install -g @openai/codex',
  defaultBaseUrl: 'https://api.openai.com/v1',
  keyVariables: ['OPENAI_API_KEY'],
  prepare(place) {
    const toml = JSON.stringify;
    writeConfigFile(
      join(place.home, '.codex', 'config.toml'),
      [
        `model = ${toml(place.model)}`,
        'model_provider = "plankeeper-eval"',
        'approval_policy = "never"',
        'check_for_update_on_startup = false',
        '',
        '[analytics]',
        'enabled = false',
        '',
        '[model_providers.plankeeper-eval]',
        'name = "plankeeper eval"',
        `base_url = ${toml(place.baseUrl)}`,
        'wire_api = "responses"',
        `env_key = ${toml(KEY_VARIABLE)}`,
        '',
      ].join('\n'),
    );
    return {
      args: [
        'exec',
        '--json',
        '--skip-git-repo-check',
        '--color',
        'never',
        '--dangerously-bypass-approvals-and-sandbox',
        place.prompt,
      ],
      env: { CODEX_HOME: join(place.home, '.codex'), [KEY_VARIABLE]: place.apiKey },
    };
  },
};
