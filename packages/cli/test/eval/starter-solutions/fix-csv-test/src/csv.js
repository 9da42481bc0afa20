/** Splits one CSV line into its fields (RFC 4180 quoting, no line breaks inside fields). */
export function parseLine(line) {
  const fields = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** Parses a whole CSV text into rows, skipping empty lines. */
export function parse(text) {
  return text
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map(parseLine);
}
