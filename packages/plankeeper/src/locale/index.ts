import { ConfigurationError } from '../engine/errors.js';
import { en } from './en.js';
import type { Locale, LocaleId } from './locale.js';
import { zh } from './zh.js';

export type { Locale, LocaleId } from './locale.js';
export { LOCALE_IDS } from './locale.js';

const locales: Record<LocaleId, Locale> = { en, zh };

/** The strings for a language; `en` when none is given. */
export function getLocale(id: LocaleId = 'en'): Locale {
  const locale = locales[id];
  if (!locale)
    throw new ConfigurationError(`Unknown locale ${JSON.stringify(id)}; use "en" or "zh".`);
  return locale;
}
