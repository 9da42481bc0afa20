/**
 * The flags of `plankeeper eval --suite`, checked before anything runs: each bad one is a
 * one-line usage error that says what to give instead.
 */
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  DEFAULT_ARMS,
  isSuiteArm,
  SUITE_ARMS,
  type SuiteArm,
} from '../../eval/suite/suite-arms.js';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';

export interface SuiteFlagValues {
  suite?: string;
  arms?: string;
  reps?: string;
  concurrency?: string;
  retries?: string;
  priceIn?: string;
  priceOut?: string;
  out?: string;
  html?: string;
  resume?: string;
  agent?: string;
}

export interface SuiteSettings {
  arms: SuiteArm[];
  reps: number;
  concurrency: number;
  retries: number;
  prices: { inPerMillion: number; outPerMillion: number } | null;
}

/** Flags that only mean something with --suite. */
export const SUITE_ONLY_FLAGS = [
  ['arms', '--arms'],
  ['reps', '--reps'],
  ['concurrency', '--concurrency'],
  ['retries', '--retries'],
  ['priceIn', '--price-in'],
  ['priceOut', '--price-out'],
  ['out', '--out'],
  ['html', '--html'],
  ['resume', '--resume'],
  ['agent', '--agent'],
] as const;

/**
 * The parser of a flag that takes one value. Commander keeps the last of two without a word,
 * so `--suite a --suite b` would run b; a usage error says so instead.
 */
export function givenOnce(flag: string): (value: string, previous?: string) => string {
  return (value, previous) => {
    if (previous !== undefined) {
      throw usage(`${flag}: given twice (${previous} and ${value}). Give it once.`);
    }
    return value;
  };
}

export function parseSuiteSettings(flags: SuiteFlagValues): SuiteSettings {
  // Found out now, not after the first hour of runs.
  writableFolder('--out', flags.out);
  writableFolder('--html', flags.html);
  return {
    arms: parseArms(flags.arms),
    reps: wholeNumber('--reps', flags.reps, 1, 1, 1000),
    concurrency: wholeNumber('--concurrency', flags.concurrency, 1, 1, 32),
    retries: wholeNumber('--retries', flags.retries, 3, 0, 10),
    prices: parsePrices(flags.priceIn, flags.priceOut),
  };
}

function parseArms(value: string | undefined): SuiteArm[] {
  if (value === undefined) return [...DEFAULT_ARMS];
  const arms = value.split(',').map((arm) => arm.trim());
  for (const arm of arms) {
    if (!isSuiteArm(arm)) {
      throw usage(
        `--arms: unknown arm ${JSON.stringify(arm)}. Use a comma-separated list of ${SUITE_ARMS.join(', ')}.`,
      );
    }
  }
  if (new Set(arms).size !== arms.length)
    throw usage('--arms: an arm is named twice. Name each once.');
  return arms as SuiteArm[];
}

function wholeNumber(
  flag: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number < min || number > max) {
    throw usage(`${flag}: ${JSON.stringify(value)} is not a whole number from ${min} to ${max}.`);
  }
  return number;
}

function parsePrices(
  priceIn: string | undefined,
  priceOut: string | undefined,
): SuiteSettings['prices'] {
  if (priceIn === undefined && priceOut === undefined) return null;
  if (priceIn === undefined || priceOut === undefined) {
    throw usage('--price-in and --price-out go together: give both, per million tokens.');
  }
  return {
    inPerMillion: price('--price-in', priceIn),
    outPerMillion: price('--price-out', priceOut),
  };
}

function price(flag: string, value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0) {
    throw usage(
      `${flag}: ${JSON.stringify(value)} is not a price. Give a number per million tokens, e.g. 0.15.`,
    );
  }
  return number;
}

function writableFolder(flag: string, file: string | undefined): void {
  if (file === undefined) return;
  const folder = dirname(resolve(file));
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    throw usage(`${flag}: the folder of ${file} does not exist. Create it, or give another path.`);
  }
}

function usage(message: string): CliError {
  return new CliError(message, EXIT.usage);
}
