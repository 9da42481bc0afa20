/**
 * How many terminal cells text takes, so lines can be cut to the terminal's width:
 * a wrapped line would break the in-place redraw, which counts lines. CJK and most
 * emoji take two cells; combining marks and zero-width characters none.
 */

// East Asian Wide and Fullwidth blocks, plus the common emoji planes.
const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

const ZERO_WIDTH = /^(?:\p{Mn}|\p{Me}|[\u200b-\u200f\u2060])$/u;

export function charWidth(char: string): number {
  if (ZERO_WIDTH.test(char)) return 0;
  const code = char.codePointAt(0) ?? 0;
  for (const [start, end] of WIDE) {
    if (code < start) break;
    if (code <= end) return 2;
  }
  return 1;
}

export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/** The longest prefix of `text` that fits in `width` cells. */
export function cutToWidth(text: string, width: number): string {
  let used = 0;
  let end = 0;
  for (const char of text) {
    const next = used + charWidth(char);
    if (next > width) break;
    used = next;
    end += char.length;
  }
  return text.slice(0, end);
}
