/** The notes a write's result carries about dependencies, in the kit's language. */
import type { DependencyFacts } from '../../engine/operations/dependencies.js';
import type { Locale } from '../../locale/locale.js';

export function dependencyLines(locale: Locale, facts: DependencyFacts): string[] {
  const texts = locale.dependencies;
  const lines: string[] = [];
  if (facts.outOfOrder) lines.push(texts.outOfOrder(facts.outOfOrder));
  if (facts.detached) lines.push(texts.detached(facts.detached));
  if (facts.unblocked) lines.push(texts.unblocked(facts.unblocked));
  return lines;
}
