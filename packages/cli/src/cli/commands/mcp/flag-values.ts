/** The checks every `plankeeper mcp` flag value goes through: usage errors before anything starts. */
import { CliError } from '../../cli-error.js';

/** A flag given blank is a usage error; otherwise its value, trimmed. */
export function nonBlank(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new CliError(`${name} must not be blank.`);
  return value.trim();
}

/** Throws unless `value` is one of `allowed`. */
export function checkOneOf(name: string, value: string, allowed: readonly string[]): void {
  if (!allowed.includes(value)) {
    throw new CliError(
      `${name} must be one of ${allowed.join(', ')}, not ${JSON.stringify(value)}.`,
    );
  }
}
