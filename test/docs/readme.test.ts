/**
 * The README's code is real code: every block marked `<!-- example: FILE -->` must equal
 * that file, which `tsc` type-checks with the rest of the project; the quickstart also
 * runs here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('starts with the two set-up commands', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock.split('\n')[0]).toMatch(/^npm ci && npm run demo\b/);
    expect(firstBlock.split('\n')[1]).toMatch(/^npm ci && npm test\b/);
  });

  const examples = [...readme.matchAll(/<!-- example: (\S+) -->\n```ts\n([\s\S]*?)```/g)];
  it('has examples', () => {
    expect(examples.length).toBeGreaterThan(0);
  });
  it.each(examples.map((match) => [match[1]!, match[2]!]))(
    'shows %s exactly as it is in the repository',
    (file, code) => {
      expect(code).toBe(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));
    },
  );

  it('the quickstart runs and does what its comments say', async () => {
    const lines: unknown[][] = [];
    const log = vi
      .spyOn(console, 'log')
      .mockImplementation((...args: unknown[]) => void lines.push(args));
    try {
      await import('../../examples/quickstart.js');
    } finally {
      log.mockRestore();
    }
    expect(lines[0]?.[0]).toBe(false);
    expect(String(lines[0]?.[1])).toMatch(/^Rejected; the todo list is unchanged\./);
    expect(lines[1]).toEqual(['Checked against your question: yes, within 14 days.']);
    expect(lines[2]).toEqual([[{ id: '1', content: 'Find the policy', status: 'completed' }]]);
  });
});
