/**
 * How many terminal cells text takes, so lines can be cut to the terminal's width:
 * a wrapped line would break the in-place redraw, which counts lines. Widths come from
 * `string-width` (Unicode's East Asian Width and emoji data, kept up to date there):
 * a hand-kept table of ranges misses emoji such as 🚀 and every new Unicode version.
 */
import stringWidth from 'string-width';

// Cut at grapheme boundaries: splitting an emoji sequence or a letter from its combining
// mark would leave half a character on screen.
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function textWidth(text: string): number {
  return stringWidth(text);
}

/** The longest prefix of `text` that fits in `width` cells. */
export function cutToWidth(text: string, width: number): string {
  let used = 0;
  let end = 0;
  for (const { segment } of graphemes.segment(text)) {
    const next = used + stringWidth(segment);
    if (next > width) break;
    used = next;
    end += segment.length;
  }
  return text.slice(0, end);
}
