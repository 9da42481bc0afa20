/**
 * Splits a document into passages a search can return on their own: one per Markdown
 * section (with the path of headings above it), one per paragraph of plain text. Long
 * sections are cut at paragraph breaks so a result stays readable.
 */

export interface Passage {
  /** Headings from the top of the document down to this section: ["Returns", "Opened items"]. */
  headings: string[];
  text: string;
  /** 1-based line where the passage starts, for citing and for read_file. */
  line: number;
}

/** Passages longer than this are split at paragraph breaks. */
const MAX_PASSAGE_CHARS = 1500;

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const FENCE = /^ {0,3}(```|~~~)/;

export function markdownPassages(source: string): Passage[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const passages: Passage[] = [];
  const stack: { level: number; title: string }[] = [];
  let body: string[] = [];
  let fence: string | undefined;
  let index = skipFrontMatter(lines);
  let start = index + 1;

  const flush = () => {
    const headings = stack.map((entry) => entry.title);
    passages.push(...splitLong(headings, body, start));
    body = [];
  };

  for (; index < lines.length; index++) {
    const line = lines[index]!;
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      if (fence === undefined) fence = fenceMatch[1];
      else if (fenceMatch[1] === fence) fence = undefined;
    }
    const heading = fence === undefined && !fenceMatch ? HEADING.exec(line) : null;
    if (!heading) {
      if (body.length === 0 && line.trim() === '') start = index + 2;
      else body.push(line);
      continue;
    }
    flush();
    const level = heading[1]!.length;
    while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
    stack.push({ level, title: heading[2]!.trim() });
    start = index + 2;
  }
  flush();
  return passages;
}

export function paragraphPassages(source: string): Passage[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const passages: Passage[] = [];
  let body: string[] = [];
  let start = 1;
  lines.forEach((line, index) => {
    if (line.trim() === '') {
      passages.push(...splitLong([], body, start));
      body = [];
      start = index + 2;
    } else body.push(line);
  });
  passages.push(...splitLong([], body, start));
  return passages;
}

/** A section's body as one passage, or several when it is long; none when it is empty. */
function splitLong(headings: string[], body: readonly string[], start: number): Passage[] {
  const text = body.join('\n').trim();
  if (text === '') return [];
  if (text.length <= MAX_PASSAGE_CHARS) return [{ headings, text, line: start }];
  const passages: Passage[] = [];
  let chunk: string[] = [];
  let chunkStart = start;
  let length = 0;
  body.forEach((line, offset) => {
    const paragraphBreak = line.trim() === '';
    if (paragraphBreak && length >= MAX_PASSAGE_CHARS / 2) {
      pushChunk();
      chunkStart = start + offset + 1;
      return;
    }
    if (chunk.length === 0 && paragraphBreak) {
      chunkStart = start + offset + 1;
      return;
    }
    if (length + line.length > MAX_PASSAGE_CHARS && length > 0) {
      pushChunk();
      chunkStart = start + offset;
    }
    chunk.push(line);
    length += line.length + 1;
  });
  pushChunk();
  return passages;

  function pushChunk() {
    const chunkText = chunk.join('\n').trim();
    if (chunkText !== '') passages.push({ headings, text: chunkText, line: chunkStart });
    chunk = [];
    length = 0;
  }
}

/** Index of the first line after a leading `---` YAML block, or 0 when there is none. */
function skipFrontMatter(lines: readonly string[]): number {
  if (lines[0]?.trim() !== '---') return 0;
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  return end === -1 ? 0 : end + 1;
}
