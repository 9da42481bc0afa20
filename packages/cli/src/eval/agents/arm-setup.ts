/**
 * What each arm adds to a run's workspace: `off` nothing; `light`, `standard`, `strict`
 * `plankeeper setup <agent> --discipline <arm>`; `checks` standard plus `--verify <the task's
 * check>`. Setup runs in-process with the run's isolated home as HOME (and CODEX_HOME in it), so
 * the user-level parts land where the CLI of this run reads them, and with this process's node
 * and bin, so the hooks run the very plankeeper that runs the eval. Its store is the default,
 * `.plankeeper/plans.db` in the workspace.
 */
import { join } from 'node:path';
import type { LocaleId } from 'plankeeper';
import type { CodingAgentName } from '../../coding-agents/agent-names.js';
import { setup } from '../../coding-agents/setup/index.js';
import { AGENT_TEXTS } from './agent-texts.js';

export const EVAL_ARMS = ['off', 'light', 'standard', 'strict', 'checks'] as const;

export interface ArmPlace {
  readonly agent: CodingAgentName;
  readonly arm: string;
  readonly workspace: string;
  readonly home: string;
  readonly checkCommand: string;
  readonly locale: LocaleId;
  readonly env: NodeJS.ProcessEnv;
}

/** Sets the arm up in the workspace; an unknown arm or a failed setup is returned as one line. */
export function setUpArm(place: ArmPlace): string | undefined {
  const { arm } = place;
  if (!(EVAL_ARMS as readonly string[]).includes(arm)) {
    return AGENT_TEXTS[place.locale].unknownArm(arm, EVAL_ARMS);
  }
  if (arm === 'off') return undefined;
  if (arm === 'checks' && place.checkCommand.trim() === '')
    return AGENT_TEXTS[place.locale].checksNeedCheck;
  try {
    setup({
      agent: place.agent,
      dir: place.workspace,
      locale: place.locale,
      discipline: arm === 'checks' ? 'standard' : (arm as 'light' | 'standard' | 'strict'),
      ...(arm === 'checks' && { verify: [place.checkCommand] }),
      node: process.execPath,
      env: { ...place.env, HOME: place.home, CODEX_HOME: join(place.home, '.codex') },
    });
  } catch (error) {
    // A config setup cannot read or write: this run cannot be set up, so it is an error.
    return AGENT_TEXTS[place.locale].setupFailed(place.agent, (error as Error).message);
  }
  return undefined;
}
