import assert from 'node:assert/strict';
import { test } from 'node:test';
import { slugify } from '../src/slugify.js';

test('lower-cases and joins words with a dash', () => {
  assert.equal(slugify('Hello World'), 'hello-world');
});

test('drops accents', () => {
  assert.equal(slugify('Crème Brûlée'), 'creme-brulee');
});

test('collapses runs of punctuation and spaces into one dash', () => {
  assert.equal(slugify('Plans,  Tools & Hooks'), 'plans-tools-hooks');
});

test('trims dashes at both ends', () => {
  assert.equal(slugify('  -- Release notes! --  '), 'release-notes');
});
