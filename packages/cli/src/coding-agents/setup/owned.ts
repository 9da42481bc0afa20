/**
 * What setup owns in one config file: the facts it recorded writing there (the manifest's
 * `owned`, FileEdit.owned), such as `mcpServers.plankeeper` or a hook handler. An entry of the
 * same name that setup did not record is the person's: setup neither replaces nor removes it,
 * whatever its command mentions.
 */
import { sameJson } from './json-file.js';

export class Owned {
  private readonly facts: Set<string>;

  constructor(previous: readonly string[]) {
    this.facts = new Set(previous);
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
 * writes now (`current`, for a project set up before setup kept records).
 */
export function isOwnedHook(
  owned: Owned,
  event: string,
  handler: unknown,
  current: unknown,
): boolean {
  return (
    owned.has(hookFact(event, handler)) || (current !== undefined && sameJson(handler, current))
  );
}
