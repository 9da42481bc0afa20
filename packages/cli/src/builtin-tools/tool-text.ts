/**
 * Model-facing texts of the built-in tools come in both languages, kept beside each
 * tool: descriptions and every result and refusal. This picks one language and refuses
 * a language we do not have.
 */

import type { LocaleId } from 'plankeeper';
import { ConfigurationError } from 'plankeeper';

/** One description per language, written next to the tool that uses it. */
export type LocalizedText = Readonly<Record<LocaleId, string>>;

/** The texts for `locale` (default `en`); an unknown locale is a host mistake. */
export function localized<T>(texts: Readonly<Record<LocaleId, T>>, locale: LocaleId = 'en'): T {
  const value = (texts as Record<string, T | undefined>)[locale];
  if (value === undefined) {
    throw new ConfigurationError(`Unknown locale ${JSON.stringify(locale)}; use "en" or "zh".`);
  }
  return value;
}
