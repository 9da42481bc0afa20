import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse, parseLine } from '../src/csv.js';

test('plain fields', () => {
  assert.deepEqual(parseLine('a,b,c'), ['a', 'b', 'c']);
});

test('empty fields are kept', () => {
  assert.deepEqual(parseLine('a,,c,'), ['a', '', 'c', '']);
});

test('a quoted field may hold commas', () => {
  assert.deepEqual(parseLine('1,"Smith, Ada",London'), ['1', 'Smith, Ada', 'London']);
});

test('two quotes inside a quoted field are one quote', () => {
  assert.deepEqual(parseLine('"say ""hi""",x'), ['say "hi"', 'x']);
});

test('parse skips empty lines', () => {
  assert.deepEqual(parse('a,b\r\n\r\nc,d\n'), [
    ['a', 'b'],
    ['c', 'd'],
  ]);
});
