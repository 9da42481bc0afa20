/**
 * A new property added to an object of a JSONC file as a person would type it: on a line of its
 * own after the object's last property, indented like it, with a comment that ends that line left
 * after it; in an object written on one line, on that line. jsonc-parser's `modify` formats every line its edit touches, which re-flows a one-line
 * sibling object and carries a trailing `// comment` past the new property.
 */
import type { Edit, FormattingOptions, Node } from 'jsonc-parser';
import { jsonc } from './jsonc.js';

/**
 * The edits that add `value` at `path` (a key the object lacks) after the object's last
 * property, when that property starts a line of its own; otherwise undefined (then `modify`).
 */
export function propertyInsertion(
  text: string,
  path: readonly (string | number)[],
  value: unknown,
  options: FormattingOptions,
): Edit[] | undefined {
  const key = path.at(-1);
  if (typeof key !== 'string') return undefined;
  const tree = jsonc().parseTree(text);
  const parent = tree && jsonc().findNodeAtLocation(tree, path.slice(0, -1));
  if (parent?.type !== 'object' || !parent.children?.length) return undefined;
  if (jsonc().findNodeAtLocation(parent, [key]) !== undefined) return undefined;
  const last = parent.children.at(-1) as Node;
  const end = last.offset + last.length;
  // An object on one line gets the new property on that line, printed on one line too.
  if (!/[\r\n]/.test(text.slice(parent.offset, parent.offset + parent.length))) {
    return [{ offset: end, length: 0, content: `, ${JSON.stringify(key)}: ${oneLine(value)}` }];
  }
  const lineStart = text.lastIndexOf('\n', last.offset - 1) + 1;
  const indent = text.slice(lineStart, last.offset);
  if (!/^[ \t]*$/.test(indent)) return undefined;
  // After the last property: blanks, at most one `//` comment, then the line's end.
  const rest = /^[ \t]*(\/\/[^\r\n]*)?(?=\r?\n)/.exec(text.slice(end));
  if (!rest) return undefined;
  const unit = options.insertSpaces ? ' '.repeat(options.tabSize ?? 2) : '\t';
  const eol = options.eol ?? '\n';
  const printed = JSON.stringify(value, null, unit).split('\n').join(`${eol}${indent}`);
  const property = `${eol}${indent}${JSON.stringify(key)}: ${printed}`;
  if (rest[1] === undefined) return [{ offset: end, length: 0, content: `,${property}` }];
  return [
    { offset: end, length: 0, content: ',' },
    { offset: end + rest[0].length, length: 0, content: property },
  ];
}

/** `value` as JSON on one line, spaced (`{ "a": [ 1, 2 ] }`). */
function oneLine(value: unknown): string {
  // A string's line breaks are escapes in JSON: every raw break is the layout's own.
  return JSON.stringify(value, null, 1).replace(/\n */g, ' ');
}
