/**
 * `plankeeper hook <agent> <event> [--store URL] [--list NAME | --plan-file PATH [--max-items N]] [--lang en|zh] [--nudge-after N]
 * [--approval once|on-change] [--discipline light|standard|strict] [--verify CMD]… [--verify-in DIR]
 * [--verify-timeout SECONDS] [--verify-refusals N]`, parsed
 * by hand: the hook runs on every tool call, and commander would cost start-up time.
 * `--serve` in the event's place answers many events in one process (serve-hooks.ts), each
 * parsed here with its own event name.
 */
import { checkMaxItems, MAX_ITEMS_WITHOUT_PLAN_FILE } from '../plan-file-max-items.js';
import {
  AUTO_CHECKS,
  checkCommand,
  checkRefusals,
  checkTimeoutSec,
  LIMITS_WITHOUT_COMMAND,
  valueOr,
} from '../setup/check-values.js';

const AUTO_IN_HOOK =
  '--verify auto is for setup and mcp; give the hook the commands themselves (setup writes them).';

/** In the event's place: answer many events, one JSON line each (serve-hooks.ts). */
export const SERVE_FLAG = '--serve';

export interface HookArgs {
  agent: string;
  event: string;
  store?: string;
  lang?: string;
  /** The shared list the agent's sessions work on (see sharedListKey). */
  list?: string;
  /** The list's plan kept in this Markdown file, relative to the agent's project directory. */
  planFile?: string;
  /** Most items the plan file may hold (`--max-items N`); unset: the engine's default. */
  maxItems?: number;
  nudgeAfter?: number;
  /** Hold non-plan tools until a person approves the plan: once, or again on each change. */
  approval?: 'once' | 'on-change';
  /** The preset: its nudge and checks, as in every host; `--nudge-after` wins over its nudge. */
  discipline?: 'light' | 'standard' | 'strict';
  /** The person's check commands, run before the model may answer after the workspace changed. */
  verify?: readonly string[];
  /** Where they run (relative: to the agent's project directory); default: that directory. */
  verifyIn?: string;
  verifyTimeoutSec?: number;
  verifyRefusals?: number;
}

export function parseHookArgs(args: readonly string[]): HookArgs {
  const [agent, event, ...rest] = args;
  if (!agent || !event || agent.startsWith('-') || event.startsWith('-')) {
    throw new Error(
      'usage: plankeeper hook <agent> <event> [--store URL] [--list NAME | --plan-file PATH] [--lang en|zh]',
    );
  }
  const parsed: HookArgs = { agent, event };
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--store') parsed.store = value;
    else if (flag === '--lang') parsed.lang = value;
    else if (flag === '--list') parsed.list = value;
    else if (flag === '--plan-file') parsed.planFile = value;
    else if (flag === '--max-items') parsed.maxItems = valueOr(checkMaxItems(value), plainError);
    else if (flag === '--approval' && (value === 'once' || value === 'on-change'))
      parsed.approval = value;
    else if (flag === '--nudge-after' && /^[1-9]\d*$/.test(value))
      parsed.nudgeAfter = Number(value);
    else if (
      flag === '--discipline' &&
      (value === 'light' || value === 'standard' || value === 'strict')
    )
      parsed.discipline = value;
    else if (!checkFlag(parsed, flag ?? '', value))
      throw new Error(`unknown option ${flag} ${value}`);
  }
  if (!parsed.verify && (parsed.verifyIn ?? parsed.verifyTimeoutSec ?? parsed.verifyRefusals)) {
    throw new Error(LIMITS_WITHOUT_COMMAND);
  }
  if (parsed.maxItems !== undefined && parsed.planFile === undefined) {
    throw new Error(MAX_ITEMS_WITHOUT_PLAN_FILE);
  }
  return parsed;
}

/** Reads one check flag into `parsed`; false when `flag` is none of them. */
function checkFlag(parsed: HookArgs, flag: string, value: string): boolean {
  const read = {
    '--verify': () => {
      // Setup writes the commands `auto` found: a hook never guesses them on every event.
      if (value.trim() === AUTO_CHECKS) throw new Error(AUTO_IN_HOOK);
      parsed.verify = [...(parsed.verify ?? []), valueOr(checkCommand(value), plainError)];
    },
    '--verify-in': () => {
      parsed.verifyIn = value;
    },
    '--verify-timeout': () => {
      parsed.verifyTimeoutSec = valueOr(checkTimeoutSec(value), plainError);
    },
    '--verify-refusals': () => {
      parsed.verifyRefusals = valueOr(checkRefusals(value), plainError);
    },
  }[flag];
  read?.();
  return read !== undefined;
}

function plainError(problem: string): Error {
  return new Error(problem);
}
