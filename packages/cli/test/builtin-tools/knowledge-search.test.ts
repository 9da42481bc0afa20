import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigurationError, PlankeeperError } from 'plankeeper';
import { afterEach, describe, expect, it } from 'vitest';
import type { KnowledgeHit } from '../../src/builtin-tools/index.js';
import { knowledgeBaseDir, knowledgeSearchTool } from '../../src/builtin-tools/index.js';

const results = (data: unknown) => (data as { results: KnowledgeHit[] }).results;

const temporary: string[] = [];
async function folder(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'plankeeper-kb-'));
  temporary.push(root);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return root;
}
afterEach(async () => {
  await Promise.all(temporary.splice(0).map((path) => rm(path, { recursive: true, force: true })));
});

describe('knowledge_search over the bundled after-sales knowledge base', () => {
  it('ranks the opened-headphones passage first for the English demo question', async () => {
    const tool = knowledgeSearchTool({ root: knowledgeBaseDir('en') });
    const result = await tool.execute(
      { query: 'Can I return headphones I already opened? I bought them 10 days ago.' },
      {},
    );
    expect(result.ok).toBe(true);
    const [first] = results(result.data);
    expect(first).toMatchObject({
      source: 'returns-and-refunds.md',
      heading: 'Returns and refunds > Opened headphones and earbuds',
    });
    expect(first?.text).toContain('**14 days**');
    expect(first?.text).toContain('**10% restocking fee**');
    expect(result.text).toMatch(
      /^\[1\] returns-and-refunds\.md § Returns and refunds > Opened headphones and earbuds\nHeadphones and earbuds/m,
    );
    expect(result.title).toMatch(/^knowledge_search: \d+ results?$/);
  });

  it('ranks the opened-headphones passage first for the Chinese demo question', async () => {
    const tool = knowledgeSearchTool({ root: knowledgeBaseDir('zh'), locale: 'zh' });
    const result = await tool.execute({ query: '拆封的耳机还能退货吗？我是 10 天前买的。' }, {});
    expect(result.ok).toBe(true);
    const [first, second] = results(result.data);
    expect(first).toMatchObject({
      source: 'returns-and-refunds.md',
      heading: '退货与退款 > 已拆封的耳机',
    });
    expect(first?.text).toContain('**14 天**');
    expect(first?.text).toContain('**10% 的重新上架费**');
    expect(second?.heading).not.toBe(first?.heading);
    expect(result.text).toContain('[1] returns-and-refunds.md § 退货与退款 > 已拆封的耳机\n');
  });

  it('answers other questions from other files', async () => {
    const en = knowledgeSearchTool({ root: knowledgeBaseDir('en') });
    const express = await en.execute({ query: 'How long does express delivery take?' }, {});
    expect(results(express.data)[0]).toMatchObject({
      source: 'shipping-and-return-shipping.md',
      heading: 'Shipping and return shipping > Delivery options and costs',
    });
    const zh = knowledgeSearchTool({ root: knowledgeBaseDir('zh') });
    const lost = await zh.execute({ query: '单只耳机丢了怎么办' }, {});
    expect(results(lost.data)[0]).toMatchObject({
      source: 'warranty-and-repairs.md',
      heading: '保修与维修 > 不在保修范围内的情况',
    });
  });

  it('ranks a section by its own heading above siblings that share only the parent heading', async () => {
    const en = knowledgeSearchTool({ root: knowledgeBaseDir('en') });
    const costs = await en.execute({ query: 'return shipping costs' }, {});
    expect(
      results(costs.data)
        .map((hit) => hit.heading)
        .slice(0, 2),
    ).toEqual([
      'Shipping and return shipping > Return shipping costs',
      'Shipping and return shipping > Delivery options and costs',
    ]);
    const zh = knowledgeSearchTool({ root: knowledgeBaseDir('zh') });
    const fee = await zh.execute({ query: '退货运费' }, {});
    expect(results(fee.data)[0]?.heading).toBe('配送与退货运费 > 退货运费');
  });

  it('says nothing relevant was found when no passage shares a term with the query', async () => {
    for (const [locale, query] of [
      ['en', 'What is the weather on Mars?'],
      ['zh', '火星上的天气怎么样'],
    ] as const) {
      const tool = knowledgeSearchTool({ root: knowledgeBaseDir(locale) });
      const result = await tool.execute({ query }, {});
      expect(result).toMatchObject({ ok: true, data: { results: [] } });
      expect(result.text).toContain('No relevant passages found');
      expect(result.text).toContain('sources are insufficient');
      expect(result.title).toBe('knowledge_search: no results');
    }
  });

  it('returns at most `limit` passages, and never more than maxResults', async () => {
    const query = 'return refund days';
    const tool = knowledgeSearchTool({ root: knowledgeBaseDir('en'), maxResults: 3 });
    expect(results((await tool.execute({ query, limit: 2 }, {})).data)).toHaveLength(2);
    expect(results((await tool.execute({ query, limit: 50 }, {})).data)).toHaveLength(3);
    expect(results((await tool.execute({ query }, {})).data)).toHaveLength(3);
  });
});

