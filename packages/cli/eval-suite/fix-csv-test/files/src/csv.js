/** Splits one CSV line into its fields (RFC 4180 quoting, no line breaks inside fields). */
export function parseLine(line) {
  return line.split(',').map((field) => field.replace(/^"|"$/g, ''));
}

/** Parses a whole CSV text into rows, skipping empty lines. */
export function parse(text) {
  return text
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map(parseLine);
}
