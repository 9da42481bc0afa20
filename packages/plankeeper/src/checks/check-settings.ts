/**
 * The person's checks as a host is given them (`verify: "npm test"`, an object, or a list)
 * and as the gate runs them: every command with its folder and time limit, and how many
 * times one user turn's answer may be refused. The commands come only from the person's
 * configuration (a flag, a setup, a script, a library option), never from the model.
 */
import { ConfigurationError } from '../engine/errors.js';

/** One check command: run in a shell in `cwd`; exit 0 passes. */
export interface CheckCommand {
  command: string;
  /** Where it runs. Default: the host's folder (the process's current directory). */
  cwd?: string;
  /** Ended, and counted as failed, after this long. Default 5 minutes. */
  timeoutMs?: number;
}

/** A check command with the bound on refusals (the first command's bound holds for all). */
export interface VerifyOptions extends CheckCommand {
  /** Refusals of the model's answer per user turn before it goes through. Default 3. */
  maxRefusals?: number;
}

/** The library option `verify`: a command, one with options, or several, run in order. */
export type VerifyOption = string | VerifyOptions | readonly (string | VerifyOptions)[];

export const DEFAULT_CHECK_TIMEOUT_MS = 300_000;
export const DEFAULT_MAX_REFUSALS = 3;

export interface CheckSettings {
  commands: Required<CheckCommand>[];
  maxRefusals: number;
}

/** The settings `option` comes to, or undefined for none; a malformed option is a ConfigurationError. */
export function checkSettings(
  option: VerifyOption | undefined,
  cwd: string = process.cwd(),
): CheckSettings | undefined {
  if (option === undefined) return undefined;
  const entries = (Array.isArray(option) ? option : [option]) as (string | VerifyOptions)[];
  if (entries.length === 0) return undefined;
  const options = entries.map((entry) => (typeof entry === 'string' ? { command: entry } : entry));
  const commands = options.map((entry) => checkedCommand(entry, cwd));
  const bounds = options.flatMap((entry) =>
    entry.maxRefusals === undefined ? [] : [entry.maxRefusals],
  );
  const maxRefusals = bounds[0] ?? DEFAULT_MAX_REFUSALS;
  if (!Number.isInteger(maxRefusals) || maxRefusals < 0) {
    throw new ConfigurationError(
      `verify.maxRefusals must be a whole number of 0 or more, got ${JSON.stringify(maxRefusals)}.`,
    );
  }
  return { commands, maxRefusals };
}

function checkedCommand(entry: CheckCommand, cwd: string): Required<CheckCommand> {
  if (typeof entry?.command !== 'string' || entry.command.trim() === '') {
    throw new ConfigurationError(
      'verify needs a command, such as "npm test" or { command: "npm test" }.',
    );
  }
  const timeoutMs = entry.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new ConfigurationError(
      `verify.timeoutMs must be a positive number of milliseconds, got ${JSON.stringify(timeoutMs)}.`,
    );
  }
  return { command: entry.command.trim(), cwd: entry.cwd ?? cwd, timeoutMs };
}
