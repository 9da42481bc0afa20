/**
 * The command lines setup writes: the absolute node binary and plankeeper's bin, so a hook
 * never depends on PATH or npx (a hook runs on every tool call; npx would cost seconds).
 */
import type { SetupAgent, SetupContext } from './types.js';

/** `<bin> hook <agent> <event> --store URL [--lang zh] [--discipline P]` (without the node binary). */
export function hookArgs(ctx: SetupContext, event: string): string[] {
  return [
    ctx.bin,
    'hook',
    ctx.agent,
    event,
    '--store',
    ctx.store,
    ...langArgs(ctx),
    ...(ctx.discipline ? ['--discipline', ctx.discipline] : []),
  ];
}

/** `<bin> mcp --store URL --for <agent> [--lang zh]` (without the node binary). */
export function mcpArgs(ctx: SetupContext): string[] {
  return [ctx.bin, 'mcp', '--store', ctx.store, '--for', ctx.agent, ...langArgs(ctx)];
}

function langArgs(ctx: SetupContext): string[] {
  return ctx.lang === 'zh' ? ['--lang', 'zh'] : [];
}

/** POSIX shell quoting: plain words stay as they are, anything else in single quotes. */
export function shellQuote(value: string): string {
  return /^[\w./:=@+,%-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

export function shellCommand(argv: readonly string[]): string {
  return argv.map(shellQuote).join(' ');
}

/**
 * Whether a hook command (a shell string, or a command with its args joined) is one that
 * setup wrote for `agent`: plankeeper's bin followed by `hook <agent>`. Recognising ours by
 * the command keeps the user's own hooks on the same events untouched, even after the
 * repository moved (an older entry still names plankeeper.js).
 */
export function isPlankeeperHookCommand(command: string, agent: SetupAgent): boolean {
  const escaped = agent.replace(/[-]/g, '\\-');
  return new RegExp(`plankeeper(\\.js)?'?\\s+hook\\s+${escaped}(\\s|$)`).test(command);
}