describe('knowledge_search arguments', () => {
  const tool = knowledgeSearchTool({ root: knowledgeBaseDir('en') });

  it('accepts a raw JSON string and rejects trailing data after it', async () => {
    const good = await tool.execute('{"query": "warranty battery"}', {});
    expect(good.ok).toBe(true);
    const bad = await tool.execute('{"query": "warranty"}{"query": "refund"}', {});
    expect(bad.ok).toBe(false);
    expect(bad.text).toContain('Extra text after the JSON object');
    expect(bad.title).toBe('knowledge_search: rejected');
  });

  it('names each bad field and what to send instead', async () => {
    const result = await tool.execute({ query: '   ', limit: 0, top: 3 }, {});
    expect(result.ok).toBe(false);
    expect(result.text).toContain('query is empty; send some text.');
    expect(result.text).toContain('limit must be at least 1.');
    expect(result.text).toContain('unknown field "top". Allowed: query, limit.');
    const missing = await tool.execute({}, {});
    expect(missing.text).toContain('query is missing; send a string.');
    const fraction = await tool.execute({ query: 'refund', limit: 1.5 }, {});
    expect(fraction.text).toContain('limit must be a whole number, not 1.5.');
  });
});

describe('knowledge_search over a host folder', () => {
  it('splits Markdown by heading path and plain text by paragraph, searching subfolders', async () => {
    const root = await folder({
      'policies/returns.md': [
        '---',
        'title: ignored front matter about refunds',
        '---',
        '# Returns',
        'General rules.',
        '## Opened items',
        '### Laptops',
        'Opened laptops are refunded within 7 days.',
        '```',
        '# not a heading: refunds',
        '```',
      ].join('\n'),
      'notes.txt': 'Store hours are nine to five.\n\nParcels are refunded when lost.\n',
      'ignored.json': '{"refunded": true}',
      '.hidden/secret.md': '# Refunds\nHidden refunds.',
    });
    const tool = knowledgeSearchTool({ root });
    const result = await tool.execute({ query: 'refunded' }, {});
    const hits = results(result.data);
    expect(hits.map((hit) => [hit.source, hit.heading, hit.line])).toEqual(
      expect.arrayContaining([
        ['policies/returns.md', 'Returns > Opened items > Laptops', 8],
        ['notes.txt', '', 3],
      ]),
    );
    expect(hits).toHaveLength(2);
    const laptops = hits.find((hit) => hit.source === 'policies/returns.md');
    expect(laptops?.text).toBe(
      'Opened laptops are refunded within 7 days.\n```\n# not a heading: refunds\n```',
    );
    expect(result.text).toContain('notes.txt\nParcels are refunded when lost.');
  });

  it('cuts a long section at paragraph breaks, keeping its heading and line numbers', async () => {
    const paragraph = (word: string) => `${`${word} filler text. `.repeat(40).trim()}\n`;
    const paragraphs = ['alpha', 'bravo', 'charlie', 'delta', 'echo'].map(paragraph);
    // Line 1 is the heading; paragraph n starts on line 2n + 1.
    const root = await folder({ 'long.md': `# Long section\n\n${paragraphs.join('\n')}` });
    const tool = knowledgeSearchTool({ root });
    const [hit] = results((await tool.execute({ query: 'delta' }, {})).data);
    expect(hit).toMatchObject({ heading: 'Long section', line: 9 });
    expect(hit?.text.startsWith('delta filler')).toBe(true);
    expect(hit?.text).not.toContain('alpha');
    expect(hit?.text.length).toBeLessThanOrEqual(1500);
  });

  it('matches plural and past-tense forms of a word', async () => {
    const root = await folder({
      'a.md': '# Fees\nA restocking fee is charged on opened boxes.',
      'b.md': '# Delivery\nCouriers deliver parcels on weekdays.',
    });
    const tool = knowledgeSearchTool({ root });
    const hits = results((await tool.execute({ query: 'fees charges box' }, {})).data);
    expect(hits.map((hit) => hit.source)).toEqual(['a.md']);
  });

  it('builds its index on the first call and keeps it for later calls', async () => {
    const root = await folder({ 'a.md': '# A\nAbout apples.' });
    const tool = knowledgeSearchTool({ root });
    await writeFile(join(root, 'b.md'), '# B\nAbout bananas.');
    const before = await tool.execute({ query: 'bananas' }, {});
    expect(results(before.data).map((hit) => hit.source)).toEqual(['b.md']);
    await writeFile(join(root, 'c.md'), '# C\nAbout cherries.');
    const after = await tool.execute({ query: 'cherries' }, {});
    expect(results(after.data)).toEqual([]);
    expect(
      results((await knowledgeSearchTool({ root }).execute({ query: 'cherries' }, {})).data),
    ).toHaveLength(1);
  });

  it('does not follow symbolic links out of the root', async () => {
    const outside = await folder({ 'leak.md': '# Leak\nSecret pineapple policy.' });
    const root = await folder({ 'a.md': '# A\nAbout apples.' });
    await symlink(outside, join(root, 'linked'));
    const tool = knowledgeSearchTool({ root });
    expect(results((await tool.execute({ query: 'pineapple' }, {})).data)).toEqual([]);
  });

  it('refuses a missing root or bad options with a ConfigurationError', async () => {
    const missing = join(tmpdir(), 'plankeeper-no-such-knowledge-base');
    expect(() => knowledgeSearchTool({ root: missing })).toThrow(ConfigurationError);
    expect(() => knowledgeSearchTool({ root: missing })).toThrow(/is not a directory/);
    const root = await folder({ 'a.md': '# A' });
    expect(() => knowledgeSearchTool({ root, maxResults: 0 })).toThrow(ConfigurationError);
    expect(() => knowledgeSearchTool({ root, locale: 'fr' as unknown as 'en' })).toThrow(
      /Unknown locale "fr"/,
    );
    try {
      knowledgeSearchTool({ root: missing });
    } catch (error) {
      expect(PlankeeperError.isInstance(error)).toBe(true);
    }
  });

  it('reports a root removed before the first call as a ConfigurationError', async () => {
    const root = await folder({ 'a.md': '# A\nAbout apples.' });
    const tool = knowledgeSearchTool({ root });
    await rm(root, { recursive: true });
    await expect(tool.execute({ query: 'apples' }, {})).rejects.toThrow(ConfigurationError);
  });
});

describe('knowledgeBaseDir', () => {
  it('points at the bundled folder for each language and refuses others', () => {
    expect(knowledgeBaseDir('en')).toMatch(/assets[/\\]knowledge[/\\]after-sales[/\\]en$/);
    expect(knowledgeBaseDir('zh')).toMatch(/assets[/\\]knowledge[/\\]after-sales[/\\]zh$/);
    expect(knowledgeBaseDir()).toBe(knowledgeBaseDir('en'));
    expect(() => knowledgeBaseDir('de' as unknown as 'en')).toThrow(ConfigurationError);
  });
});
