/**
 * Whether `plankeeper mcp`'s command line is one the server would start with, told before
 * anything loads. The early answers (early-answers.ts) advertise a started server: given for a
 * command line that then ends in a usage error, a client would take a failed start for a
 * working one. Commander and the flag checks load most of what the early answers avoid (zod
 * among them), so this leaf reads the flags itself: every argument a known flag, every value
 * of a known form. Whatever it cannot vouch for gets no early answer; the server then answers
 * (or refuses) as it always did, so a doubt here costs time, never a wrong answer.
 *
 * The flags and values mirror the mcp command's; command-line-check.test.ts holds them to it.
 * Checks that read files or combine flags stay the server's (a plan file's folder, --for with
 * --session).
 */

/** A flag's values: one of a list, any text but blank, or a whole number in a range. */
type Values = readonly string[] | 'text' | { min: number; max: number };

/** Every flag of `plankeeper mcp` over stdio (HTTP gets no early answers), with its values. */
export const MCP_FLAG_VALUES: Readonly<Record<string, Values>> = {
  '--store': 'text',
  '--session': 'text',
  '--agent': 'text',
  '--for': ['claude-code', 'codex', 'gemini', 'opencode', 'copilot', 'pi'],
  '--list': 'text',
  '--plan-file': 'text',
  '--max-items': { min: 1, max: 10_000 },
  '--tools': ['whole-list', 'granular', 'both'],
  '--preset': ['whole-list', 'granular', 'both'],
  '--lang': ['en', 'zh'],
  '--dependencies': ['off', 'warn', 'enforce'],
  '--evidence': ['off', 'warn', 'enforce'],
  '--evidence-from': ['calls', 'checks'],
  '--verify': 'text',
  '--verify-in': 'text',
  '--verify-timeout': { min: 1, max: 3600 },
  '--verify-refusals': { min: 1, max: 20 },
  '--discipline': ['light', 'standard', 'strict'],
  '--approval': ['once', 'on-change'],
};

/** The one flag whose value may be left out (`--approval [when]`). */
const OPTIONAL_VALUE = new Set(['--approval']);

/** Whether `args` (after `mcp`) are flags and values the server is sure to accept. */
export function plausibleMcpArgs(args: readonly string[]): boolean {
  for (let at = 0; at < args.length; at++) {
    const arg = args[at]!;
    const equals = arg.indexOf('=');
    const flag = arg.startsWith('--') && equals > 0 ? arg.slice(0, equals) : arg;
    const values = MCP_FLAG_VALUES[flag];
    if (values === undefined) return false;
    let value: string | undefined;
    if (flag !== arg) value = arg.slice(equals + 1);
    else if (OPTIONAL_VALUE.has(flag)) {
      // Commander takes the next argument as the value unless it looks like a flag.
      const next = args[at + 1];
      if (next === undefined || next.startsWith('-')) continue;
      value = next;
      at++;
    } else {
      value = args[++at];
      if (value === undefined) return false;
    }
    if (!allowed(value, values)) return false;
  }
  return true;
}

function allowed(value: string, values: Values): boolean {
  if (values === 'text') return value.trim() !== '';
  if (Array.isArray(values)) return values.includes(value);
  const { min, max } = values as { min: number; max: number };
  if (!/^\d{1,6}$/.test(value.trim())) return false;
  const number = Number(value.trim());
  return number >= min && number <= max;
}
