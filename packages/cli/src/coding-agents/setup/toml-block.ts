/**
 * plankeeper's part of a TOML file the user owns (Codex's config.toml), kept as a block of
 * text between two marker comments at the end of the file. Editing text instead of
 * re-serialising the parsed document keeps every comment and the layout of the user's own
 * settings byte for byte; the parser (smol-toml) only checks that the result is valid TOML.
 */
import { loadOnUse } from './load-on-use.js';
import { SetupConfigError } from './types.js';

/** Loaded when setup first reads TOML (only Codex's setup does). */
const toml = loadOnUse<typeof import('smol-toml')>('smol-toml');

export const BLOCK_START = '# >>> plankeeper setup: added by `plankeeper setup codex`';
export const BLOCK_END = '# <<< plankeeper setup';

export function parseToml(path: string, text: string): Record<string, unknown> {
  try {
    return toml().parse(text) as Record<string, unknown>;
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new SetupConfigError(path, `not valid TOML (${reason}); fix it, then run setup again`);
  }
}

/** The text without plankeeper's block (and the blank line setup put before it). */
export function withoutBlock(text: string): { text: string; found: boolean } {
  const start = text.indexOf(BLOCK_START);
  if (start < 0) return { text, found: false };
  const endMarker = text.indexOf(BLOCK_END, start);
  let end = endMarker < 0 ? text.length : endMarker + BLOCK_END.length;
  if (text[end] === '\n') end += 1;
  let head = text.slice(0, start);
  // setup separates its block from the user's text by one blank line; take that back too.
  if (head.endsWith('\n\n')) head = head.slice(0, -1);
  return { text: head + text.slice(end), found: true };
}

/** `text` with `block` (TOML lines, no markers) as plankeeper's block at the end. */
export function withBlock(text: string, block: string): string {
  const { text: base } = withoutBlock(text);
  const separator = base === '' ? '' : base.endsWith('\n') ? '\n' : '\n\n';
  return `${base}${separator}${BLOCK_START}\n${block}${BLOCK_END}\n`;
}

/** A TOML basic string (JSON's escapes are valid TOML escapes). */
export function tomlString(value: string): string {
  return JSON.stringify(value);
}
