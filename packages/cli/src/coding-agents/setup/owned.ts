/**
 * What setup owns in one config file: the facts it recorded writing there (the manifest's
 * `owned`, FileEdit.owned), such as `mcpServers.plankeeper` or a hook handler. An entry of the
 * same name that setup did not record is the person's: setup neither replaces nor removes it,
 * whatever its command mentions.
 */
import { SOURCED_IN_BASH } from './forwarder-edit.js';
import { sameJson } from './json-file.js';

/** Marks a fact as of unknown origin: an earlier version may have written it, or the person. */
const UNKNOWN = '?';

/** Who put an entry there that setup would write itself (see Owned.origin). */
export type Origin = 'setup' | 'person' | 'unknown';

export class Owned {
  private readonly facts: Set<string>;
  /** No record for the file: set up by an earlier version, or never. */
  readonly unrecorded: boolean;
  /**
   * Whether an entry was taken for setup's by its form alone: the file's bytes from before
   * this run held an earlier setup's entries, so they are no way back (--remove works by entry).
   */
  earlierSetup = false;

  /**
   * `createdBySetup`: the manifest says setup created the file, so in a file without facts
   * (an earlier version's) whatever setup writes is setup's.
   */
  constructor(
    previous: readonly string[],
    private readonly createdBySetup = false,
  ) {
    this.facts = new Set(previous);
    this.unrecorded = previous.length === 0;
  }

  /**
   * Who put the entry of `fact` there, when it is there: setup (recorded, or in a file setup
   * created); the person (the file's record, made when setup saw the entry, does not name it);
   * or unknown: a file without records that an earlier version set up (`earlierSetupHere`),
   * since those versions wrote the entry without recording it, and took a person's too.
   */
  origin(fact: string, earlierSetupHere: boolean): Origin {
    if (this.facts.has(fact)) return 'setup';
    if (this.facts.has(UNKNOWN + fact)) return 'unknown';
    if (!this.unrecorded) return 'person';
    if (this.createdBySetup) return 'setup';
    return earlierSetupHere ? 'unknown' : 'person';
  }

  /** Records who put an entry there that setup found already in place (see origin). */
  found(fact: string, origin: Origin): void {
    if (origin === 'setup') this.facts.add(fact);
    if (origin === 'unknown') this.facts.add(UNKNOWN + fact);
  }

  has(fact: string): boolean {
    return this.facts.has(fact);
  }

  add(fact: string): void {
    this.facts.add(fact);
  }

  drop(fact: string): void {
    this.facts.delete(fact);
  }

  /** Drops every fact starting with `prefix` (say, all hook handlers before writing them again). */
  dropAll(prefix: string): void {
    for (const fact of [...this.facts]) if (fact.startsWith(prefix)) this.facts.delete(fact);
  }

  list(): string[] {
    return [...this.facts].sort();
  }
}

/** The fact for a hook handler setup wrote on `event`. */
export function hookFact(event: string, handler: unknown): string {
  return `hooks.${event} ${JSON.stringify(handler)}`;
}

/**
 * Whether `handler` on `event` is setup's: one it recorded writing, or exactly the one it
 * writes now (`current`); in a file setup kept no record of (set up by an earlier version),
 * also one of the form only setup writes: `<node> <…/plankeeper.js> hook <agent> <event> …`,
 * forwarded or not.
 */
export function isOwnedHook(
  owned: Owned,
  event: string,
  handler: unknown,
  current: unknown,
  agent: string,
): boolean {
  if (owned.has(hookFact(event, handler))) return true;
  if (current !== undefined && sameJson(handler, current)) return true;
  if (!owned.unrecorded || !isEarlierSetupHook(handler, agent, event)) return false;
  owned.earlierSetup = true;
  return true;
}

function isEarlierSetupHook(handler: unknown, agent: string, event: string): boolean {
  if (handler === null || typeof handler !== 'object') return false;
  const { command, args } = handler as { command?: unknown; args?: unknown };
  const words = Array.isArray(args)
    ? [command, ...args]
    : typeof command === 'string'
      ? withoutShellTest(command).split(' ')
      : [];
  const plain = words.map((word) => (typeof word === 'string' ? word.replace(/^'|'$/g, '') : ''));
  // `bash <…/plankeeper-hook.sh> <seconds>` before it, or `. <…>` (sourced): the forwarder
  // (hook-route/).
  const forwarded =
    (plain[0] === 'bash' || plain[0] === '.') && (plain[1] ?? '').endsWith('/plankeeper-hook.sh');
  const [node, bin, hook, name, eventName] = forwarded ? plain.slice(3) : plain;
  return (
    /(^|\/)node(\.exe)?$/.test(node ?? '') &&
    (bin ?? '').endsWith('/plankeeper.js') &&
    hook === 'hook' &&
    name === agent &&
    eventName === event
  );
}

/** The `sourced-in-bash` start (`.` in bash, else `bash`) read as `bash`. */
function withoutShellTest(command: string): string {
  return command.startsWith(`${SOURCED_IN_BASH} `)
    ? `bash ${command.slice(SOURCED_IN_BASH.length + 1)}`
    : command;
}

/**
 * Whether a `plankeeper` server entry is setup's: recorded, exactly what it writes now, or, in
 * a file setup kept no record of, one of the form only setup writes (plankeeper.js `mcp …
 * --for <agent>`).
 */
export function isOwnedServer(
  owned: Owned,
  fact: string,
  entry: unknown,
  current: unknown,
  agent: string,
): boolean {
  if (owned.has(fact) || (entry !== undefined && sameJson(entry, current))) return true;
  if (!owned.unrecorded || entry === null || typeof entry !== 'object') return false;
  const { command, args } = entry as { command?: unknown; args?: unknown };
  const words = (
    Array.isArray(command) ? command : [command, ...(Array.isArray(args) ? args : [])]
  ).filter((word): word is string => typeof word === 'string');
  const forAt = words.indexOf('--for');
  const earlier =
    words.some((word) => word.endsWith('/plankeeper.js')) &&
    words.includes('mcp') &&
    forAt > 0 &&
    words[forAt + 1] === agent;
  if (earlier) owned.earlierSetup = true;
  return earlier;
}
