/**
 * An in-memory index over a folder of Markdown and text files, ranked with BM25: a
 * passage scores for each query term it contains, more for rare terms and for terms
 * repeated in a short passage. Headings are scored as fields of their own and added
 * on top: a section titled "Opened headphones" is about opened headphones, while one
 * that merely mentions them in passing is not. The section's own heading counts more
 * than the headings above it, which every sibling section shares: under "Shipping and
 * return shipping", "Return shipping costs" answers "return shipping costs" better than
 * "Delivery options and costs".
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { ConfigurationError } from 'plankeeper';
import { markdownPassages, type Passage, paragraphPassages } from './passages.js';
import { searchTerms } from './search-terms.js';

export interface KnowledgeHit {
  /** File path relative to the root, with forward slashes. */
  source: string;
  /** "Returns > Opened headphones"; empty for plain text. */
  heading: string;
  text: string;
  /** 1-based line of the passage in its file. */
  line: number;
  score: number;
}

export interface KnowledgeIndex {
  passageCount: number;
  fileCount: number;
  search(query: string, limit: number): KnowledgeHit[];
}

/** Term counts of one field of one passage. */
interface Field {
  counts: Map<string, number>;
  length: number;
}

interface IndexedPassage {
  source: string;
  passage: Passage;
  body: Field;
  /** The passage's own (innermost) heading. */
  heading: Field;
  /** The headings above it. */
  parents: Field;
}

const EXTENSIONS = new Set(['.md', '.markdown', '.txt']);
/** Files this large are not knowledge articles; skipping them keeps indexing quick. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const K1 = 1.2;
const B = 0.75;
/** How much a match in the passage's own heading counts next to a body match. */
const HEADING_WEIGHT = 1;
/** The same for the headings above it, shared with every sibling section. */
const PARENT_HEADING_WEIGHT = 0.4;
/** Hits scoring below this share of the best hit are noise next to it. */
const RELATIVE_FLOOR = 0.2;

export async function buildKnowledgeIndex(root: string): Promise<KnowledgeIndex> {
  const files = await listDocuments(root);
  const passages = await indexPassages(root, files);
  const documentFrequency = new Map<string, number>();
  for (const entry of passages) {
    const terms = new Set([
      ...entry.body.counts.keys(),
      ...entry.heading.counts.keys(),
      ...entry.parents.counts.keys(),
    ]);
    for (const term of terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const count = Math.max(1, passages.length);
  const averageBody = passages.reduce((sum, entry) => sum + entry.body.length, 0) / count;
  const averageHeading = passages.reduce((sum, entry) => sum + entry.heading.length, 0) / count;
  const averageParents = passages.reduce((sum, entry) => sum + entry.parents.length, 0) / count;
  const idf = (term: string) => {
    const frequency = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (passages.length - frequency + 0.5) / (frequency + 0.5));
  };

  return {
    passageCount: passages.length,
    fileCount: files.length,
    search(query, limit) {
      const queryTerms = [...new Set(searchTerms(query))].filter((term) =>
        documentFrequency.has(term),
      );
      if (queryTerms.length === 0) return [];
      const scored = passages
        .map((entry, order) => {
          let score = 0;
          for (const term of queryTerms) {
            const weight = idf(term);
            score += weight * saturate(entry.body, term, averageBody);
            score += HEADING_WEIGHT * weight * saturate(entry.heading, term, averageHeading);
            score += PARENT_HEADING_WEIGHT * weight * saturate(entry.parents, term, averageParents);
          }
          return { entry, order, score };
        })
        .filter((hit) => hit.score > 0)
        .sort((left, right) => right.score - left.score || left.order - right.order);
      const best = scored[0]?.score ?? 0;
      return scored
        .filter((hit) => hit.score >= best * RELATIVE_FLOOR)
        .slice(0, limit)
        .map(({ entry, score }) => ({
          source: entry.source,
          heading: entry.passage.headings.join(' > '),
          text: entry.passage.text,
          line: entry.passage.line,
          score: Math.round(score * 1000) / 1000,
        }));
    },
  };
}

/** Every passage of every file, with its body and headings counted as search fields. */
async function indexPassages(root: string, files: readonly string[]): Promise<IndexedPassage[]> {
  const passages: IndexedPassage[] = [];
  for (const file of files) {
    const content = await readFile(file, 'utf8');
    const source = relative(root, file).split(sep).join('/');
    const split = extname(file).toLowerCase() === '.txt' ? paragraphPassages : markdownPassages;
    for (const passage of split(content)) {
      passages.push({
        source,
        passage,
        body: field(searchTerms(passage.text)),
        heading: field(searchTerms(passage.headings.at(-1) ?? '')),
        parents: field(searchTerms(passage.headings.slice(0, -1).join('\n'))),
      });
    }
  }
  return passages;
}

function field(terms: readonly string[]): Field {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { counts, length: terms.length };
}

/** BM25's term-frequency part: repeats help less and less, long fields count less. */
function saturate(field: Field, term: string, averageLength: number): number {
  const frequency = field.counts.get(term);
  if (!frequency) return 0;
  const norm = K1 * (1 - B + (B * field.length) / Math.max(1, averageLength));
  return (frequency * (K1 + 1)) / (frequency + norm);
}

/** Every document under `root`, sorted so results are the same on every machine. */
async function listDocuments(root: string): Promise<string[]> {
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new ConfigurationError(
      `knowledgeSearchTool: root ${JSON.stringify(root)} is not a directory. Pass the folder that holds the .md, .markdown or .txt files.`,
    );
  }
  const found: string[] = [];
  const walk = async (directory: string) => {
    const entries: Dirent[] = await readdir(directory, { withFileTypes: true });
    entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    for (const entry of entries) {
      // Hidden folders (.git) and dependencies are never knowledge; symlinks are not
      // followed, so a link cannot pull in files from elsewhere or loop forever.
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(directory, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile() && EXTENSIONS.has(extname(entry.name).toLowerCase())) {
        if ((await stat(path)).size <= MAX_FILE_BYTES) found.push(path);
      }
    }
  };
  await walk(root);
  return found;
}
