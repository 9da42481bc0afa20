/**
 * `knowledge_search`: finds the passages of a local knowledge base that best match a
 * question, with the file and heading each came from so the answer can cite them.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { LocaleId, ToolDefinition } from 'plankeeper';
import { ConfigurationError } from 'plankeeper';
import { toJsonSchema, validateInput } from 'plankeeper/tools';
import { z } from 'zod';
import { rejectArguments } from '../rejection.js';
import { localized } from '../tool-text.js';
import { buildKnowledgeIndex, type KnowledgeHit, type KnowledgeIndex } from './knowledge-index.js';
import { KNOWLEDGE_SEARCH_TEXTS } from './knowledge-search-texts.js';

const NAME = 'knowledge_search';

export interface KnowledgeSearchOptions {
  /** Folder of .md, .markdown and .txt files, searched recursively. */
  root: string;
  /** Language of the tool description and results. Default `en`. */
  locale?: LocaleId;
  /** Most passages one call returns; the model's `limit` can only lower it. Default 5. */
  maxResults?: number;
}

/** Results the model sees are cut here; the full passage stays in `data`. */
const MAX_PASSAGE_TEXT = 1200;

/**
 * @example
 * const search = knowledgeSearchTool({ root: knowledgeBaseDir('en') });
 * await search.execute({ query: 'return opened headphones' }, {});
 */
export function knowledgeSearchTool(options: KnowledgeSearchOptions): ToolDefinition {
  const root = resolve(options.root);
  const maxResults = options.maxResults ?? 5;
  if (!Number.isInteger(maxResults) || maxResults < 1) {
    throw new ConfigurationError(
      `knowledgeSearchTool: maxResults must be a positive integer, got ${maxResults}.`,
    );
  }
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigurationError(
      `knowledgeSearchTool: root ${JSON.stringify(root)} is not a directory. Pass the folder that holds the .md, .markdown or .txt files.`,
    );
  }
  const texts = localized(KNOWLEDGE_SEARCH_TEXTS, options.locale);
  const schema = z.strictObject({
    query: z.string().trim().min(1).max(1000),
    limit: z.number().int().min(1).optional(),
  });
  // Built on the first call and shared by every later one, including concurrent ones;
  // a failed build is forgotten so the next call can try again.
  let index: Promise<KnowledgeIndex> | undefined;
  const loadIndex = () => {
    index ??= buildKnowledgeIndex(root).catch((error: unknown) => {
      index = undefined;
      throw error;
    });
    return index;
  };

  return {
    name: NAME,
    description: texts.description,
    inputSchema: toJsonSchema(schema),
    async execute(args) {
      const input = validateInput(schema, args);
      if (!input.ok) return rejectArguments(NAME, input.issues, args, options.locale);
      const { query } = input.value;
      const limit = Math.min(input.value.limit ?? maxResults, maxResults);
      const hits = (await loadIndex()).search(query, limit);
      if (hits.length === 0) {
        return {
          ok: true,
          text: texts.noResults(query),
          data: { query, results: [] },
          title: texts.noResultsTitle,
        };
      }
      return {
        ok: true,
        text: [texts.found(hits.length, query), ...hits.map(formatHit)].join('\n\n'),
        data: { query, results: hits },
        title: texts.foundTitle(hits.length),
      };
    },
  };
}

function formatHit(hit: KnowledgeHit, index: number): string {
  const where = hit.heading === '' ? hit.source : `${hit.source} § ${hit.heading}`;
  const text =
    hit.text.length > MAX_PASSAGE_TEXT ? `${hit.text.slice(0, MAX_PASSAGE_TEXT)} […]` : hit.text;
  return `[${index + 1}] ${where}\n${text}`;
}
