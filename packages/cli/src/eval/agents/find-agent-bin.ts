/** Where the agent's CLI is: the path the person named, or the first match on PATH. */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { ConfigurationError } from 'plankeeper';
import type { AgentSpec } from './agent-spec.js';
import type { AgentTexts } from './agent-texts.js';

/** The CLI's path; a ConfigurationError naming how to install it when there is none. */
export function findAgentBin(
  spec: AgentSpec,
  agentBin: string | undefined,
  env: NodeJS.ProcessEnv,
  texts: AgentTexts,
): string {
  if (agentBin !== undefined) {
    const path = resolve(agentBin);
    if (isExecutable(path)) return path;
    throw new ConfigurationError(
      texts.notExecutable(spec.name, agentBin, spec.command, spec.install),
    );
  }
  for (const folder of (env.PATH ?? '').split(delimiter)) {
    if (folder === '' || !isAbsolute(folder)) continue;
    const path = join(folder, spec.command);
    if (isExecutable(path)) return path;
  }
  throw new ConfigurationError(texts.notOnPath(spec.name, spec.command, spec.install));
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
