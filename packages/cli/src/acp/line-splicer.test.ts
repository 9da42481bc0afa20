import { describe, expect, it } from 'vitest';
import { LineSplicer, parseLine } from './line-splicer.js';

const bytes = (text: string) => Buffer.from(text);

describe('LineSplicer', () => {
  it('gives whole lines, exactly as they came, whatever the chunking', () => {
    const input = '{"a":1}\r\n{"b":"é"}\n\nnot json\n{"c":3}';
    const whole = Buffer.from(input);
    for (let size = 1; size <= whole.length; size++) {
      const splicer = new LineSplicer();
      const out: Buffer[] = [];
      for (let at = 0; at < whole.length; at += size) {
        out.push(...splicer.push(whole.subarray(at, at + size)));
      }
      const rest = splicer.flush();
      expect(out.map(String)).toEqual(['{"a":1}\r\n', '{"b":"é"}\n', '\n', 'not json\n']);
      expect(String(rest)).toBe('{"c":3}');
      expect(Buffer.concat([...out, rest as Buffer])).toEqual(whole);
    }
  });

  it('holds a partial line back until its newline comes', () => {
    const splicer = new LineSplicer();
    expect(splicer.push(bytes('{"jsonrpc":'))).toEqual([]);
    expect(splicer.push(bytes('"2.0"}\n{"x"')).map(String)).toEqual(['{"jsonrpc":"2.0"}\n']);
    expect(String(splicer.flush())).toBe('{"x"');
    expect(splicer.flush()).toBeUndefined();
  });
});

describe('parseLine', () => {
  it('reads a JSON object and nothing else, never throwing', () => {
    expect(parseLine(bytes('{"id":1}\n'))).toEqual({ id: 1 });
    expect(parseLine(bytes('[1]\n'))).toBeUndefined();
    expect(parseLine(bytes('null\n'))).toBeUndefined();
    expect(parseLine(bytes('{"id":\n'))).toBeUndefined();
    expect(parseLine(bytes(`{"a":"${'x'.repeat(100)}"}`), 50)).toBeUndefined();
  });
});
