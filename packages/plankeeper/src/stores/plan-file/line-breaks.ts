/**
 * The line breaks a plan file's reader may honour besides LF: a bare CR (GitHub and old Mac
 * editors end a line there), VT, FF, NEL (U+0085) and the Unicode line and paragraph
 * separators (U+2028, U+2029). Model text holding one of them must never become a line of
 * the file: GitHub would show a checklist line plankeeper does not see, and an editor that
 * normalises line ends would hand it back as a person's edit. So the writer turns each into
 * a space (or, in a multi-line field, into a line of that field), and the reader takes one
 * a person left inside a line as a space, so the line still reads back as the item it is.
 */

/** Every line break but LF and CRLF, which end a line of the file. */
const INNER_BREAK = /[\r\v\f\u0085\u2028\u2029]/g;

/** Any line break, CRLF as one. */
const ANY_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/** `text` on one line: every run of line breaks and the spaces around it is one space. */
export function oneLine(text: string): string {
  return text.replace(/\s*(?:\r\n|[\n\r\v\f\u0085\u2028\u2029])+\s*/g, ' ').trim();
}

/** The lines of a multi-line text, split at a line break of any kind; blank ones left out. */
export function textLines(text: string | undefined): string[] {
  if (text === undefined) return [];
  return text
    .split(ANY_BREAK)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A line of the file as the reader takes it: a break left inside it reads as a space. */
export function readableLine(line: string): string {
  return line.replace(INNER_BREAK, ' ');
}
