/**
 * The README's contents list every section (`##`) and subsection (`###`) outside code blocks,
 * in order, each linked by the anchor GitHub gives its heading: a section added, renamed or
 * moved without its line there fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** `##` and `###` headings outside fenced code blocks (a plan printed in one is not a heading). */
function headings(): { depth: number; text: string }[] {
  const found: { depth: number; text: string }[] = [];
  let inCode = false;
  for (const line of readme.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    const match = inCode ? null : /^(#{2,3}) (.+)$/.exec(line);
    if (match) found.push({ depth: match[1]!.length, text: match[2]! });
  }
  return found;
}

/** GitHub's anchor: lower case, punctuation but `-` and `_` dropped, spaces to `-`; repeats numbered. */
function anchors(texts: string[]): string[] {
  const seen = new Map<string, number>();
  return texts.map((text) => {
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_\- ]/gu, '')
      .replaceAll(' ', '-');
    const count = seen.get(base);
    seen.set(base, (count ?? -1) + 1);
    return count === undefined ? base : `${base}-${count + 1}`;
  });
}

describe('README contents', () => {
  const all = headings();
  const sections = all.filter((heading) => heading.text !== 'Contents');

  it('come first, before the first section', () => {
    expect(all[0]?.text).toBe('Contents');
  });

  it('list every section and subsection in order, linked by its anchor', () => {
    const start = readme.indexOf('## Contents\n');
    const block = readme.slice(start).split('\n\n')[1] ?? '';
    const links = anchors(sections.map((heading) => heading.text));
    const expected = sections.map(
      (heading, index) => `${heading.depth === 3 ? '  ' : ''}- [${heading.text}](#${links[index]})`,
    );
    expect(sections.length).toBeGreaterThan(20);
    expect(block.split('\n')).toEqual(expected);
  });
});
