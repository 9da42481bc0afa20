import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { knowledgeBaseDir } from '../../src/builtin-tools/index.js';

const files = async (locale: 'en' | 'zh') =>
  (await readdir(knowledgeBaseDir(locale))).filter((name) => name.endsWith('.md')).sort();

/** Every number in a text, sorted: the facts both languages must agree on. */
const numbers = (text: string) => (text.match(/\d+(?:[.:]\d+)?/g) ?? []).sort();

describe('bundled after-sales knowledge base', () => {
  it('has the same four to six documents in English and Chinese', async () => {
    const en = await files('en');
    expect(en.length).toBeGreaterThanOrEqual(4);
    expect(en.length).toBeLessThanOrEqual(6);
    expect(await files('zh')).toEqual(en);
  });

  it('gives each document one title and several sections', async () => {
    for (const locale of ['en', 'zh'] as const) {
      for (const name of await files(locale)) {
        const text = await readFile(join(knowledgeBaseDir(locale), name), 'utf8');
        expect(text.match(/^# /gm), `${locale}/${name}`).toHaveLength(1);
        expect((text.match(/^## /gm) ?? []).length, `${locale}/${name}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('states the same days, fees and amounts in both languages', async () => {
    for (const name of await files('en')) {
      const en = await readFile(join(knowledgeBaseDir('en'), name), 'utf8');
      const zh = await readFile(join(knowledgeBaseDir('zh'), name), 'utf8');
      expect(numbers(zh), name).toEqual(numbers(en));
    }
  });
});
