/**
 * The lines of the live plan block, as styled segments so they can be cut to the
 * terminal's width before colour is added:
 *
 *   Current todo list [####------] 2/5
 *     [x] #1 Look up the return policy — found section 4.2
 *     [⠹] #2 Drafting the answer
 *     [ ] #3 Send the answer
 */

import type { Locale } from 'plankeeper';
import { progressOf, STATUS_MARKERS, type TodoItem } from 'plankeeper';
import { quoteText } from 'plankeeper/harness';
import { paint, type Style } from './ansi.js';
import { cutToWidth, textWidth } from './text-width.js';

export interface Segment {
  text: string;
  styles?: Style[];
}

export type Line = Segment[];

export const SPINNER_FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

const BAR_WIDTH = 10;

export interface LiveLinesOptions {
  locale: Locale;
  /** Spinner frame for the item in progress; undefined shows the plain `[>]` marker. */
  frame: string | undefined;
  /** Lines the block may use; longer plans collapse finished items first. */
  maxLines: number;
}

export function liveLines(items: readonly TodoItem[], options: LiveLinesOptions): Line[] {
  const progress = progressOf(items);
  // The locale's heading is written for the model ("### ..."); people get it bare.
  const heading = options.locale.plan.heading.replace(/^#+\s*/, '');
  if (items.length === 0) {
    return [
      [{ text: heading, styles: ['bold'] }],
      [{ text: `  ${options.locale.plan.empty}`, styles: ['dim'] }],
    ];
  }
  const filled = Math.round((progress.completed / progress.total) * BAR_WIDTH);
  const head: Line = [
    { text: `${heading} `, styles: ['bold'] },
    { text: '[' },
    { text: '#'.repeat(filled), styles: ['green'] },
    { text: '-'.repeat(BAR_WIDTH - filled), styles: ['dim'] },
    { text: `] ${progress.completed}/${progress.total}` },
  ];
  const lines = items.map((item) => itemLine(item, options.frame));
  return [head, ...collapse(items, lines, Math.max(1, options.maxLines - 1))];
}

function itemLine(item: TodoItem, frame: string | undefined): Line {
  const id = { text: `#${item.id} `, styles: ['dim'] as Style[] };
  switch (item.status) {
    case 'in_progress':
      return [
        { text: '  ' },
        { text: frame ? `[${frame}]` : STATUS_MARKERS.in_progress, styles: ['cyan', 'bold'] },
        { text: ' ' },
        id,
        { text: quoteText(item.activeForm || item.content), styles: ['cyan', 'bold'] },
      ];
    case 'completed':
    case 'cancelled':
      return [
        { text: '  ' },
        {
          text: STATUS_MARKERS[item.status],
          styles: item.status === 'completed' ? ['green'] : ['dim'],
        },
        { text: ' ' },
        id,
        {
          text: quoteText(item.content),
          styles: item.status === 'cancelled' ? ['dim', 'strike'] : ['dim'],
        },
        ...(item.note ? [{ text: ` — ${quoteText(item.note)}`, styles: ['dim'] as Style[] }] : []),
      ];
    default:
      return [
        { text: '  ' },
        { text: STATUS_MARKERS.pending },
        { text: ' ' },
        id,
        { text: quoteText(item.content) },
      ];
  }
}

/** Fits `lines` into `room` lines: finished items fold into one line first, then the tail. */
function collapse(items: readonly TodoItem[], lines: Line[], room: number): Line[] {
  if (lines.length <= room) return lines;
  const finished = items.map((item) => item.status === 'completed' || item.status === 'cancelled');
  const folded = finished.filter(Boolean).length;
  let kept = lines;
  if (folded > 0) {
    kept = [
      [{ text: `  … ${folded} done`, styles: ['dim'] }],
      ...lines.filter((_, index) => !finished[index]),
    ];
  }
  if (kept.length <= room) return kept;
  const shown = kept.slice(0, Math.max(0, room - 1));
  return [...shown, [{ text: `  … ${kept.length - shown.length} more`, styles: ['dim'] }]];
}

/** One line cut to `width` cells (with `…` when cut), coloured or not. */
export function formatLine(line: Line, width: number, color: boolean): string {
  const total = line.reduce((sum, segment) => sum + textWidth(segment.text), 0);
  let room = total > width ? width - 1 : width;
  let out = '';
  for (const segment of line) {
    if (room <= 0) break;
    const text = cutToWidth(segment.text, room);
    room -= textWidth(text);
    out += color ? paint(text, segment.styles ?? []) : text;
  }
  return total > width ? `${out}…` : out;
}
