/** A plain-text table whose columns line up in a terminal whatever the script (CJK cells are two wide). */
import { textWidth } from '../../cli/terminal/text-width.js';

export function wideTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, index) =>
    Math.max(textWidth(cell), ...rows.map((row) => textWidth(row[index] ?? ''))),
  );
  const line = (row: readonly string[]) =>
    row
      .map((cell, index) => cell + ' '.repeat((widths[index] ?? 0) - textWidth(cell)))
      .join('  ')
      .trimEnd();
  return [
    line(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.map(line),
  ].join('\n');
}
