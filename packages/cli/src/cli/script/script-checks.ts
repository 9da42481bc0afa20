/**
 * A script's `options.verify` as the two places that run the person's checks take it: the
 * completion verifier (an item tagged [verify] or the last open item completed) and the
 * checks before the model's answer. Both run every command in its folder, relative to the
 * script's own, so a script runs the same from wherever it is started.
 */
import { resolve } from 'node:path';
import type { VerifierSpec } from 'plankeeper/harness';
import { commandVerifier } from '../../verify/command-verifier.js';
import type { ScriptOptions } from './script-format.js';

type CheckEntry = Exclude<NonNullable<ScriptOptions['verify']>, unknown[]>;

export interface ScriptChecks {
  /** For the planning option `verify`: every command with its folder made absolute. */
  verify: Exclude<CheckEntry, string>[];
  verifiers: VerifierSpec[];
}

export function scriptChecks(
  option: ScriptOptions['verify'],
  scriptDir: string,
): ScriptChecks | undefined {
  if (option === undefined) return undefined;
  const entries = (Array.isArray(option) ? option : [option]).map((entry) =>
    typeof entry === 'string' ? { command: entry } : entry,
  );
  const verify = entries.map((entry) => ({ ...entry, cwd: resolve(scriptDir, entry.cwd ?? '.') }));
  const verifiers = verify.map(({ command, cwd, timeoutMs }) =>
    commandVerifier({ command, cwd, ...(timeoutMs !== undefined && { timeoutMs }) }),
  );
  return { verify, verifiers };
}
