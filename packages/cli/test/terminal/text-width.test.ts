import { describe, expect, it } from 'vitest';
import { cutToWidth, textWidth } from '../../src/cli/terminal/text-width.js';

describe('textWidth', () => {
  it.each([
    ['plain ASCII', 'abc', 3],
    ['an emoji outside the old ranges', '🚀', 2],
    ['an emoji sequence joined by ZWJ', '👩‍💻', 2],
    ['a flag', '🇩🇪', 2],
    ['CJK', '退货政策', 8],
    ['fullwidth punctuation', '，', 2],
    ['a combining mark', 'e\u0301', 1],
    ['zero-width characters', 'a\u200bb\u2060', 2],
  ])('%s', (_label, text, width) => {
    expect(textWidth(text)).toBe(width);
  });
});

describe('cutToWidth', () => {
  it('never splits an emoji, a CJK character or a letter from its mark', () => {
    expect(cutToWidth('ab🚀c', 3)).toBe('ab');
    expect(cutToWidth('ab🚀c', 4)).toBe('ab🚀');
    expect(cutToWidth('退货政策', 5)).toBe('退货');
    expect(cutToWidth('e\u0301x', 1)).toBe('e\u0301');
    expect(cutToWidth('👩‍💻!', 2)).toBe('👩‍💻');
  });
});
