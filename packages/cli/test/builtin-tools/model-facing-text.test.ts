import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolDefinition } from 'plankeeper';
import { afterAll, describe, expect, it } from 'vitest';
import {
  knowledgeBaseDir,
  knowledgeSearchTool,
  shellTool,
  workspaceTools,
} from '../../src/builtin-tools/index.js';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function allTools(locale: 'en' | 'zh'): Promise<ToolDefinition[]> {
  const folder = await mkdtemp(join(tmpdir(), 'plankeeper-text-'));
  folders.push(folder);
  return [
    knowledgeSearchTool({ root: knowledgeBaseDir(locale), locale }),
    ...workspaceTools({ root: folder, locale }),
    shellTool({ cwd: folder, locale }),
  ];
}

describe('what the model sees of the built-in tools', () => {
  it.each(['en', 'zh'] as const)('names, descriptions and schemas in %s', async (locale) => {
    const tools = await allTools(locale);
    expect(
      tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
    ).toMatchSnapshot();
  });

  it('describes every tool in each language, with the same schema', async () => {
    const en = await allTools('en');
    const zh = await allTools('zh');
    expect(zh.map((tool) => tool.name)).toEqual(en.map((tool) => tool.name));
    en.forEach((tool, index) => {
      const other = zh[index]!;
      expect(tool.description).toMatch(/^[\x20-\x7e]+$/);
      expect(other.description).toMatch(/\p{Script=Han}/u);
      expect(other.inputSchema).toEqual(tool.inputSchema);
    });
  });
});
