/**
 * The flags of `plankeeper acp` as what the proxy needs: the arguments of the `plankeeper mcp`
 * each session gets (the same flags, checked as `mcp` checks them, with the store made
 * absolute since the agent may start the server in another folder), the store the proxy
 * watches, and which stored plan a session's server writes.
 */
import { isAbsolute, resolve } from 'node:path';
import type { LocaleId, PlanKey } from 'plankeeper';
import { sharedListKey } from 'plankeeper/harness';
import { parseStoreUrl } from 'plankeeper/stores';
import { CliError } from '../cli/cli-error.js';
import { EXIT } from '../cli/exit-codes.js';
import { parseLang } from '../cli/lang-option.js';
import { plausibleMcpArgs } from '../cli/mcp-early/command-line-check.js';
import { checkPlanFilePath } from '../cli/plan-file-option.js';
import { resolveStoreUrl } from '../cli/store-option.js';
import { planFileList } from '../coding-agents/plan-file-list.js';
import { ACP_TEXTS } from './acp-texts.js';

export interface RawAcpFlags {
  store?: string;
  planFile?: string;
  list?: string;
  lang?: string;
  discipline?: string;
  tools?: string;
  dependencies?: string;
  evidence?: string;
  maxItems?: string;
  verify?: string[];
  approval?: string | true;
}

export interface AcpSettings {
  command: string[];
  lang: LocaleId;
  storeUrl: string;
  /** `plankeeper mcp` arguments shared by every session (its key comes per session). */
  mcpArgs: string[];
  planFile?: string;
  planKey: (sessionKey: string) => PlanKey;
}

/** The plan key's agent part for sessions started through the proxy. */
export const ACP_AGENT = 'acp';

const VALUE_FLAGS = [
  ['--discipline', 'discipline'],
  ['--tools', 'tools'],
  ['--dependencies', 'dependencies'],
  ['--evidence', 'evidence'],
  ['--max-items', 'maxItems'],
  ['--list', 'list'],
] as const;

export function parseAcpFlags(flags: RawAcpFlags, command: string[], cwd: string): AcpSettings {
  const lang = parseLang(flags.lang);
  if (command.length === 0 || command[0]?.trim() === '') {
    throw new CliError(ACP_TEXTS[lang].missingCommand, EXIT.usage);
  }
  const storeUrl = absoluteStore(resolveStoreUrl(flags.store, process.env, cwd), cwd, lang);
  const planFile = flags.planFile === undefined ? undefined : resolve(cwd, flags.planFile);
  if (planFile !== undefined) checkPlanFilePath('--plan-file', planFile);
  const mcpArgs = ['--store', storeUrl, '--lang', lang];
  for (const [flag, field] of VALUE_FLAGS) {
    const value = flags[field];
    if (typeof value === 'string') mcpArgs.push(flag, value);
  }
  for (const check of flags.verify ?? []) mcpArgs.push('--verify', check);
  if (flags.approval !== undefined) {
    mcpArgs.push(...(flags.approval === true ? ['--approval'] : ['--approval', flags.approval]));
  }
  if (planFile !== undefined) mcpArgs.push('--plan-file', planFile);
  if (!plausibleMcpArgs(mcpArgs)) {
    throw new CliError(
      'acp: a flag value is not one plankeeper mcp accepts; see plankeeper acp --help.',
      EXIT.usage,
    );
  }
  const shared =
    planFile !== undefined
      ? planFileList(planFile)
      : flags.list === undefined
        ? undefined
        : flags.list;
  const planKey = (sessionKey: string): PlanKey =>
    shared === undefined ? { agent: ACP_AGENT, session: sessionKey } : sharedListKey(shared);
  return { command, lang, storeUrl, mcpArgs, planKey, ...(planFile !== undefined && { planFile }) };
}

/**
 * The agent command: the words after the first `--` of the command line (`raw`, which the
 * parser read as `parsed`: acp's own options taken out, unknown words kept, since the agent's
 * flags must pass). Without `--` an agent flag would be read as acp's; a word before `--`
 * that is none of acp's options is named, not handed to the agent.
 */
export function agentCommandOf(parsed: string[], raw: readonly string[], lang: LocaleId): string[] {
  const texts = ACP_TEXTS[lang];
  const dashes = raw.indexOf('--');
  if (dashes === -1) throw new CliError(texts.missingCommand, EXIT.usage);
  const command = raw.slice(dashes + 1);
  // An option's value may be `--` itself; then the parser's words are the command.
  if (parsed.length <= command.length) return parsed;
  const before = parsed.slice(0, parsed.length - command.length);
  throw new CliError(texts.notAnOption(before[0] as string), EXIT.usage);
}

/** A SQLite path made absolute; a memory store refused (it would live in the MCP server only). */
function absoluteStore(url: string, cwd: string, lang: LocaleId): string {
  const location = parseStoreUrl(url);
  const inProcess =
    location.kind === 'memory' || (location.kind === 'sqlite' && location.path === ':memory:');
  if (inProcess) throw new CliError(ACP_TEXTS[lang].memoryStore, EXIT.usage);
  if (location.kind !== 'sqlite' || isAbsolute(location.path)) return url;
  return `sqlite:${resolve(cwd, location.path)}`;
}
