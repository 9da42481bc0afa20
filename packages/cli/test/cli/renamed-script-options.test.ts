/**
 * Script options renamed in 0.3 (`lang` → `locale`, `preset` → `tools`) still work this
 * release: the run reads them and says once, on stderr, what they are called now.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

function scriptFile(options: Record<string, unknown>): string {
  const file = join(mkdtempSync(join(tmpdir(), 'plankeeper-script-')), 'script.json');
  // todos_add exists only in the granular family; its answer is in the script's language.
  const steps = [{ tool: 'todos_add', args: { todos: [{ content: 'Look it up' }] } }];
  writeFileSync(file, JSON.stringify({ task: 'Look it up', steps, options }));
  return file;
}

interface Report {
  messages: { role: string; content: string; ok?: boolean }[];
}

const toolAnswer = (stdout: string) =>
  (JSON.parse(stdout) as Report).messages.find((message) => message.role === 'tool');

describe('renamed script options', () => {
  it('options.locale and options.tools choose the language and the tool family, quietly', async () => {
    const { stdout, stderr } = await runCli([
      'run',
      '--script',
      scriptFile({ locale: 'zh', tools: 'granular' }),
      '--json',
    ]);
    expect(toolAnswer(stdout)).toMatchObject({ ok: true, content: '已添加 #1。' });
    expect(stderr).not.toContain('DeprecationWarning');
  });

  it('options.lang and options.preset still work, with one warning each', async () => {
    const { stdout, stderr } = await runCli([
      'run',
      '--script',
      scriptFile({ lang: 'zh', preset: 'granular' }),
      '--json',
    ]);
    expect(toolAnswer(stdout)).toMatchObject({ ok: true, content: '已添加 #1。' });
    expect(stderr.match(/'options\.lang' is renamed 'options\.locale'/g)).toHaveLength(1);
    expect(stderr.match(/'options\.preset' is renamed 'options\.tools'/g)).toHaveLength(1);
  });
});
