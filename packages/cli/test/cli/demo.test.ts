import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

/**
 * Words of 4+ ASCII letters in a transcript, outside code: a tool call's JSON arguments,
 * file names, the <reminder> markup and the words below are not prose. Anything else is
 * English text that a Chinese run should have said in Chinese.
 */
function englishWords(transcript: string): string[] {
  const allowed = new Set(['todo_write', 'knowledge_search', 'Voltway']);
  const prose = transcript
    .replace(/^→ \S+ .*$/gm, '')
    .replace(/[\w.-]+\.md\b/g, '')
    .replace(/<\/?reminder>/g, '');
  return (prose.match(/[A-Za-z_]{4,}/g) ?? []).filter((word) => !allowed.has(word));
}

describe('plankeeper demo', () => {
  it('plans, searches, gets reminded, updates the plan and answers from the knowledge base', async () => {
    const { code, stdout, stderr } = await runCli(['demo']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    const at = (text: string) => lines.findIndex((line) => line.includes(text));
    // The order a user watches: plan, three searches, reminder, plan update, answer.
    const order = [
      at('- [>] #1 Look up the return policy for opened headphones'),
      at('→ knowledge_search query="return opened headphones" limit=2'),
      at('→ knowledge_search query="how to start a return" limit=2'),
      at('! reminder: 3 tool rounds without a todo list update.'),
      at('### Current todo list (2/3 completed)'),
      at('### Current todo list (3/3 completed)'),
      at('Answer:'),
    ];
    expect(order.every((index) => index >= 0)).toBe(true);
    // Arguments as name=value pairs, no markup meant for the model, no JSON cut mid-word.
    expect(lines).toContain('→ todo_write todos=[3 items]');
    expect(stdout).not.toContain('<reminder>');
    expect(stdout).not.toMatch(/→ .*\{"/);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Facts come from the bundled policy, with their sources.
    expect(stdout).toContain('can be returned within 14 days of delivery');
    expect(stdout).toContain('which is within the 14-day window for opened headphones');
    expect(stdout).toContain(
      '- returns-and-refunds.md § Returns and refunds > Opened headphones and earbuds',
    );
    // NO_COLOR: plain lines, no escape codes.
    expect(stdout).not.toContain('\u001b');
  });

  it('runs in Chinese', async () => {
    const { code, stdout } = await runCli(['demo', '--lang', 'zh']);
    expect(code).toBe(0);
    expect(stdout).toContain('顾客: 拆封的耳机还能退货吗？我是 10 天前买的。');
    expect(stdout).toContain('- [>] #1 查询拆封耳机退货条款');
    expect(stdout).toContain('自签收之日起 14 天内可以退货');
    expect(stdout).toContain('仍在已拆封耳机 14 天的退货期限内');
    // The whole transcript a person reads, harness messages and their labels included.
    await expect(stdout).toMatchFileSnapshot('__snapshots__/demo.zh.txt');
    expect(englishWords(stdout)).toEqual([]);
  });

  it('says the sources are insufficient when the search finds nothing, rather than inventing policy', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'plankeeper-kb-'));
    writeFileSync(
      join(folder, 'drones.md'),
      '# Drones\n\nDrone insurance covers crashes in the first year.\n',
    );
    const { code, stdout } = await runCli(['demo', '--knowledge', folder]);
    expect(code).toBe(0);
    expect(stdout).toContain(
      'I could not find our policy on returning opened headphones in the available sources',
    );
    expect(stdout).toContain('- [-] #3 Draft and check the answer with sources');
    expect(stdout).not.toMatch(/14 days|restocking/);
  });

  it('says so in Chinese too when the search finds nothing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'plankeeper-kb-'));
    writeFileSync(join(folder, 'drones.md'), '# 无人机\n\n无人机保险承保首年坠机。\n');
    const { code, stdout } = await runCli(['demo', '--lang', 'zh', '--knowledge', folder]);
    expect(code).toBe(0);
    expect(stdout).toContain('现有资料中没有找到拆封耳机退货的相关政策');
    expect(englishWords(stdout)).toEqual([]);
  });

  it('reports bad flags in one line with exit code 2', async () => {
    const result = await runCli(['demo', '--lang', 'fr']);
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toBe('plankeeper: --lang: "fr" is not supported; use en or zh.\n');
    const missing = await runCli(['demo', '--knowledge', '/nonexistent/folder']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/is not a folder/);
  });
});
