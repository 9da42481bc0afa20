/** What `knowledge_search` tells the model, per language. */
const en = {
  description:
    'Search the knowledge base for passages relevant to a question. Returns the best-matching passages, each with its source file and section heading. Base your answer on these passages and cite the source; if nothing relevant is found, say the available sources do not cover it instead of guessing.',
  noResults: (query: string) =>
    `No relevant passages found for ${JSON.stringify(query)}. The knowledge base does not cover this as asked: try other keywords, or tell the user the available sources are insufficient rather than guessing.`,
  found: (count: number, query: string) =>
    `${count} passage${count === 1 ? '' : 's'} for ${JSON.stringify(query)}, best first. Cite the source of what you use.`,
  noResultsTitle: 'knowledge_search: no results',
  foundTitle: (count: number) => `knowledge_search: ${count} result${count === 1 ? '' : 's'}`,
};

const zh: typeof en = {
  description:
    '在知识库中检索与问题相关的段落。返回最匹配的若干段落，并注明来源文件和章节标题。请依据这些段落作答并注明出处；若没有找到相关内容，应说明现有资料不足，不要猜测。',
  noResults: (query) =>
    `没有找到与 ${JSON.stringify(query)} 相关的段落。知识库没有按这种问法涵盖该内容：请换用其他关键词，或如实告诉用户现有资料不足，不要猜测。`,
  found: (count, query) =>
    `与 ${JSON.stringify(query)} 相关的段落 ${count} 个，最相关的在前。请注明所用内容的出处。`,
  noResultsTitle: 'knowledge_search: 无结果',
  foundTitle: (count) => `knowledge_search: ${count} 个结果`,
};

export const KNOWLEDGE_SEARCH_TEXTS = { en, zh };
