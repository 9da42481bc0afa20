/**
 * The command lines setup writes: the absolute node binary and plankeeper's bin, so a hook
 * never depends on PATH or npx (a hook runs on every tool call; npx would cost seconds).
 */
import { SetupConfigError, type SetupContext } from './types.js';

/**
 * `<bin> hook <agent> <event> --store URL [--list NAME] [--lang zh] [--approval W]
 * [--discipline P]` (without the node binary).
 */
export function hookArgs(ctx: SetupContext, event: string): string[] {
  return [
    ctx.bin,
    'hook',
    ctx.agent,
    event,
    '--store',
    ctx.store,
    ...optionArgs(ctx),
    ...approvalArgs(ctx),
    ...(ctx.discipline ? ['--discipline', ctx.discipline] : []),
  ];
}

/**
 * `<bin> mcp --store URL --for <agent> [--list NAME] [--lang zh] [--evidence L] [--verify CMD]
 * [--approval W] [--discipline P]` (without the node binary). The preset goes to the server as
 * to the hooks: its evidence rule and result echo are the server's part of it.
 */
export function mcpArgs(ctx: SetupContext): string[] {
  return [
    ctx.bin,
    'mcp',
    '--store',
    ctx.store,
    '--for',
    ctx.agent,
    ...optionArgs(ctx),
    ...(ctx.evidence ? ['--evidence', ctx.evidence] : []),
    ...(ctx.verify ? ['--verify', ctx.verify, '--verify-in', ctx.dir] : []),
    ...approvalArgs(ctx),
    ...(ctx.discipline ? ['--discipline', ctx.discipline] : []),
  ];
}

function approvalArgs(ctx: SetupContext): string[] {
  return ctx.approval ? ['--approval', ctx.approval] : [];
}

function optionArgs(ctx: SetupContext): string[] {
  return [
    ...(ctx.list !== undefined ? ['--list', ctx.list] : []),
    ...(ctx.lang === 'zh' ? ['--lang', 'zh'] : []),
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
