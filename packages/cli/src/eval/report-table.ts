/** The eval report's plain-text table and its signed numbers. */

export function signed(value: number): string {
  const text = Math.abs(value).toLocaleString('en-US');
  return value > 0 ? `+${text}` : value < 0 ? `-${text}` : '0';
}

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, index) =>
    Math.max(cell.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    line(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.map(line),
  ].join('\n');
}
