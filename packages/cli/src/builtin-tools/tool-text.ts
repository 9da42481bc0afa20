/**
 * Model-facing descriptions of the built-in tools come in both languages, kept beside
 * each tool; this picks one and refuses a language we do not have.
 */

import type { LocaleId } from 'plankeeper';
import { ConfigurationError } from 'plankeeper';

/** One description per language, written next to the tool that uses it. */
export type LocalizedText = Readonly<Record<LocaleId, string>>;

/** The text for `locale` (default `en`); an unknown locale is a host mistake. */
export function localized(text: LocalizedText, locale: LocaleId = 'en'): string {
  const value = (text as Record<string, string | undefined>)[locale];
  if (value === undefined) {
    throw new ConfigurationError(`Unknown locale ${JSON.stringify(locale)}; use "en" or "zh".`);
  }
  return value;
}
