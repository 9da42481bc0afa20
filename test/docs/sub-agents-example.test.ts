/** The README's sub-agent example runs, and the parent reads what the README shows. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { delegateResearch } from '../../examples/sub-agents.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('examples/sub-agents.ts', () => {
  it("shows the parent the sub-agent's end and progress, as the README says", async () => {
    const { answer, afterResearch, plan } = await delegateResearch();
    expect(answer).toBe('Yes, within 14 days (clause 4.2).');
    expect(readme).toContain(`\`\`\`text\n${afterResearch}\n\`\`\``);
    expect(plan[0]).toMatchObject({
      status: 'completed',
      subAgent: { scope: 'research-1', ended: 'finished' },
    });
  });
});
