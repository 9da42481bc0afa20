/**
 * The README's table of coding agents is the registry's (packages/cli/src/coding-agents/
 * registry.ts): an agent added there and not in the README, or the other way round, fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CODING_AGENTS } from '../../packages/cli/src/coding-agents/registry.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const HEADER = [
  'Coding agent',
  '`setup`, `hook`, `mcp --for`',
  "plankeeper's `todo_write` there",
  'Hook events',
];

/** What `node bench/run.mjs sessions` measures, per agent: the table the merged bench updates. */
const COST_HEADER = [
  'Coding agent',
  'Added per tool call, run 1 / run 2',
  'Added per session, run 1 / run 2',
  'Route',
  'Install ways',
];

/** The cells of the README's table whose header is `header` (the formatter pads them). */
function readmeTable(header: readonly string[] = HEADER): string[][] {
  const rows = readme
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  const start = rows.findIndex((cells) => cells.join('|') === header.join('|'));
  if (start < 0) return [];
  const body: string[][] = [];
  for (const cells of rows.slice(start + 2)) {
    if (cells.length !== header.length) break;
    body.push(cells);
  }
  return body;
}

describe('README: coding agents', () => {
  it('has the table of every registered coding agent, in the registry’s order', () => {
    expect(readmeTable()).toEqual(
      CODING_AGENTS.map((agent) => [
        agent.title,
        `\`${agent.name}\``,
        `\`${agent.planToolName}\``,
        agent.events.map((event) => `\`${event}\``).join(', '),
      ]),
    );
  });

  it('names them in the section heading, and one subsection each', () => {
    const titles = CODING_AGENTS.map((agent) => agent.title);
    expect(readme).toContain(`\n## Coding agents (${titles.join(', ')})\n`);
    const subsections = [...readme.matchAll(/^### (.+)$/gm)].map((match) => match[1]);
    for (const title of titles) expect(subsections).toContain(title);
  });

  it('has the cost table: one row per registered agent, a figure in ms per call and per session', () => {
    const rows = readmeTable(COST_HEADER);
    expect(rows.map(([title]) => title)).toEqual(CODING_AGENTS.map((agent) => agent.title));
    for (const [, perCall, perSession, route, ways] of rows) {
      // The figure of each run ("35.6 / −5.2 ms"; a negative one is the noise it was lost in).
      expect(perCall).toMatch(/^[-−]?[\d,.]+ \/ [-−]?[\d,.]+ ms$/);
      expect(perSession).toMatch(/^[-−]?[\d,.]+ \/ [-−]?[\d,.]+ ms$/);
      expect(route).not.toBe('');
      expect(ways).toBe('global, devDependency, npx');
    }
    expect(readme).toContain('`npm run bench -- sessions`');
  });
});
