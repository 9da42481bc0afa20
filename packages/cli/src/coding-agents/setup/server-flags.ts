/**
 * The flags two `plankeeper mcp` server entries differ in, `--for` aside: an agent that uses the
 * server another agent's setup wrote into a shared `.mcp.json` gets that setup's flags for its
 * tools, while its hooks carry its own (shared-mcp-json.ts says so in the report).
 */
import { isObject } from './json-file.js';

/** The flags (`--plan-file`, `--lang`, …) whose values differ between the two entries. */
export function differingFlags(a: unknown, b: unknown): string[] {
  const [first, second] = [flagsOf(a), flagsOf(b)];
  return [...new Set([...first.keys(), ...second.keys()])]
    .filter((flag) => flag !== '--for')
    .filter((flag) => JSON.stringify(first.get(flag)) !== JSON.stringify(second.get(flag)))
    .sort();
}

/** Each flag after `mcp` in the entry's command line, with its values in order. */
function flagsOf(entry: unknown): Map<string, string[]> {
  const flags = new Map<string, string[]>();
  if (!isObject(entry)) return flags;
  const { command, args } = entry;
  const words = (
    Array.isArray(command) ? command : [command, ...(Array.isArray(args) ? args : [])]
  ).filter((word): word is string => typeof word === 'string');
  let flag: string | undefined;
  for (const word of words.slice(words.indexOf('mcp') + 1)) {
    if (word.startsWith('--')) {
      flag = word;
      if (!flags.has(flag)) flags.set(flag, []);
    } else if (flag !== undefined) {
      flags.get(flag)!.push(word);
    }
  }
  return flags;
}
