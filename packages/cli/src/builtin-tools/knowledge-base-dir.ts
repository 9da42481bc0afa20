/**
 * Where the bundled after-sales knowledge base lives. Resolved from this module's own
 * URL: src/tools/builtin/ (under vitest) and dist/tools/builtin/ (after a build) are both
 * three levels below the package root, where assets/ sits.
 */
import { fileURLToPath } from 'node:url';
import type { LocaleId } from 'plankeeper';
import { ConfigurationError } from 'plankeeper';

const LANGUAGES: readonly LocaleId[] = ['en', 'zh'];

/**
 * The folder of the bundled after-sales policy documents in one language.
 *
 * @example
 * knowledgeSearchTool({ root: knowledgeBaseDir('zh'), locale: 'zh' });
 */
export function knowledgeBaseDir(locale: LocaleId = 'en'): string {
  if (!LANGUAGES.includes(locale)) {
    throw new ConfigurationError(
      `knowledgeBaseDir: no bundled knowledge base for ${JSON.stringify(locale)}; use "en" or "zh".`,
    );
  }
  return fileURLToPath(new URL(`../../assets/knowledge/after-sales/${locale}`, import.meta.url));
}
