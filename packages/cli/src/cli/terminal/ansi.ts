/**
 * The few ANSI sequences the live view needs. Kept in one place so the plain mode can
 * be checked to use none of them.
 */
import { escapeUnsafeChars } from 'plankeeper/tools';

export const ESC = '\u001b';

export const ansi = {
  /** Moves the cursor up `lines` lines (column unchanged). */
  up: (lines: number) => (lines > 0 ? `${ESC}[${lines}A` : ''),
  clearLine: `${ESC}[2K`,
  /** Clears from the cursor to the end of the screen. */
  clearBelow: `${ESC}[J`,
};

export type Style = 'bold' | 'dim' | 'green' | 'cyan' | 'yellow' | 'strike';

const SGR: Record<Style, [open: number, close: number]> = {
  bold: [1, 22],
  dim: [2, 22],
  green: [32, 39],
  cyan: [36, 39],
  yellow: [33, 39],
  strike: [9, 29],
};

export function paint(text: string, styles: readonly Style[]): string {
  if (styles.length === 0 || text === '') return text;
  const open = styles.map((style) => SGR[style][0]).join(';');
  const close = styles.map((style) => SGR[style][1]).join(';');
  return `${ESC}[${open}m${text}${ESC}[${close}m`;
}

/**
 * Text from outside (a model, a tool) made safe to print: control characters other
 * than tab and newline, bidi controls and zero-width characters are shown as
 * `\u001b`-style escapes instead of being obeyed, so they cannot move the cursor,
 * recolour the terminal or reorder and hide what is printed.
 */
export function inertText(text: string): string {
  return escapeUnsafeChars(text.replace(/\r\n/g, '\n'), '\n\t');
}
