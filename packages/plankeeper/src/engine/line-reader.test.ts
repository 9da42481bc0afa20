import { describe, expect, it } from 'vitest';
import { LineReader, type OversizeLine } from './line-reader.js';

const bytes = (text: string) => new TextEncoder().encode(text);

function readAll(reader: LineReader): (string | OversizeLine)[] {
  const lines: (string | OversizeLine)[] = [];
  for (let line = reader.readLine(); line !== undefined; line = reader.readLine()) {
    lines.push(line);
  }
  return lines;
}

/** A chunk that counts the bytes the reader searches in it for a newline. */
class CountedChunk extends Uint8Array {
  static searched = 0;
  override indexOf(value: number, from = 0): number {
    const found = super.indexOf(value, from);
    CountedChunk.searched += (found === -1 ? this.length : found + 1) - from;
    return found;
  }
}

describe('LineReader', () => {
  it('gives nothing until a whole line has arrived', () => {
    const reader = new LineReader();
    reader.append('{"a":');
    expect(reader.readLine()).toBeUndefined();
    expect(reader.pendingBytes).toBe(5);
    reader.append('1}\n');
    expect(reader.readLine()).toBe('{"a":1}');
    expect(reader.readLine()).toBeUndefined();
    expect(reader.pendingBytes).toBe(0);
  });

  it('reads many lines from one chunk, in order, blank ones too', () => {
    const reader = new LineReader();
    reader.append(bytes('one\ntwo\n\nthree\nfour'));
    expect(readAll(reader)).toEqual(['one', 'two', '', 'three']);
    reader.append('\n');
    expect(readAll(reader)).toEqual(['four']);
  });

  it('joins a line split over chunks, a character split between them included', () => {
    const reader = new LineReader();
    const line = bytes('{"text":"计划"}\n');
    for (let i = 0; i < line.length; i++) reader.append(line.subarray(i, i + 1));
    expect(readAll(reader)).toEqual(['{"text":"计划"}']);
  });

  it('drops the carriage return of a CRLF line ending, and no other', () => {
    const reader = new LineReader();
    reader.append('a\r\nb\r');
    reader.append('\nc\rd\n');
    expect(readAll(reader)).toEqual(['a', 'b', 'c\rd']);
  });

  it('drops a line past the limit, keeping its size and ends, and reads on', () => {
    const reader = new LineReader({ maxLineBytes: 10, endBytes: 4 });
    reader.append('0123456789\nabcdef');
    reader.append('ghijkl');
    expect(reader.pendingBytes).toBe(0);
    reader.append('mnop\nnext\n');
    expect(readAll(reader)).toEqual([
      '0123456789',
      { bytes: 16, head: 'abcd', tail: 'mnop' },
      'next',
    ]);
  });

  it('drops a line past the limit that arrives in one chunk', () => {
    const reader = new LineReader({ maxLineBytes: 3, endBytes: 2 });
    reader.append('abcdef\nok\n');
    expect(readAll(reader)).toEqual([{ bytes: 6, head: 'ab', tail: 'ef' }, 'ok']);
  });

  it('gives back what was not read, as it came', () => {
    const reader = new LineReader();
    reader.append('first\nsecond\r\nthird\nfour');
    expect(reader.readLine()).toBe('first');
    expect(new TextDecoder().decode(reader.takeRest())).toBe('second\r\nthird\nfour');
    expect(reader.readLine()).toBeUndefined();
    expect(reader.takeRest()).toHaveLength(0);
  });

  it('gives the start of a line the input ended in', () => {
    const reader = new LineReader();
    reader.append('done\nhalf');
    expect(readAll(reader)).toEqual(['done']);
    expect(reader.takeUnfinished()).toBe('half');
    expect(reader.takeUnfinished()).toBe('');
  });

  it('searches each byte once: a 40 MB line in 64 KB chunks costs its bytes', () => {
    const chunkBytes = 64 * 1024;
    const chunks = Math.ceil((40 * 1024 * 1024) / chunkBytes);
    const reader = new LineReader();
    CountedChunk.searched = 0;
    const chunk = new CountedChunk(chunkBytes).fill(0x61);
    for (let i = 0; i < chunks; i++) reader.append(chunk);
    const end = CountedChunk.from(bytes('"\n'));
    reader.append(end);
    expect(CountedChunk.searched).toBe(chunks * chunkBytes + 2);
    const line = reader.readLine();
    expect(typeof line === 'string' && line.length).toBe(chunks * chunkBytes + 1);
  });

  it('keeps a dropped line to its ends, however long it grows', () => {
    const reader = new LineReader({ maxLineBytes: 1024 });
    const chunk = new Uint8Array(64 * 1024).fill(0x62);
    for (let i = 0; i < 640; i++) reader.append(chunk);
    reader.append('\n');
    expect(readAll(reader)).toEqual([
      { bytes: 640 * 64 * 1024, head: 'b'.repeat(512), tail: 'b'.repeat(512) },
    ]);
  });
});
