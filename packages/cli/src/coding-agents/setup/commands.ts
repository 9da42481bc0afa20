/**
 * The command lines setup writes. A project's files start plankeeper as the person installed
 * it (SetupContext.launch) and name neither the project's directory nor a password: the store
 * is found at run time (project-store.ts). The agent's hook type and transport are the
 * agent's own (<agent>/setup-edits.ts); these are only the words.
 */
import { checkArgs } from './check-values.js';
import { SetupConfigError, type SetupContext } from './types.js';

/**
 * `hook <agent> <event> [--store URL] [--list NAME] [--plan-file PATH [--max-items N]] [--lang zh] [--approval W]
 * [--discipline P] [--verify CMD …]`: what follows the command that starts plankeeper. The
 * checks go to every event: the prompt notes the workspace, the stop runs them.
 */
export function hookArgs(ctx: SetupContext, event: string, store = ctx.store): string[] {
  return [
    'hook',
    ctx.agent,
    event,
    ...(store !== undefined ? ['--store', store] : []),
    ...optionArgs(ctx),
    ...approvalArgs(ctx),
    ...(ctx.discipline ? ['--discipline', ctx.discipline] : []),
    ...checkArgs(ctx.checks),
  ];
}

/**
 * `mcp [--store URL] --for <agent> [--list NAME] [--plan-file PATH [--max-items N]] [--lang zh] [--evidence L] [--verify CMD …]
 * [--approval W] [--discipline P]`. The preset goes to the server as to the hooks: its evidence
 * rule and result echo are the server's part of it. `--verify` runs in the agent's project.
 */
export function mcpArgs(ctx: SetupContext, store = ctx.store): string[] {
  return [
    'mcp',
    ...(store !== undefined ? ['--store', store] : []),
    '--for',
    ctx.agent,
    ...optionArgs(ctx),
    ...(ctx.evidence ? ['--evidence', ctx.evidence] : []),
    ...checkArgs(ctx.checks),
    ...approvalArgs(ctx),
    ...(ctx.discipline ? ['--discipline', ctx.discipline] : []),
  ];
}

/** A hook's whole command line in a project's file: the launch, then hookArgs. */
export function hookCommand(ctx: SetupContext, event: string): string[] {
  return [...ctx.launch, ...hookArgs(ctx, event)];
}

/** The MCP server's whole command line in a project's file: the launch, then mcpArgs. */
export function mcpCommand(ctx: SetupContext): string[] {
  return [...ctx.launch, ...mcpArgs(ctx)];
}

function approvalArgs(ctx: SetupContext): string[] {
  return ctx.approval ? ['--approval', ctx.approval] : [];
}

function optionArgs(ctx: SetupContext): string[] {
  return [
    ...(ctx.list !== undefined ? ['--list', ctx.list] : []),
    ...(ctx.planFile !== undefined ? ['--plan-file', ctx.planFile] : []),
    ...(ctx.maxItems !== undefined ? ['--max-items', String(ctx.maxItems)] : []),
    ...(ctx.locale === 'zh' ? ['--lang', 'zh'] : []),
  ];
}

/** POSIX shell quoting: plain words stay as they are, anything else in single quotes. */
export function shellQuote(value: string): string {
  return /^[\w./:=@+,%-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

export function shellCommand(argv: readonly string[]): string {
  return argv.map(shellQuote).join(' ');
}

/**
 * Refuses to go on when the config already has a `plankeeper` MCP server setup did not write
 * (the person's own, say against their team's store): setup would replace it, and --remove
 * delete it.
 */
export function refuseOwnServer(
  path: string,
  where: string,
  existing: unknown,
  ours: boolean,
): void {
  if (existing === undefined || ours) return;
  throw new SetupConfigError(
    path,
    `already has its own "${where}" (not written by plankeeper setup); rename or remove it, then run setup again`,
  );
}
